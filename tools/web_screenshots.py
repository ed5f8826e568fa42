"""Screenshots of the web page for the README: `python tools/web_screenshots.py [OUT_DIR]`.

Starts `mtgasp serve` on a free port, builds Forest, the opponent's Contamination, Mana Reflection
and Damping Sphere in headless Chromium (Debian's /usr/bin/chromium, driven by Playwright), asks
`produce` of the Forest and saves docs/web_page.png (the whole page) and docs/web_rule.png (a
rule's text opened from an explanation step); then builds Ixidron's founding ruling on a new
board (Grizzly Bears on the battlefield, Ixidron and Llanowar Elves entering together from the
hand), asks, opens the board after the event and saves docs/web_timeline.png; and opens the card
panel of Urborg, Tomb of Yawgmoth (its text, what its ability compiled to, its rulings with
dates): docs/web_card.png.
"""
from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2 as httpx
from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BOARD = [("you", "Forest"), ("opponent", "Contamination"), ("you", "Mana Reflection"),
         ("you", "Damping Sphere")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "pybridge", "serve", "--port", str(port)],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(600):
            try:
                httpx.get(url, timeout=5)
                break
            except httpx.TransportError:
                time.sleep(0.05)
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
            context = pw.chromium.launch_persistent_context(
                profile, executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS, headless=True,
                viewport={"width": 1400, "height": 1000})
            page = context.new_page()
            page.goto(url)
            for player, card in BOARD:
                box = page.locator(f'form.add-row[data-player="{player}"] input[name="card"]')
                box.press_sequentially(card, delay=10)
                box.press("Enter")
                expect(page.locator(f'.board[data-player="{player}"] .card-name', has_text=card)
                       ).to_have_count(1)
            page.locator('.permanent[data-id="forest"] button[data-kind="produce"]').click()
            page.locator("#graph svg").wait_for()
            page.screenshot(path=str(out / "web_page.png"), full_page=True)
            page.locator("#answers details.answer-more > summary").first.click()
            page.locator('#answers a.rule[data-rule="616.2"]').first.click()
            expect(page.locator("#rule-text")).to_contain_text("can become applicable")
            page.screenshot(path=str(out / "web_rule.png"))
            timeline(page, url, out)
            card_panel(page, url, out)
            context.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"wrote web_page.png, web_rule.png, web_timeline.png and web_card.png in {out}")


def _add(page, form, card: str, zone: str | None = None) -> None:
    if zone:
        form.locator('select[name="zone"]').select_option(zone)
    box = form.locator('input[name="card"]')
    box.press_sequentially(card, delay=10)
    box.press("Enter")
    expect(page.locator(".card-name", has_text=card)).to_have_count(1)


def timeline(page, url: str, out: Path) -> None:
    """Ixidron and Llanowar Elves entering together, asked and the board after the event."""
    page.goto(url)
    _add(page, page.locator('form.add-row[data-player="you"]'), "Grizzly Bears")
    for card in ("Ixidron", "Llanowar Elves"):
        _add(page, page.locator("#add-card"), card, "hand")
    form = page.locator("#add-event")
    form.locator('select[name="kind"]').select_option("enter")
    form.locator('input[name="objects"]').fill("ixidron, llanowar_elves")
    form.locator("button").click()
    for kind, target in (("characteristics", "grizzly_bears"), ("zone", "llanowar_elves")):
        ask = page.locator("#add-ask")
        ask.locator('select[name="kind"]').select_option(kind)
        ask.locator('input[name="target"]').fill(target)
        ask.locator("button").click()
        page.locator(f'.answer[data-kind="{kind}"] .verdict').wait_for()
    page.locator('#events .event[data-event="1"] button.after').click()
    page.locator('#after .zone[data-zone="battlefield"]').wait_for()
    page.screenshot(path=str(out / "web_timeline.png"), full_page=True)


def card_panel(page, url: str, out: Path) -> None:
    page.goto(url)
    _add(page, page.locator('form.add-row[data-player="you"]'), "Urborg, Tomb of Yawgmoth")
    page.locator(".permanent button.card-name").first.click()
    page.locator("#card-box .rulings li").first.wait_for()
    page.screenshot(path=str(out / "web_card.png"))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs")
