"""The page's cards, in a real Chromium on `mtgasp serve` (issue 31): the autocomplete finds a card
by any part of its name or its words ("tomb yawg"), an exact name that other cards' names hold
is not added silently, the card panel shows the card's text, what its abilities compiled to and
its rulings with dates, a card the rules refuse where it is put is refused as it is added, with
the rule, and a permanent is offered only the questions that make sense for it."""
import re

from playwright.sync_api import expect

from test_web_browser import WAIT_MS, add_permanent, browser, page, served  # noqa: F401 (fixtures)


def type_card(page, player: str, text: str):
    box = page.locator(f'form.add-row[data-player="{player}"] input[name="card"]')
    box.click()
    box.press_sequentially(text, delay=15)
    return box


def test_words_of_a_name_find_the_card_and_an_exact_name_offers_the_others(page, served):
    page.goto(served + "/")
    box = type_card(page, "you", "tomb yawg")
    expect(page.locator('#card-names option[value="Urborg, Tomb of Yawgmoth"]')).to_have_count(
        1, timeout=WAIT_MS)
    expect(page.locator("#card-names option").first).to_have_attribute(
        "value", "Urborg, Tomb of Yawgmoth")
    box.fill("")
    # "Urborg" names the Legends card exactly: it is added, and said so with the others whose
    # names hold it, one click from taking its place.
    box = type_card(page, "you", "Urborg")
    box.press("Enter")
    status = page.locator("#status")
    expect(status).to_contain_text("Added Urborg (Legendary Land) to your battlefield as urborg.",
                                   timeout=WAIT_MS)
    other = status.locator("button.other-card", has_text="Urborg, Tomb of Yawgmoth")
    expect(other).to_have_count(1, timeout=WAIT_MS)
    other.click()
    expect(page.locator('.board[data-player="you"] .card-name')).to_have_text(
        ["Urborg, Tomb of Yawgmoth"], timeout=WAIT_MS)
    expect(status).to_contain_text("Replaced Urborg with Urborg, Tomb of Yawgmoth")
    # A double-faced card by its back face's name.
    box.fill("")
    box = type_card(page, "you", "Garenbrig Growth")
    expect(page.locator("#card-names option").first).to_have_attribute(
        "value", "Virtue of Strength // Garenbrig Growth", timeout=WAIT_MS)


def test_the_card_panel_shows_text_compiled_abilities_and_rulings(page, served):
    page.goto(served + "/")
    add_permanent(page, "you", "Urborg, Tomb of Yawgmoth")
    page.locator('.permanent[data-id="urborg_tomb_of_yawgmoth"] button.card-name').click()
    box = page.locator("#card-box")
    expect(box).to_be_visible()
    expect(box.locator("#card-title")).to_have_text("Urborg, Tomb of Yawgmoth")
    expect(box.locator(".type-line")).to_have_text("Legendary Land", timeout=WAIT_MS)
    expect(box.locator(".oracle")).to_have_text(
        "Each land is a Swamp in addition to its other land types.")
    compiled = box.locator(".compiled li")
    expect(compiled).to_have_count(1)
    expect(compiled).to_contain_text("read by the compiler")
    expect(compiled.locator(".facts")).to_contain_text(
        'land_type_effect(ab("Urborg, Tomb of Yawgmoth",1),each(land),add("Swamp"))')
    rulings = box.locator(".rulings li")
    expect(rulings.first.locator("time")).to_have_text("2021-03-19")
    expect(rulings.first).to_contain_text("Magus of the Moon")
    assert rulings.count() >= 2


def test_a_card_that_cannot_be_where_it_is_put_is_refused_as_it_is_added(page, served):
    page.goto(served + "/")
    add_permanent(page, "you", "Forest")
    box = type_card(page, "you", "Lightning Bolt")
    box.press("Enter")
    status = page.locator("#status")
    expect(status).to_have_class(re.compile(r"\berror\b"), timeout=WAIT_MS)
    expect(status).to_contain_text("can't be a permanent", timeout=WAIT_MS)
    expect(status).to_contain_text("rules 110.4, 304.4")
    expect(status).not_to_contain_text("scenario.json")
    expect(page.locator(".permanent")).to_have_count(1)        # the board as it was
    # A permanent card is no lasting effect: refused as it is added, the board untouched.
    effect = page.locator('#add-effect input[name="card"]')
    effect.fill("Blood Moon")
    effect.press("Enter")
    expect(status).to_contain_text("Lasting effect 1: a lasting effect is what is left of a "
                                   "resolved spell or ability (rule 611.2), and this card makes "
                                   "none: a permanent card goes on the board, where its static "
                                   "abilities work (rule 611.3).", timeout=WAIT_MS)
    expect(page.locator("#effects .effect")).to_have_count(0)
    # The board still answers.
    page.locator('.permanent[data-id="forest"] button[data-kind="could_produce"]').click()
    expect(page.locator('.answer[data-kind="could_produce"] .verdict')).to_have_text(
        "Forest (forest) could produce {G} (rule 106.7).", timeout=WAIT_MS)


def test_a_permanent_is_offered_the_questions_that_make_sense_for_it(page, served):
    page.goto(served + "/")
    add_permanent(page, "you", "Forest")
    add_permanent(page, "you", "Grizzly Bears")
    forest = page.locator('.permanent[data-id="forest"] .ask-buttons button')
    expect(forest).to_have_text(["could produce", "produce", "characteristics", "can activate"],
                                timeout=WAIT_MS)
    bears = page.locator('.permanent[data-id="grizzly_bears"] .ask-buttons button')
    expect(bears).to_have_text(["characteristics"], timeout=WAIT_MS)
    # Face down, the bears can be asked how they turn face up.
    bears_card = page.locator('.permanent[data-id="grizzly_bears"]')
    bears_card.locator("details.more > summary").click()
    bears_card.locator('select[aria-label="face down"]').select_option("morph")
    expect(page.locator('.permanent[data-id="grizzly_bears"] .ask-buttons button')).to_have_text(
        ["characteristics", "turn face up"], timeout=WAIT_MS)
    # A grant of a mana ability to creatures offers the mana questions on the bears too.
    effect = page.locator('#add-effect input[name="card"]')
    bears_card = page.locator('.permanent[data-id="grizzly_bears"]')
    bears_card.locator('select[aria-label="face down"]').select_option("")
    add_permanent(page, "you", "Cryptolith Rite")
    expect(page.locator('.permanent[data-id="grizzly_bears"] .ask-buttons button')).to_have_text(
        ["could produce", "produce", "characteristics", "can activate"], timeout=WAIT_MS)
    assert effect.count() == 1
