"""The Oracle compiler: card text to the rules' fact vocabulary (a lark grammar, oracle.lark).

`coverage_source` registers the compiler as the first source of pybridge.cards.coverage, which
imports it when a coverage report is first asked for (`mtgasp cards NAME`, `mtgasp cards
--coverage`): answering a question imports neither.
"""
