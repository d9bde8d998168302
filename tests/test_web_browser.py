"""`pyai serve`'s page in a real browser: headless Chromium (Debian's chromium and
chromium-driver, never a downloaded browser) driven by selenium against a real
server started here (`python -m pyai serve`) on a free localhost port."""

from __future__ import annotations

import random
import shutil
import socket
import subprocess
import sys
import time

import pytest

from pyai.commands.advise import Session
from pyai.web.table import TableCompanion

CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver; .ci/run does)",
)
WAIT = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    folder = tmp_path / "sessions"
    command = [sys.executable, "-m", "pyai", "serve", "--port", str(free_port()), "--sessions", str(folder)]
    # From outside the checkout: there `import pyai` would find the sources, not the installed package.
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=tmp_path)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("pyai serve: open http://127.0.0.1:"), line + process.stdout.read()
        yield line.split()[-1], folder
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def wait_for(condition, what: str):
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"waited {WAIT:.0f} s for {what}")


def test_play_and_ask_for_advice_in_the_page(server, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    url, folder = server
    browser.get(url)
    find = browser.find_element
    wait_for(lambda: Select(find(By.ID, "game")).options, "the games")
    assert Select(find(By.ID, "seat")).first_selected_option.text == "seat 0"  # a seat is chosen from the start
    find(By.ID, "iterations").send_keys("300")
    find(By.ID, "create").click()
    wait_for(lambda: find(By.ID, "table").text, "the table")
    session_id = wait_for(lambda: browser.execute_script("return current"), "a session")

    def buttons():
        return find(By.ID, "inputs").find_elements(By.CSS_SELECTOR, "button.input")

    def say_chance_step(seed: int) -> None:
        """A chance step (no buttons: what is dealt is said in words), as the seat would see it dealt."""
        held = TableCompanion(Session.load(str(folder / f"{session_id}.json"))).position.state
        assert held.to_move() == "chance", find(By.ID, "next").text
        before = find(By.ID, "table").text
        find(By.ID, "words").send_keys(held.sample_chance(seed))
        find(By.ID, "say").click()
        wait_for(lambda: find(By.ID, "table").text != before or find(By.ID, "error").text, "the step")
        assert not find(By.ID, "error").text

    clicked = False
    for seed in range(200):  # on to the player's decision, clicking a move on the way
        if clicked and find(By.ID, "advise").is_enabled():
            break
        listed = buttons()
        if not listed:
            say_chance_step(seed)
            continue
        before = find(By.ID, "table").text
        listed[0].click()  # a legal move: the table changes
        wait_for(lambda before=before: find(By.ID, "table").text != before, "the table to change after a click")
        assert not find(By.ID, "error").text
        clicked = True
    assert clicked and find(By.ID, "advise").is_enabled()
    find(By.ID, "advise").click()
    shown = wait_for(lambda: "win chance" in find(By.ID, "advice").text and find(By.ID, "advice").text, "the advice")
    assert "best: " in shown and "advice: " in shown
    assert find(By.ID, "sessions").find_elements(By.CSS_SELECTOR, "button.resume")


def test_the_review_chart_has_a_mark_for_each_decision(server, browser):
    from selenium.webdriver.common.by import By

    from pyai.commands.review import read_record, review
    from pyai.web.sessions import Store
    from pyai.web.table import legal_inputs

    url, folder = server
    store = Store(folder)  # a finished Leduc session saved in the server's folder, as the page would save it
    for seed in range(20):
        session_id = store.create("leduc()")
        companion = store.get(session_id).companion
        rng = random.Random(seed)
        for _ in range(50):
            if companion.position.state.is_terminal():
                break
            inputs = legal_inputs(companion)
            held = companion.position.state
            companion.step(rng.choice(inputs)["line"] if inputs else held.sample_chance(rng.randrange(1000)))
        decisions = len(review(read_record(str(store.path(session_id))), iterations=30).decisions)
        if decisions > 1:
            break
    browser.get(f"{url}#s={session_id}")
    find = browser.find_element
    wait_for(lambda: find(By.ID, "table").text, "the session")
    find(By.ID, "review-iterations").send_keys("30")
    find(By.ID, "review").click()
    chart = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#review-box svg#review-chart"), "the chart")[0]
    assert chart.tag_name == "svg" and not find(By.ID, "error").text
    assert len(chart.find_elements(By.CSS_SELECTOR, "rect.mark")) == decisions
