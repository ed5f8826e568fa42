"""The rules a scenario can use: the program less every rule that can never fire on its facts.

Grounding costs time for every rule of the program, whether or not anything matches it, and most
of the program is about things a small scenario doesn't have (events, copies, face-down
permanents, replacement effects, ...).  A rule can fire only if each predicate of its positive
body literals can hold: one that occurs in no fact and in the head of no rule that can fire is
empty in every answer set, and so is every rule that needs it.  `RuleIndex.select` finds the
predicates that can hold, as the least fixpoint from the facts' predicates (the scenario's and
the programs' own), and keeps the rules whose positive body predicates all can; what it drops
derives nothing, so the answer sets are those of the whole program.  Only positive, plain
literals count as a need; negated ones, comparisons, aggregates and conditional literals never
do, and a head this reading doesn't recognise keeps the whole program (nothing is dropped).
Every predicate a dropped rule would derive is declared `#defined`, so clingo's warnings stay as
they are for the whole program.

The decision is made from predicate names alone, in this one place: no file or rule lists what
it needs, and a new rule is selected by the same test as the others.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from clingo import ast

Signature = tuple[str, int]
# A predicate's name (rule 2.4 of the clingo guide: an identifier starting in lower case).
NAME = re.compile(r"_*[a-z][A-Za-z0-9_']*\Z")
OPENING, CLOSING = "({[", ")}]"


@dataclass(frozen=True)
class _Rule:
    position: int                  # in the statement list
    heads: frozenset[Signature]
    needs: frozenset[Signature]    # predicates of its positive plain body literals


# --- reading a rule ---
# The rules are read from clingo's own printing of each one (str of the AST node: one call into
# clingo per rule, where walking the node costs one per attribute and is ten times slower).  The
# printing is normal: body literals apart by "; ", a condition after ": ", strings in quotes.
# What the reading looks at: a string (skipped whole), a bracket, a separator or an operator.
TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[(){}\[\];:,=<>!]')
# Directives that derive nothing and keep their place; any other one keeps the whole program.
DIRECTIVES = ("#program", "#defined", "#show", "#const")


def _tokens(text: str) -> list[tuple[int, str, int]]:
    """(index, character, depth) of the brackets, separators and operators outside strings; a
    bracket has the depth outside it."""
    out, depth = [], 0
    for match in TOKEN.finditer(text):
        char = match.group()
        if char[0] == '"':
            continue
        if char in OPENING:
            out.append((match.start(), char, depth))
            depth += 1
        elif char in CLOSING:
            depth -= 1
            out.append((match.start(), char, depth))
        else:
            out.append((match.start(), char, depth))
    return out


def _atom(text: str, tokens, start: int, end: int, depth: int) -> set[Signature] | None:
    """The predicates of the atom text[start:end] (p, p(...), or a pool p(...;...)) at depth;
    None for any other text."""
    inner = [t for t in tokens if start <= t[0] < end]
    opening = next((t for t in inner if t[2] == depth), None)
    if opening is None:
        name = text[start:end].strip()
        return {(name, 0)} if NAME.match(name) else None
    name = text[start:opening[0]].strip()
    closing = next((t for t in inner if t[2] == depth and t[1] == ")" and t[0] > opening[0]), None)
    if (not NAME.match(name) or opening[1] != "(" or closing is None
            or text[closing[0] + 1:end].strip()):
        return None
    arities, arity = set(), 1
    for index, char, level in inner:
        if level == depth + 1 and opening[0] < index < closing[0]:
            if char == ",":
                arity += 1
            elif char == ";":
                arities.add(arity)
                arity = 1
    arities.add(arity)
    return {(name, n) for n in arities}


def _pieces(tokens, start: int, end: int, depth: int, separator: str) -> list[tuple[int, int]]:
    """The spans of text[start:end] between separators at depth."""
    spans, begin = [], start
    for index, char, level in tokens:
        if start <= index < end and level == depth and char == separator:
            spans.append((begin, index))
            begin = index + 1
    spans.append((begin, end))
    return spans


def _read_rule(text: str) -> tuple[set[Signature] | None, set[Signature]]:
    """(what the rule derives, what it needs) from its printing "HEAD :- BODY." or "HEAD.":
    None for a head not read here.  A need is a positive plain body literal's predicate (not:
    negated literals, conditional literals, comparisons, aggregates)."""
    end = text.rstrip().rstrip(".")
    end = len(end)
    tokens = _tokens(text[:end])
    cut = next((i for i, c, d in tokens if d == 0 and c == ":" and text[i + 1:i + 2] == "-"), end)
    head_end = cut
    head_text = text[:head_end].strip()
    braces = [t for t in tokens if t[0] < head_end and t[2] == 0 and t[1] in "{}"]
    if head_text in ("", "#false"):                   # a constraint derives nothing
        heads: set[Signature] | None = set()
    elif braces:                                      # a choice: L <= { a: c; ... } <= U
        heads = set()
        for begin, stop in _pieces(tokens, braces[0][0] + 1, braces[-1][0], 1, ";"):
            atom_end = next((i for i, c, d in tokens if begin <= i < stop and d == 1 and c == ":"),
                            stop)
            part = _atom(text, tokens, begin, atom_end, 1)
            if part is None:
                heads = None
                break
            heads |= part
    else:
        heads = _atom(text, tokens, 0, head_end, 0)
    needs: set[Signature] = set()
    if cut < end:
        for begin, stop in _pieces(tokens, cut + 2, end, 0, ";"):
            literal = text[begin:stop].strip()
            if literal.startswith(("not ", "#", "-")):
                continue
            if any(begin <= i < stop and d == 0 and c in "=<>!:" for i, c, d in tokens):
                continue
            found = _atom(text, tokens, begin, stop, 0)
            if found is not None and len(found) == 1:
                needs |= found
    return heads, needs


class RuleIndex:
    """The statements of a program (comments left out) and, for each rule, what it derives and
    what it needs; built once per parse."""

    def __init__(self, statements: list[ast.AST]) -> None:
        self.statements: list[ast.AST] = []
        self.rules: list[_Rule] = []
        self.readable = True         # every statement read (else nothing is dropped)
        for statement in statements:
            text = str(statement)
            if text.startswith("%"):                  # a comment
                continue
            if text.startswith("#") and not text.startswith("#false"):
                if not text.startswith(DIRECTIVES):
                    self.readable = False
            else:
                heads, needs = _read_rule(text)
                if heads is None:
                    self.readable = False
                    heads = set()
                self.rules.append(_Rule(len(self.statements), frozenset(heads), frozenset(needs)))
            self.statements.append(statement)
        self._waiting: dict[Signature, list[int]] = {}
        for number, rule in enumerate(self.rules):
            for need in rule.needs:
                self._waiting.setdefault(need, []).append(number)

    def can_hold(self, present: set[Signature]) -> set[Signature]:
        """The predicates that can hold given facts of the present ones: the least fixpoint."""
        holding = set(present)
        missing = [len(rule.needs) for rule in self.rules]
        queue = list(holding)
        # Rules that need nothing fire from the start (facts of the programs among them).
        for number, rule in enumerate(self.rules):
            if not rule.needs:
                queue.extend(h for h in rule.heads if h not in holding)
                holding |= rule.heads
        while queue:
            signature = queue.pop()
            for number in self._waiting.get(signature, ()):
                missing[number] -= 1
                if missing[number] == 0:
                    for head in self.rules[number].heads:
                        if head not in holding:
                            holding.add(head)
                            queue.append(head)
        return holding

    def select(self, present: set[Signature]) -> list[ast.AST]:
        """The statements to ground for facts of the present predicates: every statement but the
        rules that can't fire, and `#defined` for what those would derive."""
        if not self.readable:
            return self.statements
        holding = self.can_hold(present)
        dropped = {rule.position for rule in self.rules if not rule.needs <= holding}
        if not dropped:
            return self.statements
        kept = [s for position, s in enumerate(self.statements) if position not in dropped]
        # Every predicate a dropped rule derives, even one that other rules derive too: clingo
        # warns of a body atom that no head could match, argument by argument.
        undefined = sorted({head for rule in self.rules if rule.position in dropped
                            for head in rule.heads})
        location = self.statements[0].location
        return [*kept, ast.Program(location, "base", []),
                *(ast.Defined(location, name, arity, True) for name, arity in undefined)]
