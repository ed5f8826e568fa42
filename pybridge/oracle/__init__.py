"""The Oracle compiler: card text to the rules' fact vocabulary (a lark grammar, oracle.lark).

Importing the package registers the compiler as the first source of pybridge.cards.coverage, so
`mtgasp cards NAME` and `mtgasp cards --coverage` report what each ability compiled to.
"""
from pybridge.oracle import coverage_source  # noqa: F401  (registers itself)
