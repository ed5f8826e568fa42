"""Doubling Cube's mana under replacement effects: activating it is tapping it for mana (rule
106.12), so the mana it adds (as much of each type as the pool holds) goes through the effects on
mana a permanent tapped for mana produces, in every order (616.1), as any produced mana does."""
from __future__ import annotations

from pathlib import Path

from pybridge.api import ask

QUERIES = Path(__file__).resolve().parent.parent / "queries"


def pools(*others: tuple[str, str], pool: str = "{G}{G}") -> list[str]:
    """The pools after activating Doubling Cube with pool in it and the others' permanents."""
    permanents = [{"id": "cube", "card": "Doubling Cube"}]
    permanents += [{"id": f"p{i}", "card": card, "controller": who}
                   for i, (card, who) in enumerate(others)]
    result = ask({"title": "t", "permanent": permanents,
                  "event": [{"activate": "cube", "pool": {"you": pool}}],
                  "ask": [{"pool": "you"}]})
    return result.answer("pool", "you")


def test_without_replacement_effects_each_type_doubles():
    assert pools() == ["{G}{G}{G}{G}"]
    assert pools(pool="{W}{B}{B}") == ["{W}{W}{B}{B}{B}{B}"]


def test_mana_reflection_doubles_the_mana_the_cube_adds():
    assert pools(("Mana Reflection", "you")) == ["{G}{G}{G}{G}{G}{G}"]
    assert pools(("Mana Reflection", "you"), pool="{W}{C}") == ["{W}{W}{W}{C}{C}{C}"]


def test_an_opponents_mana_reflection_does_not_apply():
    # "If you tap": the effect reaches only its controller's permanents.
    assert pools(("Mana Reflection", "opponent")) == ["{G}{G}{G}{G}"]


def test_with_nothing_in_the_pool_nothing_is_produced_to_replace():
    assert pools(("Mana Reflection", "you"), pool="") == [""]


def test_every_order_with_another_effect():
    # Nyxbloom Ancient triples and Mana Reflection doubles, in either order: {G}{G} becomes
    # twelve, one outcome.  Contamination reaches only lands, so not the Cube (an artifact).
    assert pools(("Mana Reflection", "you"), ("Nyxbloom Ancient", "you")) == ["{G}" * 14]
    assert pools(("Mana Reflection", "you"), ("Contamination", "opponent")) == ["{G}" * 6]


def test_the_scenario_answers_as_it_expects():
    result = ask(QUERIES / "events" / "doubling_cube_tapped_for_mana_under_mana_reflection.toml")
    assert not result.failed
