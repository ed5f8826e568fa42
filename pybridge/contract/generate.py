"""Writes the files derived from the contracts.  From the scenario contract
(pybridge/contract/scenario/): the #defined block of the scenario's inputs,
asp/vocabulary/scenario.lp, and the key tables of docs/scenario-format.md between their markers
(tests/test_contract.py keeps both current).  From the card vocabulary
(pybridge/contract/vocabulary.py): asp/vocabulary/cards.lp, asp/vocabulary/derived.lp and
docs/card-vocabulary.md (tests/test_vocabulary_contract.py keeps them current).
From the question kinds (pybridge/contract/kinds.py): the question table of
docs/scenario-format.md.  `python -m pybridge.contract.generate` writes them all."""
from __future__ import annotations

import re
import sys
from pathlib import Path

from pybridge.contract.kinds import ABILITY_CLASSES, EVENT_BEARS, KEYWORD_CLASSES, KIND_DECLS, SELF_ONLY
from pybridge.contract.scenario import CARD, EFFECT, EVENT, GAME, PERMANENT, TOP, Table, input_facts
from pybridge.contract.vocabulary import ABILITY, CARD_VOCABULARY, DERIVED

ROOT = Path(__file__).resolve().parents[2]
INPUTS_LP = ROOT / "asp" / "vocabulary" / "scenario.lp"
FORMAT_MD = ROOT / "docs" / "scenario-format.md"
CARDS_LP = ROOT / "asp" / "vocabulary" / "cards.lp"
DERIVED_LP = ROOT / "asp" / "vocabulary" / "derived.lp"
ABILITY_TERMS_LP = ROOT / "asp" / "slicing" / "ability_terms.lp"
VOCABULARY_MD = ROOT / "docs" / "card-vocabulary.md"
_SOURCE = "pybridge/contract/vocabulary.py"
_KEPT = "do not edit (tests/test_vocabulary_contract.py keeps it current)."


def inputs_program() -> str:
    lines = ["% The scenario's facts: every input the rules read, each #defined since a scenario may",
             "% give none of it.  Generated from pybridge/contract/scenario/ by `python -m pybridge.contract.generate`;",
             "% do not edit (tests/test_contract.py keeps it current).", ""]
    seen: set[str] = set()
    section = None
    for signature, shape, table in input_facts():
        if table != section:
            section = table
            lines.append(f"% --- {'[game]' if table == 'game' else '[[' + table + ']]'} ---")
        if signature not in seen:
            seen.add(signature)
            lines.append(f"#defined {signature}.".ljust(40) + f"% {shape}")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def key_table(table: Table) -> str:
    rows = ["| key | type | default | meaning | facts |", "| --- | --- | --- | --- | --- |"]
    for key in table.keys:
        shown = {"table": f"[{key.name}]", "tables": f"[[{key.name}]]"}.get(key.type, key.name)
        facts = ", ".join(f"`{_cell(f)}`" for f in key.facts)
        rows.append(f"| `{shown}` | {key.type} | {key.default} | {key.doc} | {facts} |")
    return "\n".join(rows)


def _marker(table: Table) -> str:
    return table.name or "top"


def kinds_table() -> str:
    rows = ["| question | options | answer and `expect` syntax |", "| --- | --- | --- |"]
    for kind in KIND_DECLS:
        asked = f"`{kind.name} = {'PLAYER' if kind.target == 'player' else 'ID'}`"
        options = ", ".join(_cell(o.doc) for o in kind.options)
        rows.append(f"| {asked} | {options + ' ' if options else ''}| {_cell(kind.answer_doc)} |")
    return "\n".join(rows)


def relevance_table() -> str:
    """The relevance rule (issue 30): the classes of ability text, then which bear on each
    question and each event."""
    def names(classes) -> str:
        return ", ".join(f"`{c}`" for c in classes) or "none"

    rows = ["| class | the ability text in it | keywords |", "| --- | --- | --- |"]
    for cls in ABILITY_CLASSES:
        keywords = sorted(k.title() for k, c in KEYWORD_CLASSES.items() if c == cls.name)
        rows.append(f"| `{cls.name}` | {_cell(cls.doc)} | {', '.join(keywords)} |")
    rows += ["", "| question or event | of any permanent | of the asked permanent besides | "
             "of a face-down asked permanent's card |", "| --- | --- | --- | --- |"]
    for kind in KIND_DECLS:
        b = kind.bears
        rows.append(f"| `{kind.name}` | {names(b.board)} | {names(b.asked)} | {names(b.hidden)} |")
    for event, classes in EVENT_BEARS.items():
        rows.append(f"| event `{event}` | {names(classes)} (also of what it moves) | | |")
    rows += ["", f"A rule of {names(SELF_ONLY)} whose subject is its own object (\"~ can't "
             "block\") bears only on answers about that object, one whose subject is its host "
             "(\"Enchanted creature can't block\") only on answers about the host."]
    return "\n".join(rows)


def _replace_between(text: str, marker: str, body: str) -> str:
    begin = f"<!-- {marker} (generated: python -m pybridge.contract.generate) -->"
    end = f"<!-- /{marker} -->"
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise ValueError(f"{FORMAT_MD}: no markers for the {marker} table")
    return pattern.sub(lambda _m: f"{begin}\n{body}\n{end}", text)


def format_document(text: str) -> str:
    """docs/scenario-format.md with each generated table replaced between its markers."""
    for table in (TOP, GAME, PERMANENT, EFFECT, CARD, EVENT):
        text = _replace_between(text, f"keys:{_marker(table)}", key_table(table))
    text = _replace_between(text, "relevance", relevance_table())
    return _replace_between(text, "kinds", kinds_table())


def cards_program() -> str:
    # Shapes only, no prose: docs/RULES.md cites every rule number in asp/ (comprules/index.py),
    # and a generated declaration is no rule's place.
    lines = ["% The card vocabulary: every predicate the Oracle compiler (pybridge/oracle/), a hand",
             "% encoding (asp/cards/) or the card pool's printed facts (pybridge/cards/printed.py) may",
             "% state facts in, each #defined since a scenario's cards may give none of it.",
             f"% Generated from {_SOURCE} by `python -m pybridge.contract.generate`;",
             f"% {_KEPT}", "% What each means: docs/card-vocabulary.md.", ""]
    group = None
    for predicate in CARD_VOCABULARY:
        if predicate.group != group:
            group = predicate.group
            lines.append(f"% --- {group} ---")
        lines.append(f"#defined {predicate.signature}.".ljust(44) + f"% {predicate.shape}")
    return "\n".join(lines) + "\n"


def derived_program() -> str:
    lines = ["% Derived predicates #defined all the same: some loading of the programs has a rule that",
             "% reads one and none that derives it (asp/explain/ is loaded a kind at a time, on request).",
             f"% Generated from DERIVED in {_SOURCE} by `python -m pybridge.contract.generate`;",
             f"% {_KEPT}", ""]
    for predicate in DERIVED:
        lines += [f"% {predicate.reason}", f"#defined {predicate.signature}."]
    return "\n".join(lines) + "\n"


def ability_terms_program() -> str:
    """ability_term(Ab,Name) for every fact the vocabulary states about an ability: which terms an
    ability is compiled into, for a rule that asks what an ability may look at (asp/slicing/slice.lp)."""
    lines = ["% Which terms of the card vocabulary each ability is compiled into: ability_term(Ab,Name)",
             "% for every fact Name(Ab,...) the vocabulary keys by an ability.",
             f"% Generated from {_SOURCE} by `python -m pybridge.contract.generate`;",
             f"% {_KEPT}", ""]
    for predicate in CARD_VOCABULARY:
        if predicate.keyed_by == ABILITY:
            rest = "".join(",_" for _ in predicate.args[1:])
            lines.append(f"ability_term(A,{predicate.name}) :- {predicate.name}(A{rest}).")
    return "\n".join(lines) + "\n"


def vocabulary_document() -> str:
    """docs/card-vocabulary.md: a table per group of the card vocabulary, and the derived ones."""
    lines = ["# The card vocabulary", "",
             f"Generated from `{_SOURCE}` by `python -m pybridge.contract.generate`; do not edit.",
             "Every predicate the Oracle compiler, a hand encoding (`asp/cards/`) or the card pool's",
             "printed facts may state facts in; `asp/vocabulary/cards.lp` #defines each.",
             "*hand wins*: a hand fact in it about an ability replaces the compiler's facts about",
             "that ability; *hand copy wins*: keyed by the card, a card `asp/cards/copy.lp` encodes",
             "gets none of the compiler's facts in it."]
    group = None
    for predicate in CARD_VOCABULARY:
        if predicate.group != group:
            group = predicate.group
            lines += ["", f"## {group}", "", "| predicate | arguments | keyed by | meaning | flags |",
                      "| --- | --- | --- | --- | --- |"]
        flags = ", ".join(flag for flag, on in (("hand wins", predicate.replaces_compiled),
                                                ("hand copy wins", predicate.copy_keyed),
                                                (f"unread: {predicate.unread}", predicate.unread))
                          if on)
        lines.append(f"| `{predicate.signature}` | `{_cell(predicate.shape)}` | {predicate.keyed_by} "
                     f"| {_cell(predicate.doc)} | {flags} |")
    lines += ["", "## Derived, #defined all the same (`asp/vocabulary/derived.lp`)", "",
              "| predicate | why |", "| --- | --- |"]
    lines += [f"| `{p.signature}` | {_cell(p.reason)} |" for p in DERIVED]
    return "\n".join(lines) + "\n"


def generated() -> dict[Path, str]:
    """Each generated file and its text."""
    return {INPUTS_LP: inputs_program(),
            FORMAT_MD: format_document(FORMAT_MD.read_text(encoding="utf-8")),
            CARDS_LP: cards_program(), DERIVED_LP: derived_program(),
            ABILITY_TERMS_LP: ability_terms_program(),
            VOCABULARY_MD: vocabulary_document()}


def main() -> int:
    for path, text in generated().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
