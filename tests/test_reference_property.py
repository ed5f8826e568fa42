"""The solver against the brute-force reference (tests/reference.py) on random small boards.

Hypothesis draws a board: a few lands, rocks and creatures, replacement effects and triggered mana
abilities, each under any of three players' control, Auras on lands, lasting effects (with their
targets and chosen colours).  The board
becomes a scenario file; the solver's `produce` and `could_produce` for every mana source must equal
what the reference computes by trying every order of the replacement effects.  derandomize keeps
CI reproducible; 200 examples take about 17 s of CPU.
"""
from pybridge import reference as ref
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pybridge import answer_scenario, parse_scenario
from pybridge.answer.kinds.mana import produce_normalise

PLAYERS = ("you", "opponent", "third")
SOURCE_CARDS = sorted(ref.SOURCES)
LAND_CARDS = [c for c in SOURCE_CARDS if "Land" in ref.SOURCES[c].types]
REPLACEMENT_CARDS = sorted(set(ref.REPLACEMENTS) | set(ref.POOL_REPLACEMENTS))
TRIGGER_CARDS = sorted(set(ref.TRIGGERS) - ref.AURAS)
AURA_CARDS = sorted(ref.AURAS)
EFFECT_CARDS = sorted(set(ref.EFFECT_REPLACEMENTS) | set(ref.POOL_EFFECT_REPLACEMENTS)
                      | set(ref.EFFECT_TRIGGERS))

players = st.sampled_from(PLAYERS)
colors = st.one_of(st.none(), st.sampled_from(ref.COLORS))


@st.composite
def boards(draw):
    permanents = []
    sources = draw(st.lists(st.tuples(st.sampled_from(SOURCE_CARDS), players), min_size=1, max_size=5))
    for i, (card, pl) in enumerate(sources):
        permanents.append(ref.Permanent(f"s{i}", card, pl))
    lands = [p for p in permanents if p.card in LAND_CARDS]
    for i, (card, pl) in enumerate(draw(st.lists(st.tuples(st.sampled_from(REPLACEMENT_CARDS), players),
                                                  max_size=5))):
        permanents.append(ref.Permanent(f"r{i}", card, pl))
    for i, (card, pl, color) in enumerate(draw(st.lists(
            st.tuples(st.sampled_from(TRIGGER_CARDS), players, colors), max_size=4))):
        chosen = color if card in ref.CHOOSES_COLOR else None
        permanents.append(ref.Permanent(f"t{i}", card, pl, chosen_color=chosen))
    if lands:
        for i, (card, pl, land, color) in enumerate(draw(st.lists(
                st.tuples(st.sampled_from(AURA_CARDS), players, st.sampled_from(lands), colors),
                max_size=2))):
            if card == "Utopia Sprawl" and "Forest" not in ref.SOURCES[land.card].subtypes:
                continue            # "Enchant Forest": it couldn't be attached to anything else
            chosen = color if card in ref.CHOOSES_COLOR else None
            permanents.append(ref.Permanent(f"a{i}", card, pl, attached_to=land.id, chosen_color=chosen))
    effects = []
    plains = [p.id for p in permanents if "Plains" in getattr(ref.SOURCES.get(p.card), "subtypes", ())]
    for card, pl, color in draw(st.lists(st.tuples(st.sampled_from(EFFECT_CARDS), players,
                                                   st.sampled_from(ref.COLORS)), max_size=2)):
        targets = ()
        if card in ref.EFFECT_TARGETS_PLAINS:      # "target Plains": one of them, if any
            if not plains:
                continue
            targets = (draw(st.sampled_from(plains)),)
        chosen = color if card in ref.EFFECT_CHOOSES_COLOR else None
        effects.append(ref.Effect(card, pl, targets, chosen))
    return ref.Board(permanents, effects, PLAYERS)


def solver_answers(board: ref.Board, sources: list[str]) -> dict[tuple[str, str], set[str]]:
    asks = [(kind, ident) for ident in sources for kind in ("produce", "could_produce")]
    scenario = parse_scenario(ref.board_toml(board, asks), "<generated>")
    result = answer_scenario(scenario)
    assert not result.timed_out
    return {(r.ask.kind, r.ask.target): set(r.answer) for r in result.results}


@settings(max_examples=200, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(boards())
def test_solver_matches_reference(board):
    sources = [p.id for p in board.permanents if p.card in ref.SOURCES]
    got = solver_answers(board, sources)
    could = ref.could_produce_all(board)
    for ident in sources:
        assert got[("could_produce", ident)] == could[ident], ("could_produce", ident)
        expected = set(produce_normalise(list(ref.produce(board, ident, could=could))))
        assert got[("produce", ident)] == expected, ("produce", ident)


# --- the reference itself, on answers the rulings give directly ---
def _board(*cards, effects=()):
    perms = [ref.Permanent(f"p{i}", c, pl) for i, (c, pl) in enumerate(cards)]
    return ref.Board(perms, [ref.Effect(c, pl) for c, pl in effects])


def test_reference_orders_contamination_and_reflection():
    board = _board(("Forest", "you"), ("Contamination", "opponent"), ("Mana Reflection", "you"))
    assert ref.produce(board, "p0") == {"{B}", "{B}{B}"}


def test_reference_rechecks_damping_sphere():
    board = _board(("Forest", "you"), ("Damping Sphere", "opponent"), ("Mana Reflection", "you"))
    assert ref.produce(board, "p0") == {"{C}"}


def test_reference_trigger_sees_replaced_mana_and_is_not_doubled():
    board = _board(("Forest", "you"), ("Contamination", "you"), ("Mana Flare", "opponent"),
                   ("Mana Reflection", "you"))
    assert ref.produce(board, "p0") == {"{B}{B}", "{B}{B}{B}"}


def test_reference_shortcuts_agree_with_every_order_walked_alone():
    # The 11-effect expectation uses both shortcuts; on seven effects all four ways agree.
    board = _board(("Forest", "you"), ("Mana Reflection", "you"), ("Mana Reflection", "you"),
                   ("Infernal Darkness", "you"), ("Reality Twist", "you"), ("Damping Sphere", "you"),
                   ("Pulse of Llanowar", "you"), ("Contamination", "opponent"))
    plain = ref.produce(board, "p0")
    assert len(plain) > 1
    for distinct in (False, True):
        for shared in (False, True):
            assert ref.produce(board, "p0", distinct=distinct, shared_prefixes=shared) == plain
