"""The mana card facts agree with the printed Oracle text, could_produce stays linear, and the
inputs the mana rules read (chosen creature types, graveyards) are checked."""
import re
from functools import lru_cache

import clingo
import pytest

from pybridge import InputError, answer_scenario, parse_scenario
from pybridge.read.facts import scenario_facts
from pybridge.cards.encoded import library_cards
from pybridge.cards.printed import card_facts
from pybridge.cards.library import program_files
from pybridge.oracle.hook import oracle_facts
from pybridge.solve.solver import solve_in_process


@lru_cache(maxsize=1)
def library_atoms() -> dict[str, list[clingo.Symbol]]:
    """The atoms the programs derive with no scenario: the card library and its vocabulary."""
    ctl = clingo.Control(["--warn=none"])
    for path in program_files():
        ctl.load(str(path))
    with ctl.backend() as backend:   # the library's printed facts and compiled Oracle text
        for sym in [*card_facts(library_cards()), *oracle_facts(library_cards())]:
            backend.add_rule([backend.add_atom(sym)])
    ctl.ground([("base", [])])
    atoms: dict[str, list[clingo.Symbol]] = {}
    for atom in ctl.symbolic_atoms:
        atoms.setdefault(atom.symbol.name, []).append(atom.symbol)
    return atoms


def ability_texts() -> dict[str, str]:
    """Each ability term (as text) and its Oracle text: printed abilities, granted ones and those
    of predefined tokens."""
    atoms = library_atoms()
    texts = {}
    for sym in atoms.get("printed_ability", []):
        face, index, text = sym.arguments
        texts[str(clingo.Function("ab", [face, index]))] = text.string
    for sym in atoms.get("ability_grant", []):
        granter, _, text = sym.arguments
        texts[str(clingo.Function("grant", granter.arguments))] = text.string
    for sym in atoms.get("token_ability", []):      # a predefined token's text (rule 111.10)
        token, index, text = sym.arguments
        texts[str(clingo.Function("ab", [token, index]))] = text.string
    return texts


def cost_of(text: str) -> str:
    """The cost of an activated ability: what precedes the first colon outside quotes."""
    return text.split(":", 1)[0] if ":" in text else ""


def terms(name: str) -> set[str]:
    return {str(sym.arguments[0]) for sym in library_atoms().get(name, [])}


def test_every_mana_ability_names_a_printed_ability():
    texts = ability_texts()
    missing = sorted(ab for ab in terms("mana_ability")
                     if ab.startswith(("ab(", "grant(")) and ab not in texts)
    assert not missing, f"mana abilities with no printed text: {missing}"


def test_mana_abilities_add_mana_and_their_costs_match_the_text():
    texts = ability_texts()
    taps, untaps = terms("cost_tap"), terms("cost_untap")
    for ab in sorted(terms("mana_ability")):
        if ab not in texts:
            continue
        text = texts[ab]
        assert re.search(r"\bAdd\b|\bDouble the amount\b", text), f"{ab} adds no mana: {text}"
        assert (ab in taps) == ("{T}" in cost_of(text)), f"{ab}: {{T}} in cost? {text}"
        assert (ab in untaps) == ("{Q}" in cost_of(text)), f"{ab}: {{Q}} in cost? {text}"


def test_every_printed_mana_ability_is_encoded():
    """An activated ability with no target that adds mana is a mana ability (rule 605.1a)."""
    encoded = terms("mana_ability")
    looks_like = re.compile(r'^[^"]*?:[^"]*\bAdd\b')
    missing = sorted(ab for ab, text in ability_texts().items()
                     if looks_like.search(text) and "target" not in text.split(":", 1)[1]
                     and ab not in encoded)
    assert not missing, f"mana abilities the card files don't encode: {missing}"


def test_effects_name_printed_abilities():
    texts = ability_texts()
    for name in ("land_type_effect", "color_effect", "ability_grant", "chooses_creature_type"):
        for ab in terms(name):
            assert ab in texts, f"{name} names {ab}, which is no printed ability"


def test_a_chosen_type_that_is_no_creature_type_is_bad_input():
    text = """
title = "t"
cites = ["205.3e"]
[[permanent]]
id = "cavern"
card = "Cavern of Souls"
chosen_type = "Artifact"
[[ask]]
could_produce = "cavern"
"""
    with pytest.raises(InputError, match="205.3e"):
        answer_scenario(parse_scenario(text))
    fine = parse_scenario(text.replace("Artifact", "Time Lord"))
    assert answer_scenario(fine).results[0].answer == ["W", "U", "B", "R", "G", "C"]


def test_graveyards_are_read_in_order_and_checked():
    text = """
title = "t"
cites = ["106.5"]
[game]
graveyards = { opponent = ["Lightning Bolt", "sol ring"] }
[[permanent]]
id = "stone"
card = "Corrupted Grafstone"
controller = "opponent"
[[ask]]
could_produce = "stone"
"""
    scenario = parse_scenario(text)
    assert scenario.graveyards == (("opponent", 1, "Lightning Bolt"), ("opponent", 2, "Sol Ring"))
    assert "graveyard(\"opponent\",2,\"Sol Ring\")" in {str(s) for s in scenario_facts(scenario)}
    with pytest.raises(InputError, match="unknown player"):
        parse_scenario(text.replace("opponent =", "nobody ="))
    with pytest.raises(InputError, match="unknown card"):
        parse_scenario(text.replace("Lightning Bolt", "Lightning Boltt"))


# --- grounding stays linear in the number of permanents ---
BOARD = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Tundra", "Breeding Pool",
         "Karplusan Forest", "Vivid Crag", "Gaea's Cradle", "Reflecting Pool", "Exotic Orchard",
         "Fellwar Stone", "Naga Vitalist", "Llanowar Elves", "Star Compass", "Incubation Druid"]
EFFECTS = ["Urborg, Tomb of Yawgmoth", "Prismatic Omen", "Contamination", "Mana Reflection"]


def board(size: int) -> str:
    lines = ['title = "board"']
    for number in range(size):
        card = EFFECTS[number] if number < len(EFFECTS) else BOARD[number % len(BOARD)]
        side = "you" if (number // len(BOARD)) % 2 else "opponent"
        lines += ["[[permanent]]", f'id = "p{number}"', f'card = "{card}"',
                  f'controller = "{side}"', "[[ask]]", f'could_produce = "p{number}"']
    return "\n".join(lines)


def test_could_produce_grounds_linearly():
    sizes = (150, 300, 600)
    atoms = [solve_in_process(scenario_facts(parse_scenario(board(n)))).stats["atoms"]
             for n in sizes]
    assert atoms[1] < 2.2 * atoms[0] and atoms[2] < 2.2 * atoms[1], atoms


def test_a_land_entering_under_blood_moon_never_chose_a_type():
    """Blood Moon older than Cavern of Souls: the Cavern lost its "as enters" choice first."""
    text = """
title = "t"
cites = ["614.12"]
[[permanent]]
id = "moon"
card = "Blood Moon"
timestamp = MOON
[[permanent]]
id = "cavern"
card = "Cavern of Souls"
chosen_type = "Elf"
timestamp = 2
[[ask]]
could_produce = "cavern"
"""
    with pytest.raises(InputError, match="614.12"):
        answer_scenario(parse_scenario(text.replace("MOON", "1")))
    assert answer_scenario(parse_scenario(text.replace("MOON", "3"))).results[0].answer == ["R"]
