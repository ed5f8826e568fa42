"""Scenarios and the reference: a board as a scenario file (board_toml), and the reference's
answer to one ask of a scenario, or NotCovered."""
from __future__ import annotations

from pybridge.reference.cards import (EFFECT_TRIGGERS, Mana, NO_MANA, SOURCES, TRIGGERS, TYPES,
                                      mana_string, total)
from pybridge.reference.covered import (DEFAULT_PLAYERS, EFFECT_KEYS, FACE_KINDS, GAME_KEYS,
                                        NotCovered, PERMANENT_KEYS, REFERENCE_KINDS, TOP_KEYS)
from pybridge.reference.faces import face_answer
from pybridge.reference.produce import (Board, Effect, Permanent, abilities_of, could_produce_all,
                                        effect_trigger, permanent_trigger, source_card,
                                        effect_replacement, event_of, options,
                                        permanent_replacement, replaced_outcomes, with_triggers)


# --- scenario text ------------------------------------------------------------------------------
def board_toml(board: Board, asks: list[tuple[str, str]], title: str = "A generated board") -> str:
    """The board as a scenario file asking `asks` [(kind, id)], without expectations."""
    def q(s: str) -> str:
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = [f"title = {q(title)}", 'cites = ["616.1"]', "",
             "[game]", f"players = [{', '.join(q(pl) for pl in board.players)}]", ""]
    for p in board.permanents:
        lines += ["[[permanent]]", f"id = {q(p.id)}", f"card = {q(p.card)}",
                  f"controller = {q(p.controller)}"]
        if p.attached_to:
            lines.append(f"attached_to = {q(p.attached_to)}")
        if p.chosen_color:
            lines.append(f"chosen_color = {q(p.chosen_color)}")
        lines.append("")
    for e in board.effects:
        lines += ["[[effect]]", f"card = {q(e.card)}", f"controller = {q(e.controller)}"]
        if e.targets:
            lines.append(f"targets = [{', '.join(q(t) for t in e.targets)}]")
        if e.chosen_color:
            lines.append(f"chosen_color = {q(e.chosen_color)}")
        lines.append("")
    for kind, ident in asks:
        lines += ["[[ask]]", f"{kind} = {q(ident)}", ""]
    return "\n".join(lines)


# --- scenarios: the reference's answer to one ask, or none -------------------------------------


def known_permanent_card(card: str) -> bool:
    return card in SOURCES or permanent_replacement(card) is not None or permanent_trigger(card) \
        or source_card(card) is not None


def board_of_scenario(doc: dict) -> Board:
    """The reference's Board for a scenario given as TOML tables (card names in full, as the
    card library spells them).  Raises NotCovered for anything outside what it models."""
    extra = set(doc) - TOP_KEYS
    if extra:
        raise NotCovered(f"scenario key {sorted(extra)[0]!r}")
    game = doc.get("game", {})
    if set(game) - GAME_KEYS:
        raise NotCovered(f"game key {sorted(set(game) - GAME_KEYS)[0]!r}")
    players = tuple(game.get("players", DEFAULT_PLAYERS))
    permanents = []
    for table in doc.get("permanent", []):
        if set(table) - PERMANENT_KEYS:
            raise NotCovered(f"permanent key {sorted(set(table) - PERMANENT_KEYS)[0]!r}")
        if not known_permanent_card(table["card"]):
            raise NotCovered(f"the card {table['card']!r}")
        chosen = table.get("chosen_color")
        permanents.append(Permanent(table["id"], table["card"], table.get("controller", players[0]),
                                    table.get("attached_to"), chosen.upper() if chosen else None))
    effects = []
    for table in doc.get("effect", []):
        if set(table) - EFFECT_KEYS:
            raise NotCovered(f"effect key {sorted(set(table) - EFFECT_KEYS)[0]!r}")
        card = table["card"]
        if effect_replacement(card) is None and effect_trigger(card) is None:
            raise NotCovered(f"the effect {card!r}")
        chosen = table.get("chosen_color")
        effects.append(Effect(card, table.get("controller", players[0]),
                              tuple(table.get("targets", ())), chosen.upper() if chosen else None))
    return Board(permanents, effects, players)


def _sort_key(m: Mana) -> tuple:
    return (total(m), tuple(-x for x in m))


def produce_of_ability(board: Board, ident: str, ability: int | None = None) -> list[str]:
    """`produce` as the question kind answers it: the distinct totals, fewest mana first."""
    p = board.get(ident)
    abilities = abilities_of(p.card)
    if ability is not None:
        if not 1 <= ability <= len(abilities):
            raise NotCovered(f"ability = {ability}: the permanent has {len(abilities)}")
        abilities = [abilities[ability - 1]]
    reflecting = any(a.adds[0] == "reflect" for q in board.permanents for a in abilities_of(q.card))
    could = could_produce_all(board) if reflecting else {}
    results: set[Mana] = set()
    for a in abilities:
        event = event_of(p, a)
        starts = options(board, p, a, could)
        if not starts:
            results.add(NO_MANA)
        for start in starts:
            for end in replaced_outcomes(board, event, start):
                results |= with_triggers(board, event, end)
    return [mana_string(m) for m in sorted(results, key=_sort_key)]


def scenario_answer(doc: dict, ask: dict):
    """The reference's answer to one ask table ({"produce": "forest"}) of the scenario `doc`, in
    the JSON form the question kind gives; raises NotCovered where the reference has none."""
    if any(k in ask for k in FACE_KINDS):
        return face_answer(doc, ask)
    kinds = [k for k in ask if k in REFERENCE_KINDS]
    others = set(ask) - set(REFERENCE_KINDS) - {"ability", "expect"}
    if len(kinds) != 1 or others or ("ability" in ask and kinds[0] != "produce"):
        raise NotCovered(f"the ask {sorted(set(ask) - {'expect'})}")
    kind = kinds[0]
    board = board_of_scenario(doc)
    ident = ask[kind]
    if not any(p.id == ident for p in board.permanents):
        raise NotCovered(f"no permanent {ident!r}")
    if kind == "produce":
        return produce_of_ability(board, ident, ask.get("ability"))
    could = could_produce_all(board)[ident]
    return [t for t in TYPES if t in could]
