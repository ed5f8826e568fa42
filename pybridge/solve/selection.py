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

One more thing is left out before that fixpoint: the hand encodings of cards the scenario doesn't
use.  A fact of a card file (asp/cards/, given as `card_files`) is keyed by a card when the card's
name is its first argument or the face of an ability term, `ab(Card,I)` or `grant(Card,I)` (the
convention of asp/cards/), and the name is one of the card pool's.  It is about that card, as the
scenario's printed and compiled facts are about the scenario's own cards (those are made for them
only, pybridge/read/facts.py).  A keyed fact is kept when one of its cards is named by the scenario's
facts, or by a card fact kept already (a card a kept card's encoding names); then every string it
names counts as named.  The others are dropped as if the library did not have those cards, and
with them the rules only they could fire: most of a small scenario's grounding.  A fact keyed by
no card (the vocabulary's tables, facts about kinds of things) is always kept.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from clingo import ast

Signature = tuple[str, int]
# A predicate's name (rule 2.4 of the clingo guide: an identifier starting in lower case).
NAME = re.compile(r"_*[a-z][A-Za-z0-9_']*\Z")
OPENING, CLOSING = "({[", ")}]"
# A string as clingo prints it (quotes and backslashes escaped).
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
# Where a card fact names the card it is keyed by: its first argument, or the face of an ability
# term; a string or a pool of strings ("A";"B").
_STRINGS = r'\(?("(?:[^"\\]|\\.)*"(?:;"(?:[^"\\]|\\.)*")*)'
KEYED = re.compile(r'^_*[a-z][A-Za-z0-9_\']*\(' + _STRINGS + r'|\b(?:ab|grant)\(' + _STRINGS)


@dataclass(frozen=True)
class _Rule:
    position: int                  # in the statement list
    heads: frozenset[Signature]
    needs: frozenset[Signature]    # predicates of its positive plain body literals
    cards: frozenset[str] = frozenset()    # a card file's fact: the cards it names (printed)
    strings: frozenset[str] = frozenset()  # and every string it names (printed)
    # (predicate, position, constant) of its needs over the input predicates (derived by no
    # rule): it fires only if a fact has that constant there
    constants: frozenset[tuple[Signature, int, str]] = frozenset()


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
        for begin, stop in _positive_atoms(text, tokens, cut, end):
            found = _atom(text, tokens, begin, stop, 0)
            if found is not None and len(found) == 1:
                needs |= found
    return heads, needs


def _positive_atoms(text: str, tokens, cut: int, end: int):
    """(begin, stop) of each positive atom of a rule's body (no negation, aggregate, classical
    negation, comparison or conditional literal)."""
    for begin, stop in _pieces(tokens, cut + 2, end, 0, ";"):
        literal = text[begin:stop].strip()
        if literal.startswith(("not ", "#", "-")):
            continue
        if any(begin <= i < stop and d == 0 and c in "=<>!:" for i, c, d in tokens):
            continue
        yield begin, stop


def _need_constants(text: str) -> set[tuple[Signature, int, str]]:
    """(predicate, position, constant) for every argument of a need (as _read_rule reads
    them) that is a symbolic constant: p(K,can_activate,P) needs a p/3 with can_activate second."""
    end = len(text.rstrip().rstrip("."))
    tokens = _tokens(text[:end])
    cut = next((i for i, c, d in tokens if d == 0 and c == ":" and text[i + 1:i + 2] == "-"), end)
    found: set[tuple[Signature, int, str]] = set()
    if cut >= end:
        return found
    for begin, stop in _positive_atoms(text, tokens, cut, end):
        signature = _atom(text, tokens, begin, stop, 0)
        inner = [t for t in tokens if begin <= t[0] < stop]
        if (signature is None or len(signature) != 1 or not inner
                or any(c == ";" and d == 1 for _, c, d in inner)):
            continue
        (name, arity), = signature
        opening, closing = inner[0][0], max(i for i, c, d in inner if d == 0 and c == ")")
        commas = [i for i, c, d in inner if d == 1 and c == ","]
        for position, (left, right) in enumerate(zip([opening, *commas], [*commas, closing])):
            argument = text[left + 1:right].strip()
            if NAME.match(argument):
                found.add(((name, arity), position, argument))
    return found


def arguments_of(printed: str) -> list[str]:
    """The arguments of an atom as clingo prints it, each as printed."""
    tokens = _tokens(printed)
    inner = [t for t in tokens if t[2] <= 1]
    if not inner or inner[0][1] != "(":
        return []
    closing = max((i for i, c, d in inner if d == 0 and c == ")"), default=len(printed))
    commas = [i for i, c, d in inner if d == 1 and c == ","]
    return [printed[left + 1:right].strip()
            for left, right in zip([inner[0][0], *commas], [*commas, closing])]


class RuleIndex:
    """The statements of a program (comments left out) and, for each rule, what it derives and
    what it needs; built once per parse."""

    def __init__(self, statements: list[ast.AST], card_files: frozenset[str] = frozenset(),
                 names_card: Callable[[str], bool] | None = None) -> None:
        """card_files: the files whose facts are card encodings; names_card(text): whether a
        string (as clingo prints it) is the name of a card or face of the pool."""
        self.statements: list[ast.AST] = []
        self.texts: list[str] | None = None        # the statements printed (keep_texts)
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
                cards = strings = frozenset()
                if (names_card is not None and not needs and ":-" not in text
                        and statement.location.begin.filename in card_files):
                    strings = frozenset(STRING.findall(text))
                    cards = frozenset(name for match in KEYED.finditer(text)
                                      for name in STRING.findall(match.group(1) or match.group(2))
                                      if names_card(name))
                self.rules.append(_Rule(len(self.statements), frozenset(heads), frozenset(needs),
                                        cards, strings if cards else frozenset()))
            self.statements.append(statement)
        derived = {head for rule in self.rules for head in rule.heads}
        for number, rule in enumerate(self.rules):
            if rule.needs - derived:
                text = str(self.statements[rule.position])
                constants = frozenset(c for c in _need_constants(text) if c[0] not in derived)
                if constants:
                    self.rules[number] = replace(rule, constants=constants)
        self._derive()
        from clingo import ast       # (here: an index restored from disk never needs it)
        location = self.statements[0].location if self.statements else None
        self._base = ast.Program(location, "base", []) if location else None
        self._defined = {head: ast.Defined(location, head[0], head[1], True)
                         for rule in self.rules for head in rule.heads}

    def _derive(self) -> None:
        """What the selection reads, derived from the rules (here or from a cached state)."""
        # The input positions some rule needs a constant at: what `select` is told of the facts.
        self.constrained: set[tuple[Signature, int]] = {(sig, pos) for rule in self.rules
                                                        for sig, pos, _ in rule.constants}
        self._waiting: dict[Signature, list[int]] = {}
        for number, rule in enumerate(self.rules):
            for need in rule.needs:
                self._waiting.setdefault(need, []).append(number)
        # What every selection starts from or adds, made once (a question's selection is
        # a good part of its time): what the rules that need nothing derive, card facts aside,
        # and a `#defined` for every predicate a rule derives.
        self._card_facts = [n for n, rule in enumerate(self.rules) if rule.cards]
        # The strings a selection's card facts turn on: of the facts' strings, only these matter.
        self.card_names: frozenset[str] = frozenset(name for n in self._card_facts
                                                    for name in self.rules[n].cards)
        # The few rules needing a constant somewhere (`unmatched` looks at these alone).
        self._constant_rules = [(n, rule.constants) for n, rule in enumerate(self.rules)
                                if rule.constants]
        self._need_counts = [len(rule.needs) for rule in self.rules]
        self._free: set[Signature] = {h for rule in self.rules if not rule.needs and not rule.cards
                                      for h in rule.heads}

    # --- a state kept on disk (pybridge/solve/program_cache.py): the parse, as text ---
    def state(self) -> dict:
        """The index as JSON data: each statement as clingo prints it, and the rules."""
        return {"readable": self.readable, "texts": [str(s) for s in self.statements],
                "rules": [[r.position, sorted(r.heads), sorted(r.needs), sorted(r.cards),
                           sorted(r.strings), sorted(r.constants)] for r in self.rules]}

    @classmethod
    def from_state(cls, state: dict) -> "RuleIndex":
        """An index restored from state(): its statements are texts (select_text, not select)."""
        index = cls.__new__(cls)
        index.readable = state["readable"]
        index.statements = state["texts"]
        index.texts = None
        empty: frozenset = frozenset()
        index.rules = [_Rule(position, frozenset([(n, a) for n, a in heads]),
                             frozenset([(n, a) for n, a in needs]) if needs else empty,
                             frozenset(cards) if cards else empty,
                             frozenset(strings) if strings else empty,
                             frozenset([((s[0], s[1]), pos, c) for s, pos, c in constants])
                             if constants else empty)
                       for position, heads, needs, cards, strings, constants in state["rules"]]
        index._derive()
        return index

    def keep_texts(self) -> None:
        """Print every statement once now (a fork server, for its workers): select_text then
        joins them, where printing the kept statements of a parse costs more than selecting."""
        self.texts = [str(s) for s in self.statements]

    def select_text(self, present: set[Signature], named: set[str] | None = None,
                    values: dict[tuple[Signature, int], set[str]] | None = None) -> str:
        """What `select` keeps, as program text."""
        dropped, undefined = self._dropped(present, named, values)
        source = self.texts if self.texts is not None else self.statements
        kept = [str(s) for position, s in enumerate(source) if position not in dropped]
        if dropped:
            kept += ["#program base.", *(f"#defined {name}/{arity}." for name, arity in undefined)]
        return "\n".join(kept) + "\n"

    def unused_cards(self, named: set[str]) -> set[int]:
        """The rules (by number) that are facts about cards none of the named strings (printed,
        as in the facts) leads to: a card fact is used when one of its cards is named, and then
        every string it names is named too (the fixpoint)."""
        named = set(named)
        waiting = self._card_facts
        while True:
            used = {n for n in waiting if not self.rules[n].cards.isdisjoint(named)}
            if not used:
                return set(waiting)
            for n in used:
                named |= self.rules[n].strings
            waiting = [n for n in waiting if n not in used]

    def unmatched(self, values: dict[tuple[Signature, int], set[str]]) -> set[int]:
        """The rules (by number) needing a constant at an input position that no fact has
        there (values: the printed arguments of the facts at the constrained positions)."""
        return {number for number, constants in self._constant_rules
                if any(constant not in values.get((sig, pos), ())
                       for sig, pos, constant in constants)}

    def can_hold(self, present: set[Signature], unused: set[int] = frozenset()) -> set[Signature]:
        """The predicates that can hold given facts of the present ones, the unused rules left
        out (they never fire): the least fixpoint."""
        # Rules that need nothing fire from the start (facts of the programs among them).
        holding = set(present) | self._free
        for number in self._card_facts:
            if number not in unused:
                holding |= self.rules[number].heads
        missing = self._need_counts.copy()
        queue = list(holding)
        while queue:
            signature = queue.pop()
            for number in self._waiting.get(signature, ()):
                missing[number] -= 1
                if missing[number] == 0 and number not in unused:
                    for head in self.rules[number].heads:
                        if head not in holding:
                            holding.add(head)
                            queue.append(head)
        return holding

    def select(self, present: set[Signature], named: set[str] | None = None,
               values: dict[tuple[Signature, int], set[str]] | None = None) -> list[ast.AST]:
        """The statements to ground for facts of the present predicates that name the named
        strings (printed; None: keep every card fact) and have the values at the constrained
        positions (None: don't look): every statement but the card facts about other cards
        and the rules that can't fire, and `#defined` for what those would derive."""
        dropped, undefined = self._dropped(present, named, values)
        if not dropped:
            return self.statements
        kept = [s for position, s in enumerate(self.statements) if position not in dropped]
        return [*kept, self._base, *(self._defined[head] for head in undefined)]

    def _dropped(self, present, named, values) -> tuple[set[int], list[Signature]]:
        """The statements (by position) that can't fire, and every predicate they derive, even
        one other rules derive too (clingo warns of a body atom no head could match, argument
        by argument)."""
        if not self.readable:
            return set(), []
        unused = self.unused_cards(named) if named is not None else set()
        if values is not None:
            unused |= self.unmatched(values)
        holding = self.can_hold(present, unused)
        dropped = {rule.position for number, rule in enumerate(self.rules)
                   if number in unused or not rule.needs <= holding}
        undefined = sorted({head for rule in self.rules if rule.position in dropped
                            for head in rule.heads})
        return dropped, undefined
