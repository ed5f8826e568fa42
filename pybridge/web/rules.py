"""The Comprehensive Rules text, parsed once, looked up by rule number (for the page's links)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

# "100." (a section), "100.1." (a rule), "100.1a" (a subrule), then the text.
RULE_LINE = re.compile(r"(\d{3})(?:\.(\d+)([a-z]?))?\.? (.+)")
RULE_NUMBER = re.compile(r"\d{3}(\.\d{1,3}[a-z]?)?\Z")


@dataclass
class Rule:
    number: str
    text: str
    examples: list[str] = field(default_factory=list)
    subrules: list[str] = field(default_factory=list)   # numbers of the rules directly under it

    def json(self, index: dict[str, "Rule"]) -> dict:
        return {"number": self.number, "text": self.text, "examples": self.examples,
                "subrules": [{"number": n, "text": index[n].text} for n in self.subrules]}


def _parent(number: str) -> str | None:
    """616.1e -> 616.1, 616.1 -> 616, 616 -> None."""
    if number[-1].isalpha():
        return number[:-1]
    if "." in number:
        return number.split(".")[0]
    return None


def parse_rules(text: str) -> dict[str, Rule]:
    """Every numbered rule of the text; an "Example:" paragraph belongs to the rule above it.
    The table of contents (section titles before the first rule) and the glossary are left out."""
    rules: dict[str, Rule] = {}
    started = False
    last: Rule | None = None
    for line in text.splitlines():
        line = line.strip().lstrip("\ufeff")
        if not line:
            continue
        if line.startswith("100.1. "):
            started = True
        if not started:
            continue
        if line == "Glossary":
            break
        match = RULE_LINE.match(line)
        if match and (match.group(2) is not None or line[3] == "."):
            section, minor, letter, body = match.groups()
            number = section if minor is None else f"{section}.{minor}{letter}"
            if number not in rules:
                last = rules[number] = Rule(number, body.strip())
                parent = _parent(number)
                if parent in rules:
                    rules[parent].subrules.append(number)
            continue
        if last is not None and line.startswith("Example:"):
            last.examples.append(line)
    # Section titles ("616. Interaction of ...") appear only in the contents, before 100.1.
    for line in text.splitlines():
        match = re.match(r"(\d{3})\. (.+)", line.strip())
        if match and match.group(1) not in rules:
            rules[match.group(1)] = Rule(match.group(1), match.group(2).strip())
    for number, rule in rules.items():
        parent = _parent(number)
        if parent in rules and number not in rules[parent].subrules:
            rules[parent].subrules.append(number)
    return rules


@lru_cache(maxsize=1)
def rules_index() -> dict[str, Rule]:
    text = (resources.files("pybridge.data") / "MagicCompRules.txt").read_text(encoding="utf-8")
    return parse_rules(text)


def lookup(number: str) -> dict | None:
    """The rule's text, examples and direct subrules, or None for a number that isn't a rule."""
    if not RULE_NUMBER.match(number):
        return None
    index = rules_index()
    rule = index.get(number)
    return rule.json(index) if rule else None
