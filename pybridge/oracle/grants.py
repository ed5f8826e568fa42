"""Tokens a card's effect creates and grants of resolved spells and abilities -> the vocabulary
of asp/layers/tokens.lp, statics.lp and layers_types_abilities.lp (rules 111, 611.2, 613.1f).

compile_grant(card, face, index, source, text, quoted) reads one ability (normalised: reminder
text gone, the card's names as "~") and returns (facts, riders, pattern), or None when the
ability is of neither shape, or raises GrantUnmodelled with the reason.  `quoted` is the
compiler's reader of a quoted ability (compiler.quoted_compiler).

What "modelled" means here:
- "create two 1/1 colorless Eldrazi Scion creature tokens. They have \"Sacrifice this creature:
  Add {C}.\"": the token's characteristics (111.3, 111.4: its name is its subtypes plus "Token"
  unless the text names it), as token_made/4, token_value/3 and token_ability/3; a scenario
  permanent with `token = CARD` is that token.  A quoted mana ability is compiled by the mana
  grammar, a quoted activated ability gets activated/1 and its costs, a quoted static ability
  by statics.lark, keyed ab(token(Ab,K),J); any other quoted ability (a trigger) is the text the
  token has.  "a Treasure token" is the predefined token of asp/cards/tokens.lp (111.10).  What
  comes before the token (a cost, a trigger condition, one-shot sentences such as "Destroy
  target creature.") makes no lasting fact: a cost becomes the ability's costs (can_activate
  judges it), the rest riders; a trigger's condition is not modelled (pattern "token_trigger":
  unmodelled.py still lists it for the `triggered` question).
- "Until end of turn, creatures you control gain \"...\"", "~ gains flying until end of turn",
  "{B}: Until end of turn, ~ gains ...", "Target creature gains ... until end of turn" behind a
  cost: a lasting effect (lasting_effect/2) of a scenario [[effect]]; on targets its `targets`,
  on anything else the objects it affected, fixed as it began (611.2c): the scope `affected`,
  with affects_set(Ab,Scope) naming the set the text words, so that an [[effect]] without
  `affected` is refused.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from clingo import Function, Number, String, Symbol
from lark import Lark, Tree
from lark.exceptions import LarkError

from pybridge.oracle.grammars import earley
from pybridge.oracle.statics.reader import NotStatic, compile_static, looks_static
from pybridge.oracle.statics.terms import Unmodelled, rekey
from pybridge.oracle.statics.words import creature_types, keyword_text


class GrantUnmodelled(Exception):
    """Of these shapes, but says something the vocabulary can't express yet."""


CompileQuoted = Callable[[str], tuple[list[Symbol], bool]]
CARD_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment",
              "land": "Land", "planeswalker": "Planeswalker"}
SUPERTYPES = {"legendary": "Legendary", "snow": "Snow"}
COLOURS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
CREATES = re.compile(r"\bcreates? (an?|one|two|three|four|five|six|seven|eight|nine|ten|[0-9]+|X|"
                     r"that many|a number of)\b[^.\"]*?\btokens?\b", re.I)
# One-shot words beside a token that would make a lasting effect the facts don't state.
LASTING = re.compile(r"\buntil\b|\bgets? [+-]|\bgains? (?!\w+ life\b)|\bbecomes?\b|\bcan't\b|\bhas\b|\bhave\b|"
                     r"\bthis turn\b|\bcopy\b|\binstead\b", re.I)
SENTENCE = re.compile(r'(?:[^."]|"[^"]*")+\.?')


def sentences_of(text: str) -> list[str]:
    """The sentences outside quotes; a quote that ends its sentence ('... gains "...instead."
    Only you ...') ends it too."""
    text = re.sub(r'\."(?= [A-Z])', '.".', text)
    return [s.strip() for s in SENTENCE.findall(text) if s.strip() and s.strip() != "."]


@lru_cache(maxsize=1)
def parser() -> Lark:
    return earley("grants.lark", "token_clause")


@lru_cache(maxsize=1)
def predefined_tokens() -> frozenset[str]:
    """The predefined tokens asp/cards/tokens.lp states (rule 111.10)."""
    from pybridge.cards.library import asp_dir
    text = (asp_dir() / "cards" / "tokens.lp").read_text()
    return frozenset(re.findall(r'token_value\(predefined\("([^"]+)"\),name,', text))


def compile_grant(card: str, face: str, index: int, source: str, text: str,
                  quoted: CompileQuoted) -> tuple[list[Symbol], list[str], str] | None:
    unquoted = re.sub(r'"[^"]*"', '""', source)            # a quoted ability's own tokens aside
    if CREATES.search(unquoted) and not re.search(r"\btokens? that's a copy\b|\bcopy of\b", unquoted):
        return _Tokens(card, face, index, source, text, quoted).read()
    return compile_resolved_grant(card, face, index, source, text, quoted)


# --- tokens ---
class _Tokens:
    def __init__(self, card: str, face: str, index: int, source: str, text: str,
                 quoted: CompileQuoted):
        self.card, self.face, self.index = card, face, index
        self.source, self.text, self.quoted = source, text, quoted
        self.ab = Function("ab", [String(face), Number(index)])

    def read(self) -> tuple[list[Symbol], list[str], str]:
        source = re.sub(r"^• ", "", self.source)                 # a mode of a modal spell (700.2)
        found = [m for m in CREATES.finditer(source)
                 if source[:m.start()].count('"') % 2 == 0]     # outside quotes
        if len(found) > 1:
            raise GrantUnmodelled("more than one token created in one ability: not in the vocabulary")
        at = found[0].start()
        lead, clause = source[:at], source[at:]
        sentences = sentences_of(clause)
        head = sentences[0]
        rest = sentences[1:]
        if rest and re.match(r"^(It|They|Those (tokens|creatures)) (has|have|gains?) \"", rest[0]):
            head, rest = head + " " + rest[0], rest[1:]
        try:
            tree = parser().parse(head)
        except LarkError as err:
            column = getattr(err, "column", None)
            near = f"at {head[column - 1:column + 29]!r}" if isinstance(column, int) and column > 0 else ""
            raise GrantUnmodelled(f"token of a shape the grammar doesn't read {near}".strip()) from None
        facts, riders, pattern = self.lead(lead)
        for sentence in rest:
            if LASTING.search(sentence):
                raise GrantUnmodelled(f"an effect beside the token: {sentence[:40]!r}")
            riders.append(sentence)
        quotes_before = len(re.findall(r'"[^"]*"', lead))
        printed = re.findall(r'"[^"]*"', self.text)[quotes_before:]
        facts += self.token(tree, printed)
        return facts, riders, pattern

    def lead(self, lead: str) -> tuple[list[Symbol], list[str], str]:
        """The words before "create": a cost, a trigger, one-shot sentences (riders)."""
        lead = lead.strip()
        facts: list[Symbol] = []
        riders: list[str] = []
        pattern = "token"
        head = lead.split('"', 1)[0]
        if lead.startswith("[") and not re.match(r"\[[+\u2212-]?[0-9X]+\]:", lead):
            raise GrantUnmodelled("a numbered mode (\"[2] Create ...\") of a modal spell: not in "
                                  "the vocabulary")
        if lead.startswith("["):                                # a loyalty ability (606)
            riders.append(lead.split(":", 1)[0] + ": a loyalty cost")
            lead = lead.split(":", 1)[1]
        elif ":" in head:                                       # an activated ability (602.1)
            cost = lead.split(":", 1)[0]
            try:
                compiled, _ = self.quoted(cost + ": Draw a card.")
            except Unmodelled as err:
                raise GrantUnmodelled(str(err)) from None
            facts += compiled
            lead = lead.split(":", 1)[1]
        if re.match(r"^(When|Whenever|At)\b|^[IVX]+(, [IVX]+)* —", lead.strip()):
            pattern = "token_trigger"                           # its condition: not modelled
        for sentence in sentences_of(lead):
            if LASTING.search(sentence) and pattern != "token_trigger":
                raise GrantUnmodelled(f"an effect beside the token: {sentence[:40]!r}")
            if not re.fullmatch(r"(you|you may|then)", sentence, re.I):   # "You create ..."
                riders.append(sentence)
        return facts, riders, pattern

    def token(self, tree: Tree, printed: list[str]) -> list[Symbol]:
        desc = next(t for t in tree.children if isinstance(t, Tree) and t.data == "token_desc")
        words = [str(t) for t in desc.children if not isinstance(t, Tree) and t.type == "WORD"]
        pts = [str(t) for t in desc.children if not isinstance(t, Tree) and t.type == "PT"]
        colours = [str(t).lower() for c in desc.children if isinstance(c, Tree)
                   for t in c.children]
        names = [str(t) for n in tree.children if isinstance(n, Tree) and n.data == "named"
                 for t in n.children]
        if not pts and not colours and len(words) == 1 and words[0] in predefined_tokens():
            tok = Function("predefined", [String(words[0])])
            if self.abilities(tree, printed, tok) or names:
                raise GrantUnmodelled("a predefined token with more abilities or another name: not in the vocabulary")
            return [self.made(tok)]
        tok = Function("token", [self.ab, Number(1)])
        values: list[tuple[str, Symbol]] = []
        subtypes = []
        for word in words:
            low = word.lower()
            if low in CARD_TYPES:
                values.append(("type", String(CARD_TYPES[low])))
            elif low in SUPERTYPES:
                values.append(("supertype", String(SUPERTYPES[low])))
            elif word[:1].isupper():
                subtypes.append(word)
                values.append(("subtype", String(word)))
            else:
                raise GrantUnmodelled(f"token word {word!r} is not in the vocabulary")
        if not any(a == "type" for a, _ in values):
            raise GrantUnmodelled("a token without a card type")
        creature = ("type", String("Creature")) in values
        unknown = [s for s in subtypes if creature and s not in creature_types()]
        if unknown:
            raise GrantUnmodelled(f"subtype {unknown[0]!r} is not a creature type (rule 205.3m)")
        if pts:
            if "X" in pts[0]:
                raise GrantUnmodelled("an X/X token: its size is the spell's X, not in the vocabulary")
            power, toughness = pts[0].split("/")
            values += [("power", Number(int(power))), ("toughness", Number(int(toughness)))]
        elif creature and not _defines_pt(self.abilities(tree, printed, tok)):
            raise GrantUnmodelled("a creature token without power and toughness")
        values += [("color", Function(COLOURS[c])) for c in colours if c in COLOURS]
        name = names[0] if names else " ".join(subtypes + ["Token"])
        values.append(("name", String(name)))
        facts = [self.made(tok)]
        facts += [Function("token_value", [tok, Function(a), v]) for a, v in values]
        facts += self.abilities(tree, printed, tok)
        return facts

    def made(self, tok: Symbol) -> Symbol:
        return Function("token_made", [String(self.card), self.ab, Number(1), tok])

    def abilities(self, tree: Tree, printed: list[str], tok: Symbol) -> list[Symbol]:
        """token_ability/3 and the compiled facts of each keyword and quoted ability."""
        items: list[tuple[str, str]] = []
        for part in tree.children:
            if isinstance(part, Tree) and part.data == "with_part":
                items += [(i.data, str(i.children[0])) for i in part.children]
            elif isinstance(part, Tree) and part.data == "token_grant":
                quoteds = next(c for c in part.children if isinstance(c, Tree))
                items += [("quoted", str(q)) for q in quoteds.children]
        facts: list[Symbol] = []
        printed = list(printed)
        for j, (kind, value) in enumerate(items, start=1):
            term = Function("ab", [tok, Number(j)])
            if kind == "keyword":
                facts.append(Function("token_ability", [tok, Number(j), String(keyword_text(value))]))
                continue
            body = value[1:-1]
            shown = printed.pop(0)[1:-1] if printed else body
            facts.append(Function("token_ability", [tok, Number(j), String(shown)]))
            facts += [rekey(f, self.ab, term) for f in self.quoted_facts(body)]
        return facts

    def quoted_facts(self, body: str) -> list[Symbol]:
        if "~" in body.replace("this creature", ""):
            names_card = re.sub(r"\b[Tt]his (creature|artifact|token|permanent)\b", "", body)
            names_card = names_card.replace("named ~", "")   # the card's name, rightly (Sound the Call)
            if "~" in names_card and looks_static(body):
                raise GrantUnmodelled("a token's static ability that names the card that made it")
        body = re.sub(r"\b[Tt]his (creature|artifact|token|permanent)\b", "~", body)   # "This creature's power ...": the token (604.3)
        body = _own_controller(body)
        try:
            compiled, activated = self.quoted(body)
        except Unmodelled as err:
            raise GrantUnmodelled(f"the token's ability: {err}") from None
        if compiled or activated:
            return compiled
        if looks_static(body):
            try:
                return compile_static(body, self.face, self.index, self.quoted, [])
            except (NotStatic, Unmodelled) as err:
                raise GrantUnmodelled(f"the token's static ability: {err}") from None
        return []                      # a triggered ability: the text the token has


# --- tokens without printed power and toughness ---
def _defines_pt(facts: list[Symbol]) -> bool:
    """A creature token the effect gives no power and toughness is still whole when an ability
    it has defines both (a characteristic-defining ability, rules 111.4, 604.3: Ajani Goldmane's
    Avatar, "This creature's power and toughness are each equal to your life total")."""
    return {f.arguments[1].name for f in facts if f.name == "pt_cda"} >= {"power", "toughness"}


def _own_controller(body: str) -> str:
    """In a token's own characteristic-defining ability "its" is the token: "~'s power and
    toughness are each equal to the number of creature cards in its controller's graveyard"
    reads its controller's graveyard, the ability's "your graveyard" (rule 109.5; Elephant
    Resurgence).  Elsewhere "its" may be another object (an Aura's enchanted creature)."""
    if re.match(r"^~'s power and toughness are each equal to the number of [^.\"]* in its "
                r"controller's graveyard\.?$", body):
        return body.replace("its controller's graveyard", "your graveyard")
    return body




# --- grants of a resolved spell or ability ---
DURATION = r"(until end of turn|until your next turn|for as long as you control ~)"
CHAPTER = re.compile(r"^[IVX]+(, [IVX]+)* — ")            # a Saga's chapter ability (714.2b)
TRIGGER = re.compile(r"^(When|Whenever|At) [^,]+, ")
GRANT = re.compile(r"^(?:" + DURATION + r", )?(?P<subject>[^\".]+?) (?P<verb>gains?|gets?) "
                   r"(?P<rest>.+?)(?: " + DURATION + r")?\.?$", re.I)
TARGETED = re.compile(r"^((up to (one|two|three)|any number of|X|one|two|three) )?target ", re.I)
# "that creature", "those creatures", "it" after a sentence naming a target on the battlefield
ANAPHOR = re.compile(r"^(that creature|those creatures|the creature|it)$", re.I)
# Sentences beside the grant that make no lasting effect the facts would have to state.
BESIDE = re.compile(r"\buntil\b|\bgets? [+-]|\bgains? (?!\w+ life\b)|\bbecomes?\b|\bloses? (?!\w+ life\b)|\binstead\b|"
                    r"\bcopy\b|\bfor as long as\b|\bcontrol of\b|\b(on)?to the battlefield\b|\bexile\b|"
                    r"\bif\b", re.I)


def compile_resolved_grant(card: str, face: str, index: int, source: str, text: str,
                    quoted: CompileQuoted) -> tuple[list[Symbol], list[str], str] | None:
    """"Until end of turn, creatures you control gain ...": the set and what it gains are read
    by statics.lark as the static "creatures you control gain ..."; the scope then becomes
    `targets` (a targeted effect, 611.2a) or `affected` (any other, fixed as it began, 611.2c)."""
    read = _grant_shape(source, quoted)
    if read is None:
        return None
    facts, riders, pattern, shape, targeted = read
    try:
        compiled = compile_static(shape, face, index, quoted, re.findall(r'"[^"]*"', text))
    except NotStatic:
        return None
    except Unmodelled as err:
        raise GrantUnmodelled(str(err)) from None
    if any(f.name in ("static_when", "loses_type", "pt_cda", "land_type_effect", "sets_base_pt",
                      "pt_modify_per") for f in compiled):
        raise GrantUnmodelled("a resolved effect of a shape the lasting vocabulary doesn't take")
    ab = Function("ab", [String(face), Number(index)])
    scopes = {f.arguments[1] for f in compiled if f.name in ("ability_grant", "pt_modify")}
    if len(scopes) != 1:
        raise GrantUnmodelled("a resolved grant with no set or several")
    scope = scopes.pop()
    new_scope = Function("targets") if targeted else Function("affected")
    out = [_rescope(f, ab, scope, new_scope) for f in compiled]
    out.append(Function("lasting_effect", [String(card), ab]))
    if not targeted:
        out.append(Function("affects_set", [ab, scope]))
    return facts + out, riders, pattern


def _grant_shape(source: str,
                 quoted: CompileQuoted) -> tuple[list[Symbol], list[str], str, str, bool] | None:
    """What a resolved grant's text says: the facts of its cost, its riders, its pattern, the
    static ability statics.lark reads in its place ("~ has ..." for a targeted effect, "SET
    has ..." for any other) and whether it targets; None when it is no such grant."""
    body = re.sub(r"^• ", "", source)
    if body.startswith("[") or '"' not in body and not re.search(r"\bgains? \w", body) and \
            not _resolved_pt(body):
        return None                                     # loyalty abilities: resolved.py
    facts: list[Symbol] = []
    riders: list[str] = []
    pattern = "resolved_grant"
    if CHAPTER.match(body):
        riders.append(CHAPTER.match(body).group(0).rstrip(" —") + ": a chapter ability (714.2b)")
        body = CHAPTER.sub("", body)
        pattern = "grant_trigger"
    head = body.split('"', 1)[0]
    if ":" in head:
        cost, body = body.split(":", 1)
        body = body.strip()
        try:
            compiled, _ = quoted(cost + ": Draw a card.")
        except Unmodelled:
            return None
        facts += compiled
    trigger = TRIGGER.match(body)
    if trigger:
        riders.append(trigger.group(0).rstrip(", "))
        body = body[trigger.end():]
        body = body[0].upper() + body[1:]
        pattern = "grant_trigger"
    sentences = sentences_of(body)
    # "If it's a land card, ~ gains ...": whether it happened is the scenario's [[effect]]
    condition = re.compile(r"^If [^,\"]+, ")
    at = next((i for i, x in enumerate(sentences) if GRANT.match(condition.sub("", x))), None)
    if at is None:
        return None
    before, grant, after = sentences[:at], sentences[at], sentences[at + 1:]
    if condition.match(grant):
        riders.append(condition.match(grant).group(0).rstrip(", ") + ": as it resolved")
        grant = condition.sub("", grant)
        grant = grant[0].upper() + grant[1:]
    for sentence in before + after:
        if BESIDE.search(sentence):
            return None
        riders.append(sentence)
    match = GRANT.match(grant)
    subject = match["subject"]
    if re.search(r"\b(spells?|cards?|exiled)\b", subject, re.I) or \
            re.match(r"^(you|(each|target|that) (player|opponent)|players|each of your opponents)\b",
                     subject, re.I):
        return None                                     # not a permanent, or state not stated
    named_target = any(re.search(r"\btarget\b", x) for x in before)
    targeted = bool(TARGETED.match(subject)) or (named_target and bool(ANAPHOR.match(subject)))
    if not targeted and re.search(r"\btarget\b", subject, re.I):
        return None
    if re.search(r"\b(becomes?|loses?|is|are|can't|deals?|has|have)\b", subject, re.I):
        return None                                     # another effect in the same sentence
    if re.match(r"^it$", subject, re.I) and not targeted:
        if before:                                      # "it": what an earlier sentence named
            return None
        subject = "~"
    verb = {"gain": "have", "gains": "has"}.get(match["verb"].lower(), match["verb"])
    rest = re.sub(r"\band gains?\b", "and has", match["rest"])
    shape = ("~" if targeted else subject) + f" {verb} {rest}."
    return facts, riders, pattern, shape, targeted


# --- resolved activated, triggered and loyalty abilities (pybridge/oracle/resolved.py) ---
def _resolved_pt(body: str) -> bool:
    """"gets +N/+N" of a resolved spell or ability, not of a static ability: with a duration, or
    behind a cost, a trigger or a chapter number, or on a target (a static ability has none of
    those; only spells and activated or triggered abilities target, rule 115.1)."""
    if not re.search(r"\bgets? [+-]([0-9]+|X)/[+-]([0-9]+|X)\b", body):
        return False
    return bool(re.search(r"\buntil\b", body) or CHAPTER.match(body) or TRIGGER.match(body)
                or ":" in body.split('"', 1)[0] or TARGETED.match(body))


def _rescope(sym: Symbol, ab: Symbol, old: Symbol, new: Symbol) -> Symbol:
    if sym.name in ("ability_grant", "pt_modify") and sym.arguments[0] == ab and sym.arguments[1] == old:
        return Function(sym.name, [ab, new] + list(sym.arguments[2:]))
    return sym
