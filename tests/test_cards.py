"""The card pool: the embedded data, lookups, imports of MTGJSON and Scryfall files, the printed
facts of just a scenario's cards, the refusals of cards that can't be where a scenario puts them,
`mtgasp cards` and its coverage report."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pybridge import InputError, answer_scenario, parse_scenario
from pybridge.cards.command import COVERAGE_DOC, embedded_coverage_markdown
from pybridge.cards.coverage import AbilityResult, MODELLED, compiled_abilities, register_source
from pybridge.cards.encoded import library_cards
from pybridge.cards.pool import embedded_pool_path, load_pool, user_pool_path
from pybridge.cli import main
from pybridge.read.facts import scenario_facts

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "pybridge" / "data"


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user data folder of the test's own."""
    folder = tmp_path / "home"
    monkeypatch.setenv("MTGASP_HOME", str(folder))
    return folder


# --- the embedded pool -------------------------------------------------------------------
def test_the_pool_holds_the_2022_cards_and_the_newer_library_cards():
    pool = load_pool()
    assert len(pool.names()) >= 23_700
    forest = pool.card("Forest")
    assert forest.front.type_line == "Basic Land — Forest" and forest.layout == "normal"
    listed = json.loads((DATA / "library_cards.json").read_text())
    for entry in listed:
        card = pool.card(entry["name"], rulings=True)
        assert card is not None, entry["name"]
        assert sorted((r.date, r.text) for r in card.rulings) == \
            sorted((r["date"], r["text"]) for r in entry["rulings"]), entry["name"]
    virtue = pool.card("Virtue of Strength // Garenbrig Growth")    # newer than 2022
    assert [f.name for f in virtue.faces] == ["Virtue of Strength", "Garenbrig Growth"]
    assert virtue.layout == "adventure"


def test_the_pool_file_is_small_and_every_library_card_is_in_it():
    assert embedded_pool_path().stat().st_size < 6_000_000
    assert set(library_cards()) <= set(load_pool().names())


def test_faces_keep_their_own_characteristics():
    delver = load_pool().card("Delver of Secrets // Insectile Aberration")
    front, back = delver.faces
    assert (front.mana_cost, front.power, front.toughness) == ("{U}", "1", "1")
    assert (back.name, back.mana_cost, back.power, back.abilities) == \
        ("Insectile Aberration", "", "3", ["Flying"])
    assert delver.layout == "transform"


# --- lookups -----------------------------------------------------------------------------
def test_names_resolve_in_any_case_and_by_front_face():
    pool = load_pool()
    assert pool.resolve("llanowar elves") == "Llanowar Elves"
    assert pool.resolve("Delver of Secrets") == "Delver of Secrets // Insectile Aberration"
    assert pool.resolve("Insectile Aberration") is None      # a back face names no card
    assert pool.later_face("Insectile Aberration").card == \
        "Delver of Secrets // Insectile Aberration"


def test_closest_names_come_from_the_whole_pool():
    pool = load_pool()
    assert pool.closest("Forrest")[0] == "Forest"
    assert pool.closest("Reflectin Pool")[0] == "Reflecting Pool"
    assert pool.closest("Craw Wrum")[0] == "Craw Wurm"           # not a library card
    with pytest.raises(InputError, match=r"unknown card 'Mox Diamnd' \(closest: 'Mox Diamond'"):
        parse_scenario('title = "t"\n[[permanent]]\nid = "m"\ncard = "Mox Diamnd"\n'
                       '[[ask]]\ncould_produce = "m"\n')


def test_cards_finds_by_substring(capsys):
    assert main(["cards", "Urborg"]) == 0
    out = capsys.readouterr().out
    assert "Urborg, Tomb of Yawgmoth" in out
    assert main(["cards", "urborg", "tomb"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Urborg, Tomb of Yawgmoth"
    assert "  type: Legendary Land" in out and "  | Each land is a Swamp in addition to its " \
        "other land types." in out
    assert any("land_type_effect(ab(\"Urborg, Tomb of Yawgmoth\",1)" in line for line in out)


def test_cards_shows_what_each_ability_became(capsys):
    assert main(["cards", "Craw Wurm"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:4] == ["Craw Wurm", "  type: Creature — Wurm", "  mana cost: {4}{G}{G}",
                       "  power/toughness: 6/4"]
    assert main(["cards", "Llanowar Elves"]) == 0
    out = capsys.readouterr().out
    # The Oracle compiler reads it now (its hand facts went to tests/data/hand_encodings.lp).
    assert ('1. {T}: Add {G}.\n     modelled (compiler)\n       mana_ability(ab("Llanowar Elves",1))'
            in out)
    assert main(["cards", "Gaea's Cradle"]) == 0
    assert "modelled" in capsys.readouterr().out
    assert main(["cards", "Lightning Bolt"]) == 0
    assert "not modelled: not a mana ability; the compiler reads mana abilities only" in capsys.readouterr().out


def test_cards_says_when_nothing_is_close(capsys):
    assert main(["cards", "qqqqqqqqqqqqqqqqqqqqqqqq"]) == 2
    assert "no card name contains or is close to" in capsys.readouterr().err


def test_a_closed_pipe_ends_cards_quietly():
    proc = subprocess.Popen([sys.executable, "-m", "pybridge", "cards"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()                     # as `| head -1` does
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0
    assert first.strip() and err == b""


# --- printed facts for just the scenario's cards -----------------------------------------
CRAW_WURM = """
title = "A vanilla creature from outside the library has its printed characteristics"
[[permanent]]
id = "wurm"
card = "Craw Wurm"
[[ask]]
characteristics = "wurm"
"""


def test_a_card_only_the_pool_has_gets_its_printed_characteristics():
    scenario = parse_scenario(CRAW_WURM)
    facts = {str(s) for s in scenario_facts(scenario)}
    assert 'printed_power("Craw Wurm",6)' in facts and 'printed_subtype("Craw Wurm","Wurm")' in facts
    assert not any(f.startswith('card("Forest")') for f in facts)   # only the cards it names
    [result] = answer_scenario(scenario).results
    assert (result.answer["power"], result.answer["toughness"]) == (6, 4)
    assert result.answer["mana_cost"] == "{4}{G}{G}" and result.answer["colors"] == ["G"]


def test_every_card_a_scenario_names_brings_its_facts():
    scenario = parse_scenario("""
        title = "t"
        [game]
        commanders = { you = "Atraxa, Praetors' Voice" }
        graveyards = { you = ["Craw Wurm"] }
        [[permanent]]
        id = "lazav"
        card = "Lazav, Dimir Mastermind"
        copy_of_card = "Clone"
        [[permanent]]
        id = "hidden"
        card = "Lightning Bolt"
        face_down = "Ixidron"
        [[effect]]
        card = "Giant Growth"
        [[ask]]
        characteristics = "lazav"
    """)
    named = {s.arguments[0].string for s in scenario_facts(scenario) if s.name == "card"}
    assert named == {"Atraxa, Praetors' Voice", "Craw Wurm", "Lazav, Dimir Mastermind", "Clone",
                     "Lightning Bolt", "Ixidron", "Giant Growth"}


# --- cards that can't be where a scenario puts them --------------------------------------
def permanent(card: str, extra: str = "") -> str:
    return f'title = "t"\n[[permanent]]\nid = "p"\ncard = "{card}"\n{extra}[[ask]]\n' \
           f'characteristics = "p"\n'


def test_an_instant_cannot_be_a_permanent_face_up():
    with pytest.raises(InputError, match=r"line 4: permanent 'p': 'Lightning Bolt' \(Instant\) "
                                         r"can't be a permanent.*rules 110\.4, 304\.4"):
        parse_scenario(permanent("Lightning Bolt"))
    with pytest.raises(InputError, match=r"rules 110\.4, 307\.4"):
        parse_scenario(permanent("Wrath of God"))
    # Face down it is a 2/2 creature (rule 708.2, 701.40a).
    [result] = answer_scenario(parse_scenario(permanent("Lightning Bolt",
                                                        'face_down = "manifest"\n'))).results
    assert result.answer["power"] == 2


def test_a_later_face_is_refused_with_its_rule(tmp_path):
    with pytest.raises(InputError, match=r"'Insectile Aberration' is the back face of 'Delver of "
                                         r"Secrets // Insectile Aberration'.*712\.8a"):
        parse_scenario(permanent("Insectile Aberration"))
    with pytest.raises(InputError, match=r"'Garenbrig Growth' is the Adventure of .*715\.4"):
        parse_scenario(permanent("Garenbrig Growth"))
    path = tmp_path / "back.toml"
    path.write_text(permanent("Insectile Aberration"))
    assert main(["ask", str(path)]) == 2


# --- importing card files ----------------------------------------------------------------
def mtgjson_face(name, type_line, text, cost=None, **extra):
    face = {"name": name, "type": type_line, "text": text, "layout": "normal",
            "colorIdentity": [], "colors": [], "convertedManaCost": 0.0, "manaValue": 0.0,
            "foreignData": [], "identifiers": {}, "legalities": {"vintage": "Legal"},
            "printings": ["TST"], "purchaseUrls": {}, "subtypes": [], "supertypes": [],
            "types": [type_line.split(" — ")[0].split()[-1]]}
    if cost is not None:
        face["manaCost"] = cost
    face.update(extra)
    return face


ATOMIC = {
    "meta": {"date": "2026-11-01", "version": "5.2.2+20261101"},
    "data": {
        "Quillback Testwurm": [mtgjson_face(
            "Quillback Testwurm", "Creature — Wurm", "Trample\n{T}: Add {G}{G}.", "{3}{G}",
            power="5", toughness="5", rulings=[{"date": "2026-10-01", "text": "It taps."}])],
        "Dawnward Tester // Duskward Tested": [
            mtgjson_face("Dawnward Tester // Duskward Tested", "Creature — Human", "Flying",
                         "{1}{W}", faceName="Dawnward Tester", side="a", layout="transform",
                         power="2", toughness="2"),
            mtgjson_face("Dawnward Tester // Duskward Tested", "Creature — Horror", "Menace",
                         faceName="Duskward Tested", side="b", layout="transform",
                         colorIndicator=["B"], power="4", toughness="4")],
        "Mox Diamond": [mtgjson_face("Mox Diamond", "Artifact", "If Mox Diamond would enter, "
                                     "you may discard a land card instead. If you do, put Mox "
                                     "Diamond onto the battlefield. If you don't, put it into its "
                                     "owner's graveyard.\n{T}: Add one mana of any color.", "{0}")],
    },
}


def test_mtgjson_atomic_cards_import_and_take_precedence(home, tmp_path, capsys):
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(ATOMIC))
    assert main(["cards", "import", str(path)]) == 0
    assert "imported 3 cards" in capsys.readouterr().out and user_pool_path().is_file()
    pool = load_pool()
    wurm = pool.card("quillback testwurm", rulings=True)
    assert wurm.front.abilities == ["Trample", "{T}: Add {G}{G}."]
    assert [r.text for r in wurm.rulings] == ["It taps."]
    tester = pool.card("Dawnward Tester // Duskward Tested")
    assert tester.layout == "transform" and tester.faces[1].color_indicator == ("B",)
    assert pool.resolve("Dawnward Tester") == "Dawnward Tester // Duskward Tested"
    # Mox Diamond comes from the import (newer wording, no rulings in it: it keeps the pool's),
    # the rest from the embedded pool.
    mox = pool.card("Mox Diamond", rulings=True)
    assert mox.front.oracle_text.startswith("If Mox Diamond would enter,") and mox.rulings
    assert pool.resolve("Forest") == "Forest"
    [result] = answer_scenario(parse_scenario(permanent("Quillback Testwurm"))).results
    assert (result.answer["power"], result.answer["toughness"]) == (5, 5)
    [result] = answer_scenario(parse_scenario(permanent("Dawnward Tester"))).results
    assert result.answer["colors"] == ["W"]


SCRYFALL = [
    {"object": "card", "id": "00000000-0000-0000-0000-000000000001",
     "oracle_id": "00000000-0000-0000-0000-0000000000a1", "name": "Gravelpath Tester",
     "lang": "en", "layout": "normal", "mana_cost": "{1}{R}", "cmc": 2.0,
     "type_line": "Creature — Goblin", "oracle_text": "Haste", "power": "2", "toughness": "1",
     "colors": ["R"], "color_identity": ["R"], "keywords": ["Haste"],
     "legalities": {"vintage": "legal"}, "rarity": "common"},
    {"object": "card", "id": "00000000-0000-0000-0000-000000000002",
     "oracle_id": "00000000-0000-0000-0000-0000000000a2",
     "name": "Tidecall Tester // Tidecall Harbor", "lang": "en", "layout": "modal_dfc",
     "cmc": 3.0, "type_line": "Sorcery // Land", "color_identity": ["U"], "keywords": [],
     "legalities": {"vintage": "legal"}, "rarity": "uncommon",
     "card_faces": [
         {"object": "card_face", "name": "Tidecall Tester", "mana_cost": "{2}{U}",
          "type_line": "Sorcery", "oracle_text": "Draw two cards.", "colors": ["U"]},
         {"object": "card_face", "name": "Tidecall Harbor", "mana_cost": "",
          "type_line": "Land", "oracle_text": "{T}: Add {U}.", "colors": []}]},
    {"object": "card", "id": "00000000-0000-0000-0000-000000000003",
     "oracle_id": "00000000-0000-0000-0000-0000000000a3", "name": "Goblin", "lang": "en",
     "layout": "token", "mana_cost": "", "type_line": "Token Creature — Goblin",
     "oracle_text": "", "power": "1", "toughness": "1"},
    {"object": "card", "id": "00000000-0000-0000-0000-000000000004",
     "oracle_id": "00000000-0000-0000-0000-0000000000a4", "name": "Reflecting Pool",
     "lang": "en", "layout": "normal", "mana_cost": "", "cmc": 0.0, "type_line": "Land",
     "oracle_text": "{T}: Add one mana of any type that a land you control could produce.",
     "colors": [], "color_identity": [], "keywords": []},
]


def test_scryfall_oracle_cards_import(home, tmp_path):
    path = tmp_path / "oracle-cards.json"
    path.write_text(json.dumps(SCRYFALL))
    assert main(["cards", "import", str(path)]) == 0
    pool = load_pool()
    assert pool.card("Gravelpath Tester").front.power == "2"
    mdfc = pool.card("Tidecall Tester // Tidecall Harbor")
    assert mdfc.layout == "modal_dfc" and mdfc.faces[1].abilities == ["{T}: Add {U}."]
    assert pool.card("Goblin") is None or pool.card("Goblin").front.type_line != \
        "Token Creature — Goblin"                                    # tokens are skipped
    assert pool.card("Reflecting Pool", rulings=True).rulings    # the pool's rulings stay
    with pytest.raises(InputError, match=r"110\.4, 307\.4"):
        parse_scenario(permanent("Tidecall Tester"))


def test_a_second_import_keeps_the_first(home, tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(json.dumps(ATOMIC))
    second.write_text(json.dumps(SCRYFALL[:1]))
    assert main(["cards", "import", str(first)]) == 0
    assert main(["cards", "import", str(second)]) == 0
    pool = load_pool()
    assert pool.card("Quillback Testwurm") and pool.card("Gravelpath Tester")


@pytest.mark.parametrize("content, message", [
    ("{not json", r"x\.json: line 1: not JSON"),
    (json.dumps({"meta": {}, "data": {"Bad Card": [{"name": "Bad Card", "text": "x"}]}}),
     r"""x\.json: data\["Bad Card"\]\[0\]: missing 'type'"""),
    (json.dumps({"meta": {}, "data": {"Bad Card": [{"name": "Bad Card", "type": "Land",
                                                    "rulings": [{"date": 3}]}]}}),
     r"""x\.json: data\["Bad Card"\]\[0\]: ruling 0 must have a 'date' and a 'text'"""),
    (json.dumps([SCRYFALL[0], {"object": "card", "name": "Bad Card", "type_line": 5}]),
     r"""x\.json: card 1 \("Bad Card"\): 'type_line' must be a string"""),
    (json.dumps({"cards": []}), r"x\.json: neither MTGJSON's AtomicCards"),
])
def test_a_malformed_file_imports_nothing(home, tmp_path, capsys, content, message):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(ATOMIC))
    assert main(["cards", "import", str(good)]) == 0
    before = user_pool_path().read_bytes()
    bad = tmp_path / "x.json"
    bad.write_text(content)
    capsys.readouterr()
    assert main(["cards", "import", str(bad)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert __import__("re").search(message, err), err
    assert user_pool_path().read_bytes() == before          # nothing half-imported
    # (no temporary file left; the lock file the imports take turns on stays)
    assert sorted(p.name for p in user_pool_path().parent.iterdir()) == \
        ["cards.sqlite", "cards.sqlite.lock"]


def test_an_unreadable_user_pool_is_bad_input(home, capsys):
    home.mkdir()
    user_pool_path().write_text("not a database")
    assert main(["cards", "Forest"]) == 2
    assert str(user_pool_path()) in capsys.readouterr().err


# --- coverage ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def coverage_json():
    import io
    from contextlib import redirect_stdout
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["cards", "--coverage", "--json"]) == 0
    return json.loads(out.getvalue())


def test_coverage_json_has_every_group(coverage_json):
    groups = coverage_json["groups"]
    assert len(groups) == 14 and any("mana_abilit" in name for name in groups)
    assert {"enters_tapped", "enters_with_counters", "triggered_abilities",
            "as_enters_choices", "animations"} <= set(groups)
    for name, group in groups.items():
        assert group["cards"] > 0 and 0 <= group["modelled"] <= group["cards"], name
        assert len(group["unmodelled"]) == group["cards"] - group["modelled"], name
        for entry in group["unmodelled"]:
            assert set(entry) == {"card", "why"} and entry["why"], entry
    mana = next(g for n, g in groups.items() if "mana_abilit" in n)
    assert mana["cards"] > 1200
    unmodelled = {u["card"] for u in mana["unmodelled"]}
    assert "Llanowar Elves" not in unmodelled and "Forest" not in unmodelled
    assert "Chrome Mox" not in unmodelled    # "any of the exiled card's colors": exiled_card
    assert "River of Tears" not in unmodelled   # "if you played a land this turn": this_turn lands_played
    assert "Kydele, Chosen of Kruphix" in unmodelled    # "cards you've drawn this turn": not read
    triggered = groups["triggered_abilities"]          # the trigger condition, not the effect
    assert triggered["cards"] > 7000 and triggered["modelled"] > 0.8 * triggered["cards"]
    missing = {u["card"] for u in triggered["unmodelled"]}
    assert "Elvish Visionary" not in missing and "Trail of Mystery" not in missing
    effects = groups["triggered_effects"]              # the effect as it resolves, read whole
    assert effects["cards"] == triggered["cards"] and 0 < effects["modelled"] < triggered["modelled"]
    unread = {u["card"] for u in effects["unmodelled"]}
    assert {"Soul Warden", "Pelt Collector", "Lotus Cobra", "Zulaport Cutthroat", "Blood Artist",
            "Elvish Visionary", "Hangarback Walker", "Unstable Shapeshifter"}.isdisjoint(unread)
    assert {"Omenspeaker", "Flametongue Kavu"} <= unread     # scry; damage to a target creature
    assert "Midnight Reaper" not in unread                  # damage to you, a draw


def test_coverage_counts_cards_no_scenario_can_state_apart(coverage_json):
    """Vanguards, planes, phenomena and schemes are never on the battlefield: counted apart, in
    no group (neither modelled nor unmodelled)."""
    from pybridge.cards.coverage import cannot_be_stated
    from pybridge.cards.pool import load_pool
    apart = coverage_json["cannot_be_stated"]["cards"]
    unstated = [card for card in load_pool().cards() if cannot_be_stated(card)]
    assert apart == len(unstated) > 100
    names = {card.name for card in unstated}
    counted = {u["card"] for g in coverage_json["groups"].values() for u in g["unmodelled"]}
    assert not names & counted


def test_the_mana_abilities_group_is_rule_605_1a():
    """No target, could add mana, not a loyalty ability; an ability word changes nothing."""
    from pybridge.cards.coverage import ability_groups
    def mana(text):
        return "mana_abilities" in ability_groups(text, 1)
    assert mana("{T}: Add {G}.") and mana("Parley — {T}: Each player reveals the top card of "
                                            "their library. For each nonland card revealed this "
                                            "way, you add {G} and you gain 2 life.")
    assert mana("{T}: A player of your choice adds {C}.")
    assert not mana("{T}: Exile target land card from a graveyard. Add one mana of any color.")
    assert not mana("{T}: Add {B}{B}{B}{B}. Target opponent gains control of Witch Engine.")
    assert not mana("[+1]: Add {R}{G}.") and not mana("+1: Add {R}{R}.")
    assert not mana('{1}{G}, Discard ~: Create a 1/1 green Human Monk creature token with "{T}: Add {G}."')


def test_docs_coverage_is_current():
    assert COVERAGE_DOC.read_text(encoding="utf-8") == embedded_coverage_markdown(), \
        "regenerate it: mtgasp cards --coverage --write"


def test_a_compiler_plugs_into_the_registry():
    card = load_pool().card("Lightning Bolt")
    assert not compiled_abilities(card)[0].modelled

    def compiler(card):
        return {(f.name, i): AbilityResult(f.name, i, text, MODELLED, "compiler",
                                           ("deals_damage(ab(F,I),3).",), "")
                for f in card.faces for i, text in enumerate(f.abilities, start=1)}
    from pybridge.cards import coverage
    before = coverage.load_sources()     # the registry as the rest of the suite knows it
    register_source("compiler", compiler, first=True)
    try:
        [result] = compiled_abilities(card)
        assert result.modelled and result.source == "compiler"
        llanowar = compiled_abilities(load_pool().card("Llanowar Elves"))
        assert llanowar[0].source == "compiler"            # registered first, so it wins
    finally:
        # the real Oracle compiler's source comes back: later tests read coverage through it
        coverage._SOURCES = before


def test_the_library_still_maps_names_to_card_text():
    from pybridge.cards.library import load_library
    cards = load_library().cards
    info = cards["Delver of Secrets // Insectile Aberration"]
    assert info.faces == ("Delver of Secrets", "Insectile Aberration")
    assert info.abilities[-1] == ("Insectile Aberration", 1, "Flying")
    assert "Forest" in cards and "forest" not in cards and "morph" not in cards
