"""Helpers of the Oracle compiler's tests on real pool cards: what an ability compiled to (or why
not), a board of permanents as a scenario mapping, and the answers the tests read."""
from __future__ import annotations

from pybridge.oracle.hook import card_compilation


def facts(card: str, index: int) -> set[str]:
    ability = next(a for a in card_compilation(card).abilities if a.index == index)
    assert ability.modelled, ability.why
    return {str(f) for f in ability.facts}


def why(card: str, index: int) -> str:
    ability = next(a for a in card_compilation(card).abilities if a.index == index)
    assert not ability.modelled, ability.facts
    return ability.why


def board(*permanents: dict, asks: list[dict], **game) -> dict:
    perms = [{"controller": "you", **p} for p in permanents]
    return {"title": "t", "permanent": perms, "ask": asks, **({"game": game} if game else {})}


def chars(*ids: str) -> list[dict]:
    return [{"characteristics": i} for i in ids]


def pt(result, target: str) -> tuple:
    answer = result.answer("characteristics", target)
    return answer["power"], answer["toughness"]
