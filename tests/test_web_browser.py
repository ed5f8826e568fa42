"""The page in a real headless Chromium (Debian's chromium, driven by Playwright), served by
`mtgasp serve` started as a user starts it: build Forest, the opponent's Contamination, Mana
Reflection and Damping Sphere by typing card names, ask `produce` of the Forest, and see {B} (two
orders) and {C} (one order), the steps with their rules, and the state graph.  `.ci/run` installs
chromium and graphviz."""
import base64
import json
import re
import socket
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import httpx2 as httpx
import pytest
from playwright.sync_api import expect, sync_playwright

from pybridge import ask

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BOARD = [("you", "Forest"), ("opponent", "Contamination"), ("you", "Mana Reflection"),
         ("you", "Damping Sphere")]
WAIT_MS = 60_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served():
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "pybridge", "serve", "--port", str(port)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                if httpx.get(url + "/api/examples", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                assert proc.poll() is None, proc.stdout.read()
                time.sleep(0.05)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    profile = tmp_path_factory.mktemp("chromium-profile")   # an empty user-data-dir
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
            viewport={"width": 1400, "height": 1000}, accept_downloads=True)
        yield context
        context.close()


@pytest.fixture
def page(browser):
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    yield page
    page.close()
    assert errors == []


def add_permanent(page, player: str, card: str) -> None:
    box = page.locator(f'form.add-row[data-player="{player}"] input[name="card"]')
    box.click()
    box.press_sequentially(card, delay=15)       # typed, so the autocomplete list follows it
    expect(page.locator(f'#card-names option[value="{card}"]')).to_have_count(1, timeout=WAIT_MS)
    box.press("Enter")
    expect(page.locator(f'.board[data-player="{player}"] .card-name', has_text=card)
           ).to_have_count(1, timeout=WAIT_MS)


def check_sphere_answer(page, sphere: str = "damping_sphere") -> None:
    answer = page.locator('.answer[data-kind="produce"][data-target="forest"]')
    # In plain words first; the details folded below.
    expect(answer.locator(".verdict")).to_have_text(
        "One activation of Forest (forest)'s mana ability adds {B} or {C}, by the order the "
        "replacement effects apply: 2 orders give {B}, 1 order gives {C}.", timeout=WAIT_MS)
    expect(answer.locator(".value .chip")).to_have_text(["{B}", "{C}"], timeout=WAIT_MS)
    groups = answer.locator(".group")
    expect(groups.locator(".group-head .chip")).to_have_text(["{B}", "{C}"])
    expect(groups.locator(".group-head .orders")).to_have_text(["2 orders lead here",
                                                                 "1 order leads here"])
    expect(groups.nth(0).locator("li")).to_have_count(4)
    expect(groups.nth(1).locator("li")).to_have_count(5)
    expect(groups.nth(1).locator("li").nth(3)).to_contain_text(
        f"Damping Sphere ({sphere}) replaces {{B}}{{B}} with {{C}}")
    expect(groups.nth(1).locator("li").nth(3).locator("a.rule")).to_have_text("616.2")
    expect(page.locator("#graph .counts")).to_have_text("Forest (forest): {B} by 2 orders, {C} by 1 order")
    graph = page.locator("#graph svg")
    expect(graph).to_have_count(1)
    expect(graph.locator("text", has_text=f"Damping Sphere ({sphere})").first).to_be_attached()


def test_build_the_board_by_typing_and_ask_produce(page, served, tmp_path):
    page.goto(served + "/")
    for player, card in BOARD:
        add_permanent(page, player, card)
    page.locator('.permanent[data-id="forest"] button[data-kind="produce"]').click()
    check_sphere_answer(page)
    page.screenshot(path=str(tmp_path / "page.png"), full_page=True)

    # A rule number, in the folded details, opens the rule's text.
    page.locator("#answers details.answer-more > summary").first.click()
    page.locator('#answers a.rule[data-rule="616.2"]').first.click()
    expect(page.locator("#rule-box")).to_be_visible()
    expect(page.locator("#rule-text")).to_contain_text("can become applicable to an event")

    # The address carries the scenario: opened elsewhere, it is the same board and answer.
    link = page.url
    fragment = link.split("#scenario=", 1)[1]
    shared = json.loads(base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4)))
    assert [(p.get("controller", "you"), p["card"]) for p in shared["permanent"]] == BOARD
    assert shared["ask"] == [{"produce": "forest"}]
    other = page.context.new_page()
    other.goto(link)
    expect(other.locator(".permanent .card-name")).to_have_text(
        ["Forest", "Mana Reflection", "Damping Sphere", "Contamination"])
    other.locator("#ask-all").click()
    check_sphere_answer(other)

    # Saved as TOML, it is the scenario file format, answered the same from a file.
    with other.expect_download() as download:
        other.locator("#save-toml").click()
    saved = tmp_path / "saved.toml"
    download.value.save_as(saved)
    assert tomllib.loads(saved.read_text(encoding="utf-8")) == shared
    assert ask(saved, timeout=120).answer("produce", "forest") == ["{B}", "{C}"]
    other.close()


def test_examples_toggles_and_bad_input(page, served):
    page.goto(served + "/")
    # An example of queries/ is one click away, and its questions are asked at once.
    page.locator("#examples").select_option(label="contamination reflection sphere")
    expect(page.locator(".answer .expectation.ok")).to_have_text("As the scenario expects.",
                                                                  timeout=WAIT_MS)
    check_sphere_answer(page, sphere="sphere")
    expect(page.locator("#title")).to_have_value(
        "Contamination, Mana Reflection and Damping Sphere on a Forest give {B} or {C} by the order chosen")

    # Tapping the Forest is a board change the next answer sees (rule 107.5: a tapped permanent can't pay {T}).
    forest = page.locator('.permanent[data-id="forest"]')
    forest.locator("details.more > summary").click()
    forest.locator("label.check", has_text="tapped").locator("input").check()
    forest.locator('button[data-kind="can_activate"]').click()
    answer = page.locator('.answer[data-kind="can_activate"]')
    expect(answer.locator(".verdict")).to_have_text(
        "Forest (forest)'s ability can't be activated now: 107.5: a permanent that's already "
        "tapped can't pay {T}.", timeout=WAIT_MS)
    expect(forest.locator(".summary")).to_have_text("tapped")
    page.locator("#toml-pane summary").click()
    expect(page.locator("#toml-text")).to_have_value(re.compile(r"tapped = true"))

    # Face down by morph with two +1/+1 counters: a 2/2 nameless creature, 4/4 (708.2, 613.4c).
    forest = page.locator('.permanent[data-id="forest"]')
    expect(forest.locator("details.more")).to_have_attribute("open", "")   # stays unfolded
    forest.locator('select[aria-label="face down"]').select_option("morph")
    forest = page.locator('.permanent[data-id="forest"]')
    forest.locator('input[aria-label="counters"]').fill("+1/+1=2")
    forest.locator('input[aria-label="counters"]').press("Enter")
    expect(forest.locator(".summary")).to_have_text("tapped · face down (morph) · counters +1/+1=2")
    forest.locator('button[data-kind="characteristics"]').click()
    table = page.locator('.answer[data-kind="characteristics"] table.chars')
    expect(table.locator("tr", has_text="power")).to_have_text("power4", timeout=WAIT_MS)
    expect(table.locator("tr", has_text="hidden")).to_have_text("hiddenForest (you may look at it)")
    expect(page.locator('.answer[data-kind="characteristics"] .verdict')).to_have_text(
        "forest is face down: a 4/4 colorless Creature with no name (you may look at it: "
        "it is Forest); no abilities.")

    # A card the library doesn't have is refused with the closest names.
    box = page.locator('form.add-row[data-player="you"] input[name="card"]')
    box.fill("Forrest")
    box.press("Enter")
    expect(page.locator("#status")).to_contain_text("No card is named “Forrest”")
    expect(page.locator("#status")).to_contain_text("Forest")


def test_an_answer_resting_on_unread_text_says_so_in_a_sentence(page, served):
    """Issue 30: the note is a plain sentence naming the card and its text, never raw JSON."""
    page.goto(served + "/")
    add_permanent(page, "you", "Tromokratis")
    page.locator('.permanent[data-id="tromokratis"] button[data-kind="characteristics"]').click()
    note = page.locator('.answer[data-kind="characteristics"] .ignores')
    expect(note).to_have_text("This answer does not read Tromokratis's ability “Tromokratis "
                              "can't be blocked unless all creatures defending player controls "
                              "block it.”, which may bear on it.", timeout=WAIT_MS)
    expect(page.locator('.answer[data-kind="characteristics"]')).not_to_contain_text('"permanent"')
