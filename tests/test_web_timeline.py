"""The founding rulings built on the page only by typing and clicking, in a real Chromium on
`mtgasp serve` (issue 31): cards off the battlefield, events in order, a question about any
object, and the answer read in the page's plain words; and every example of queries/events/
loaded on the page shows its cards and events and no "undefined", "null" or "None"."""
import re
import tomllib
from pathlib import Path

import pytest
from playwright.sync_api import expect

from test_web_browser import WAIT_MS, add_permanent, browser, page, served  # noqa: F401 (fixtures)

ROOT = Path(__file__).resolve().parent.parent
EVENTS = sorted((ROOT / "queries" / "events").glob("*.toml"))


def add_card(page, card: str, zone: str) -> None:
    form = page.locator("#add-card")
    form.locator('select[name="zone"]').select_option(zone)
    box = form.locator('input[name="card"]')
    box.click()
    box.press_sequentially(card, delay=10)
    box.press("Enter")
    expect(page.locator(f'#zones .zone[data-zone="{zone}"] .card-name', has_text=card)).to_have_count(
        1, timeout=WAIT_MS)


def add_event(page, kind: str, objects: str, **keys: str) -> None:
    form = page.locator("#add-event")
    form.locator('select[name="kind"]').select_option(kind)
    form.locator('input[name="objects"]').fill(objects)
    form.locator("button").click()
    event = page.locator("#events .event").last
    expect(event).to_have_attribute("data-kind", kind)
    if keys:
        event.locator("details.more > summary").click()
        for key, value in keys.items():
            field = page.locator("#events .event").last.locator(f'input[data-key="{key}"]')
            field.fill(value)
            field.press("Enter")


def ask(page, kind: str, target: str):
    form = page.locator("#add-ask")
    form.locator('select[name="kind"]').select_option(kind)
    form.locator('input[name="target"]').fill(target)
    form.locator("button").click()
    return page.locator(f'.answer[data-kind="{kind}"][data-target="{target}"] .verdict')


def test_ixidron_and_a_creature_entering_together(page, served):
    """Ixidron 2006-09-25: a creature entering with Ixidron enters face up; the ones already there
    are turned face down."""
    page.goto(served + "/")
    add_permanent(page, "you", "Grizzly Bears")
    add_card(page, "Ixidron", "hand")
    add_card(page, "Llanowar Elves", "hand")
    add_event(page, "enter", "ixidron, llanowar_elves")
    # With an event, a card off the battlefield offers the questions about any object.
    expect(page.locator('.card-row[data-id="ixidron"] button.ask')).to_have_text(
        ["zone", "revealed to", "triggered"])
    expect(ask(page, "characteristics", "grizzly_bears")).to_have_text(
        "grizzly_bears is face down: a 2/2 colorless Creature with no name (you "
        "may look at it: it is Grizzly Bears); no abilities.", timeout=WAIT_MS)
    expect(ask(page, "characteristics", "llanowar_elves_1")).to_have_text(
        "Llanowar Elves (llanowar_elves_1) is a 1/1 green Creature — Druid Elf named Llanowar "
        "Elves, mana cost {G}; 1 ability.", timeout=WAIT_MS)
    expect(ask(page, "zone", "llanowar_elves")).to_have_text(
        "After the events, Llanowar Elves (llanowar_elves) is on the battlefield, as a new object "
        "llanowar_elves_1 (rule 400.7).", timeout=WAIT_MS)
    # The board after the event, as the rules place each object.
    page.locator('#events .event[data-event="1"] button.after').click()
    battlefield = page.locator('#after .zone[data-zone="battlefield"] li')
    expect(battlefield).to_have_text(["Grizzly Bears (grizzly_bears)", "Ixidron (ixidron_1)",
                                      "Llanowar Elves (llanowar_elves_1)"], timeout=WAIT_MS)


def test_magars_face_down_instant_blinked_stays_in_exile(page, served):
    """Magar of the Magic Strings 2022-10-07: a face-down instant card blinked is exiled, revealed
    to all players, and stays in exile."""
    page.goto(served + "/")
    board = page.locator('form.add-row[data-player="you"]')
    board.locator('select[name="face"]').select_option("card")
    board.locator('input[name="by"]').fill("Magar of the Magic Strings")
    box = board.locator('input[name="card"]')
    box.fill("Lightning Bolt")
    box.press("Enter")
    expect(page.locator('.permanent[data-id="lightning_bolt"] .summary')).to_have_text(
        "face down (Magar of the Magic Strings)", timeout=WAIT_MS)
    add_event(page, "blink", "lightning_bolt")
    expect(ask(page, "zone", "lightning_bolt")).to_have_text(
        "After the events, lightning_bolt is in exile, as a new object "
        "lightning_bolt_1 (rule 400.7).", timeout=WAIT_MS)
    expect(ask(page, "revealed", "lightning_bolt")).to_have_text(
        "The events revealed lightning_bolt to opponent and you.", timeout=WAIT_MS)


def test_a_cyberman_turned_face_up(page, served):
    """Missy, Mondassian Colony Ship 2023-10-13: turned face up, the effect making it a Cyberman
    ends; Pine Walker 2014-09-20: its "turned face up" ability triggers."""
    page.goto(served + "/")
    add_permanent(page, "you", "Pine Walker")
    add_event(page, "turn_face_down", "pine_walker", by="Cyber Conversion")
    add_event(page, "turn_face_up", "pine_walker", way="morph")
    expect(ask(page, "characteristics", "pine_walker")).to_have_text(
        "Pine Walker (pine_walker) is a 5/5 green Creature — Elemental named Pine Walker, mana "
        "cost {3}{G}{G}; 2 abilities.", timeout=WAIT_MS)
    expect(ask(page, "triggered", "pine_walker")).to_have_text(re.compile(
        r"^1 ability triggered: in event 2, Pine Walker \(pine_walker\)'s “Whenever Pine Walker or "
        r"another creature you control is turned face up, untap that creature\.” triggered on "
        r"Pine Walker \(pine_walker\)\.$"), timeout=WAIT_MS)


def test_yedoras_forest_turned_face_up(page, served):
    """Yedora, Grave Gardener 2021-04-16: a creature returned face down as a Forest land, turned
    face up for its morph cost, is its printed card again."""
    page.goto(served + "/")
    add_permanent(page, "you", "Yedora, Grave Gardener")
    add_permanent(page, "you", "Pine Walker")
    add_event(page, "leave", "pine_walker")
    add_event(page, "enter", "pine_walker_1", face_down="pine_walker_1=Yedora, Grave Gardener")
    add_event(page, "turn_face_up", "pine_walker_1_2", way="morph")
    expect(ask(page, "characteristics", "pine_walker_1_2")).to_have_text(
        "Pine Walker (pine_walker_1_2) is a 5/5 green Creature — Elemental named Pine Walker, "
        "mana cost {3}{G}{G}; 2 abilities.", timeout=WAIT_MS)
    expect(page.locator('.answer[data-target="pine_walker_1_2"] .expectation')).to_have_count(0)


def _ids(doc: dict) -> list[str]:
    return [row["id"] for key in ("permanent", "card") for row in doc.get(key, [])]


@pytest.mark.parametrize("path", EVENTS, ids=lambda p: p.stem)
def test_every_events_example_shows_its_cards_and_events_in_words(page, served, path):
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    page.goto(served + "/")
    page.locator("#examples").select_option(label=path.stem.replace("_", " "))
    answers = page.locator("#answers .answer .verdict")
    expect(answers).to_have_count(len(doc.get("ask", [])), timeout=WAIT_MS)
    for ident in _ids(doc):
        expect(page.locator(f'[data-id="{ident}"]')).to_have_count(1)
    expect(page.locator("#events .event")).to_have_count(len(doc.get("event", [])))
    text = page.locator("body").inner_text()
    found = re.search(r"\b(undefined|null|None)\b", text)
    assert not found, f"{path.name}: ...{text[max(0, found.start() - 150):found.end() + 40]}..."


def test_every_key_of_the_game_is_a_field_read_by_its_type(page, served):
    """[game]'s keys beside players come from the contract: life as `you=30` reaches the rules
    (Serra Avatar's power and toughness are its controller's life total, rule 604.3)."""
    page.goto(served + "/")
    box = page.locator('form.add-row[data-player="you"] input[name="card"]')
    box.fill("Serra Avatar")
    box.press("Enter")          # refused: it reads a life total the board doesn't state
    expect(page.locator("#status")).to_contain_text("reads a life total the scenario doesn't "
                                                    "state", timeout=WAIT_MS)
    page.locator("details.game-keys > summary").click()
    life = page.locator('#game-keys input[data-key="life"]')
    life.fill("you=30")
    life.press("Enter")
    add_permanent(page, "you", "Serra Avatar")
    expect(ask(page, "characteristics", "serra_avatar")).to_contain_text(
        "Serra Avatar (serra_avatar) is a 30/30 white Creature", timeout=WAIT_MS)
    graveyards = page.locator('#game-keys input[data-key="graveyards"]')
    graveyards.fill("you=Grizzly Bears | Lightning Bolt")
    graveyards.press("Enter")
    page.locator("#toml-pane summary").click()
    expect(page.locator("#toml-text")).to_have_value(
        re.compile(r'you = \[\s*"Grizzly Bears",\s*"Lightning Bolt",?\s*\]'), timeout=WAIT_MS)


def test_outcomes_are_shown_side_by_side_with_the_ways_to_each(page, served):
    """A shock land paid for or not: two outcomes of can_activate, each with how many of the
    events' choices lead to it (the answer's `orders`)."""
    page.goto(served + "/")
    page.locator("#examples").select_option(label="shock land enters tapped unless paid")
    answer = page.locator('#answers .answer[data-kind="can_activate"][data-target="pool_1"]')
    expect(answer.locator(".verdict")).to_contain_text("2 outcomes", timeout=WAIT_MS)
    answer.locator("details.answer-more > summary").click()
    items = answer.locator("ol.outcomes > li")
    expect(items).to_have_count(2)
    for k in range(2):
        expect(items.nth(k).locator(".orders")).to_have_text("1 way leads here")
