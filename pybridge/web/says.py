"""A message about a scenario, as the page says it: the command line's one-line message without
the file name (the page has no file: the board is its JSON form) and with the scenario file's
table names in the words the page uses for them ("the lasting effect 1", not "[[effect]]"), as a
sentence.  The message itself comes from the reader or the rules, unchanged in meaning."""
from __future__ import annotations

import re

from pybridge.contract.scenario import TABLES

PAGE_NAMES = {"permanent": "permanent on the board", "effect": "lasting effect",
              "card": "card in a zone", "event": "event", "ask": "question", "game": "game"}
FILE_PREFIX = re.compile(r"^[^:\s]*\.(json|toml): (line \d+: )?")
WHERE = [(re.compile(r"^permanent '([^']*)': "), r"The permanent \1: "),
         (re.compile(r"^effect (\d+): "), r"Lasting effect \1: "),
         (re.compile(r"^card '([^']*)': "), r"The card \1: "),
         (re.compile(r"^event (\d+): "), r"Event \1: "),
         (re.compile(r"^ask (\d+): "), r"Question \1: ")]
PHRASES = (("goes in a [[permanent]] table", "goes on the board"),
           ("an [[effect]] is the lasting effect of", "a lasting effect is what is left of"))
TABLE = re.compile(r"an? \[\[(\w+)\]\]( table)?|\[\[(\w+)\]\]( table)?|\[(\w+)\]( table)?")
SETTING = re.compile(r"\(?(\w+) = \.\.\.\)?")


KEYS = frozenset(name for table in TABLES for name in table.names)


def _table(match: re.Match) -> str:
    name = match.group(1) or match.group(3) or match.group(5)
    words = PAGE_NAMES.get(name, name.replace("_", " "))
    if match.group(0).startswith(("a ", "an ")):
        return ("an " if words[0] in "aeiou" else "a ") + words
    return words


def page_sentence(message: str) -> str:
    """The message as a sentence on the page."""
    text = FILE_PREFIX.sub("", message.strip(), count=1)
    for pattern, replacement in WHERE:
        text = pattern.sub(replacement, text, count=1)
    for phrase, words in PHRASES:
        text = text.replace(phrase, words)
    text = TABLE.sub(_table, text)
    text = SETTING.sub(lambda m: f"(set “{m.group(1).replace('_', ' ')}”)"
                       if m.group(0).startswith("(") else f"“{m.group(1).replace('_', ' ')}”", text)
    first = re.match(r"^(\w+) (must|is|names|needs|can't)\b", text)
    if first and first.group(1) in KEYS:
        text = f"The field “{first.group(1).replace('_', ' ')}” " + text[len(first.group(1)) + 1:]
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."
