"""An answer in plain words: one verdict sentence per ask, the `unmodelled` note as sentences and
the expectation said plainly, for the page and the command line's text alike (issue 31).

It words the JSON form of an answer (report._ask_json: kind, target, answer, details, explain),
per question kind declared in pybridge/contract/kinds.py, and names each object by its card
(`Names`).  It decides nothing: every fact it states is in the answer it is given.  A kind with no
wording here is said generically ("zone of X: battlefield"), so a new kind is readable at once.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
ZONE_WORDS = {"battlefield": "on the battlefield", "hand": "in its owner's hand",
              "library": "in its owner's library", "graveyard": "in its owner's graveyard",
              "exile": "in exile", "stack": "on the stack", "command": "in the command zone",
              "nowhere": "nowhere: it has ceased to exist"}
NEW_OBJECT = re.compile(r"^(.+)_\d+$")


@dataclass
class Names:
    """The card of each id a scenario names (permanents, cards), and of each new object the
    events make from them ("elves_1" is elves' card, rule 400.7)."""
    cards: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, scenario: Any) -> "Names":
        # A face-down object is named by its id: its card is for the answer's `hidden` to show.
        cards = {p.id: p.card for p in getattr(scenario, "permanents", ()) if p.face_down is None}
        cards.update({c.id: c.card for c in getattr(scenario, "cards", ()) if c.face_down is None})
        return cls(cards)

    def card(self, ident: str) -> str | None:
        key = ident
        while key:
            if key in self.cards:
                return self.cards[key]
            found = NEW_OBJECT.match(key)
            key = found.group(1) if found else ""
        return None

    def __call__(self, ident: str) -> str:
        """"Forest (forest)": the card with the id the answer uses, or the id alone."""
        card = self.card(ident)
        return f"{card} ({ident})" if card else ident


def player_pos(player: str) -> str:
    return "your" if player == "you" else f"{player}'s"


def listing(items: list[str], last: str = "and") -> str:
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def mana(text: str) -> str:
    return text if text else "no mana"


def characteristics_phrase(ch: dict[str, Any]) -> str:
    """"a 2/2 green Creature — Elf Druid named Llanowar Elves"; face down, who may look."""
    colors = [COLOR_WORDS.get(c, c) for c in ch.get("colors") or []]
    kinds = " ".join([*(ch.get("supertypes") or []), *(ch.get("types") or [])]) or "object with no type"
    subtypes = ch.get("subtypes") or []
    if subtypes:       # a changeling has every creature type: name a few, count the rest
        kinds += " — " + " ".join(subtypes[:6]) + (f" and {len(subtypes) - 6} more" if len(subtypes) > 6 else "")
    pt = ""
    if ch.get("power") is not None or ch.get("toughness") is not None:
        pt = f"{_value(ch.get('power'))}/{_value(ch.get('toughness'))} "
    color = listing(colors) if colors else "colorless"
    what = f"{pt}{color} {kinds}"
    article = "an" if re.match(r"[aeiou8]|1[18](/|\d\d\d/)", what, re.I) else "a"
    name = f" named {ch['name']}" if ch.get("name") else " with no name"
    text = f"{article} {what}{name}"
    if ch.get("mana_cost"):
        text += f", mana cost {ch['mana_cost']}"
    if ch.get("face_down"):
        text = "face down: " + text
        hidden = ch.get("hidden")
        if isinstance(hidden, dict) and hidden.get("card"):
            looks = hidden.get("may_look") or []
            who = listing([("you" if p == "you" else p) for p in looks]) if looks else "no player"
            text += f" ({who} may look at it: it is {hidden['card']})"
    abilities = ch.get("abilities") or []
    text += "; " + (f"{len(abilities)} {'ability' if len(abilities) == 1 else 'abilities'}"
                    if abilities else "no abilities")
    if ch.get("rules"):
        text += "; " + listing(ch["rules"])
    return text


def _value(v: Any) -> str:
    return "—" if v is None else str(v)


def _ability(a: dict[str, Any], nth: str) -> str:
    n = a.get("ability")
    if not n:
        return ""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return f"{n}{suffix} {nth} "


def _produce(a: dict, name: Callable[[str], str]) -> str:
    who = name(a["target"])
    answer = [mana(m) for m in a["answer"]]
    ability = _ability(a, "mana ability")
    head = f"One activation of {who}'s {ability or 'mana ability '}adds {listing(answer, 'or')}"
    groups = [g for g in a.get("explain") or [] if "orders" in g and "result" in g]
    if len(answer) > 1 and groups:
        counts = [f"{g['orders']} {'order gives' if g['orders'] == 1 else 'orders give'} "
                  f"{mana(g['result'])}" for g in groups]
        head += ", by the order the replacement effects apply: " + ", ".join(counts)
    elif len(answer) > 1:
        head += ", by the choices and the order of the replacement effects"
    head += "."
    if a.get("activatable") is False:
        head += f" It can't be activated now: {a.get('reason')}."
    if a.get("note"):
        head += f" {a['note']}"
    return head


def _could_produce(a: dict, name: Callable[[str], str]) -> str:
    types = [f"{{{t}}}" for t in a["answer"]]
    if not types:
        return f"{name(a['target'])} could produce no mana (rule 106.7)."
    return f"{name(a['target'])} could produce {listing(types, 'or')} (rule 106.7)."


def _seen(a: dict, name: Callable[[str], str]) -> str:
    """The asked object as its answer may show it: a face-down one by its id alone, so that its
    card is named only where the answer's `hidden` says the viewer may look (708.5, 708.6)."""
    answer = a["answer"]
    face_down = isinstance(answer, dict) and answer.get("face_down")
    return a["target"] if face_down else name(a["target"])


def _characteristics(a: dict, name: Callable[[str], str]) -> str:
    return f"{_seen(a, name)} is {characteristics_phrase(a['answer'])}."


def _turn_face_up(a: dict, name: Callable[[str], str]) -> str:
    way = f" for its {a['way'].replace('_', ' ')}" if a.get("way") else ""
    if a["answer"] in (None, "null"):
        return f"{name(a['target'])} can't be turned face up{way}."
    return f"Turned face up{way}, {_seen(a, name)} is {characteristics_phrase(a['answer'])}."


def _can_activate(a: dict, name: Callable[[str], str]) -> str:
    ability = _ability(a, "activated ability") or "ability "
    if a["answer"] is True:
        return f"{name(a['target'])}'s {ability}can be activated now."
    reason = f": {a['reason']}" if a.get("reason") else ""
    return f"{name(a['target'])}'s {ability}can't be activated now{reason}."


def _etb_x(a: dict, name: Callable[[str], str]) -> str:
    return f"{name(a['target'])}'s enters-the-battlefield abilities see X = {a['answer']}."


def _zone(a: dict, name: Callable[[str], str]) -> str:
    where = ZONE_WORDS.get(a["answer"], f"in {a['answer']}")
    now = a.get("object")
    new = f", as a new object {now} (rule 400.7)" if now and now != a["target"] else ""
    return f"After the events, {name(a['target'])} is {where}{new}."


def _revealed(a: dict, name: Callable[[str], str]) -> str:
    if not a["answer"]:
        return f"The events revealed {name(a['target'])} to no player."
    return f"The events revealed {name(a['target'])} to {listing(a['answer'])}."


def _triggered(a: dict, name: Callable[[str], str]) -> str:
    rows = a["answer"]
    if not rows:
        return f"No ability triggered on or from {name(a['target'])}."
    said = [f"in event {r.get('event')}, {name(r.get('source', ''))}'s “{r.get('ability')}” "
            f"triggered on {name(r.get('on', ''))}" for r in rows]
    count = "1 ability" if len(rows) == 1 else f"{len(rows)} abilities"
    return f"{count} triggered: " + "; ".join(said) + "."


def _pool(a: dict, name: Callable[[str], str]) -> str:
    pools = [m if m else "nothing" for m in a["answer"]]
    whose = player_pos(a["target"])
    if len(pools) == 1:
        return f"After the events, {whose} mana pool holds {pools[0]}."
    return f"After the events, {whose} mana pool holds {listing(pools, 'or')}, by the order chosen."


def _stack(a: dict, name: Callable[[str], str]) -> str:
    rows = a["answer"]
    if not rows:
        return "The stack is empty."
    said = []
    for r in rows:
        text = f"{name(r.get('source', ''))}'s “{r.get('ability')}”, controlled by {r.get('controller', '')}"
        if r.get("on"):
            text += f", triggered on {name(r['on'])}"
        if r.get("target"):
            text += f", targeting {name(r['target'])}"
        said.append(text)
    count = "1 object" if len(rows) == 1 else f"{len(rows)} objects"
    return f"The stack holds {count}, top first: " + "; ".join(said) + "."


def _life(a: dict, name: Callable[[str], str]) -> str:
    whose = player_pos(a["target"])
    text = f"After the events, {whose} life total is {a['answer']}"
    orders = a.get("orders") or []
    if len(orders) == 1 and orders[0].get("orders", 1) > 1:
        text += f", in every one of the {orders[0]['orders']} ways the events can go"
    text += "."
    if a.get("lost_game"):
        text += " That player has lost the game (rule 704.5a)."
    return text


SAY: dict[str, Callable[[dict, Callable[[str], str]], str]] = {
    "produce": _produce, "could_produce": _could_produce, "characteristics": _characteristics,
    "turn_face_up": _turn_face_up, "can_activate": _can_activate, "etb_x": _etb_x, "zone": _zone,
    "revealed": _revealed, "triggered": _triggered, "pool": _pool, "stack": _stack, "life": _life,
}


def plain(value: Any) -> str:
    """A value of an answer or an expectation in words, never JSON: lists joined, tables as
    "key value" pairs, null as "none"."""
    if value is None or value == "null":
        return "none"
    if value is True or value is False:
        return "yes" if value else "no"
    if isinstance(value, str):
        return value if value else "nothing"
    if isinstance(value, list):
        return listing([plain(v) for v in value]) if value else "nothing"
    if isinstance(value, dict):
        return "; ".join(f"{k.replace('_', ' ')} {plain(v)}" for k, v in value.items())
    return str(value)


def _of(a: dict[str, Any]) -> str:
    """Whose outcomes they are: the events', or the orders of timestamps (timestamps = "every")."""
    return " of the timestamps" if a.get("timestamps") == "every" else " of the events"


def verdict(a: dict[str, Any], names: Callable[[str], str], unknown_reason: str = "") -> str:
    """The answer's sentence: what it is, in the kind's words."""
    if a["answer"] == "unknown":
        why = unknown_reason or "the ability asked about is not modelled yet"
        return f"The answer about {names(a['target'])} is unknown: {why}."
    answer = a["answer"]
    if isinstance(answer, dict) and set(answer) == {"outcomes"}:
        say = SAY.get(a["kind"])
        outs = answer["outcomes"]
        parts = [say({**a, "answer": v}, names) if say else plain(v) for v in outs]
        return f"{len(outs)} outcomes, by the choices and orders{_of(a)}: " + \
            " ".join(f"({n}) {p}" for n, p in enumerate(parts, start=1))
    say = SAY.get(a["kind"])
    text = say(a, names) if say else \
        f"{a['kind'].replace('_', ' ')} of {names(a['target'])}: {plain(answer)}."
    if isinstance(a.get("outcomes"), int) and a["outcomes"] > 1:
        text += f" All {a['outcomes']} outcomes{_of(a)} agree."
    return text


def expectation(a: dict[str, Any]) -> str | None:
    """Whether the answer is what the scenario expects, in words."""
    if "expect" not in a:
        return None
    if a.get("ok") is True:
        if a.get("trusted") is False:
            return "As the scenario expects, but it may rest on text the rules did not read (below)."
        return "As the scenario expects."
    if a.get("ok") is False:
        return f"The scenario expects {plain(a['expect'])}."
    return None


def unmodelled(a: dict[str, Any], names: Names) -> list[str]:
    """The note on text the rules did not read, a sentence per ability with the card's text."""
    out = []
    for row in a.get("unmodelled") or []:
        card = names.card(row.get("permanent", "")) or row.get("permanent", "")
        said = (f"This answer does not read {card}'s ability “{row.get('ability')}”, which may "
                f"bear on it.")
        if said not in out:         # (two objects of one card: the same sentence once)
            out.append(said)
    return out


def words(a: dict[str, Any], names: Names, unknown_reason: str = "") -> dict[str, Any]:
    """The "words" of an answer's JSON: its verdict, the expectation, the unmodelled note."""
    out: dict[str, Any] = {"verdict": verdict(a, names, unknown_reason)}
    expected = expectation(a)
    if expected:
        out["expect"] = expected
    notes = unmodelled(a, names)
    if notes:
        out["unmodelled"] = notes
    return out
