"""`pyai serve`'s page in a real browser: headless Chromium (Debian's chromium and
chromium-driver, never a downloaded browser) driven by selenium against a real
server started here (`python -m pyai serve`) on a free localhost port."""

from __future__ import annotations

import contextlib
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time

import pytest
from decided_positions import FOR_SALE_FAR_AHEAD

from pyai.commands.advise_session import Session
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


@contextlib.contextmanager
def serving(folder, port: int, *options: str):
    """`pyai serve` on `port`, saving sessions in `folder`: its address while it runs."""
    command = [sys.executable, "-m", "pyai", "serve", "--port", str(port), "--sessions", str(folder), *options]
    # From outside the checkout: there `import pyai` would find the sources, not the installed package.
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=folder.parent)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("pyai serve: open http://127.0.0.1:"), line + process.stdout.read()
        yield line.split()[-1]
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def server(tmp_path):
    folder = tmp_path / "sessions"
    with serving(folder, free_port()) as url:
        yield url, folder


# Where the tests leave screenshots of the page (the README's), when set: PYAI_SCREENSHOTS=docs/images
SCREENSHOTS = os.environ.get("PYAI_SCREENSHOTS")


def screenshot(driver, name: str) -> None:
    if SCREENSHOTS:
        os.makedirs(SCREENSHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SCREENSHOTS, f"{name}.png"))


@pytest.fixture
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_window_size(1100, 1400)
    try:
        yield driver
    finally:
        driver.quit()


def table_text(driver) -> str:
    """The table's text picture (folded away, and so not shown, when the game draws the table)."""
    return driver.execute_script("return document.getElementById('table').textContent")


def wait_for(condition, what: str):
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"waited {WAIT:.0f} s for {what}")


# The first game listed, one whose advice adds what seats given its chance won in self-play,
# and one played for its score.
@pytest.mark.parametrize("game", [None, "automania(players=3)", "leduc()"])
def test_play_and_ask_for_advice_in_the_page(server, browser, game):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    url, folder = server
    browser.get(url)
    find = browser.find_element
    wait_for(lambda: Select(find(By.ID, "game")).options, "the games")
    if game:
        Select(find(By.ID, "game")).select_by_value(game)
    assert Select(find(By.ID, "seat")).first_selected_option.text == "seat 0"  # a seat is chosen from the start
    seats = len(Select(find(By.ID, "seat")).options)  # the names' example names as many
    assert len(find(By.ID, "names").get_attribute("placeholder").split(",")) == seats
    find(By.ID, "iterations").send_keys("300")
    find(By.ID, "create").click()
    wait_for(lambda: table_text(browser), "the table")
    session_id = wait_for(lambda: browser.execute_script("return current"), "a session")

    def buttons():
        return find(By.ID, "inputs").find_elements(By.CSS_SELECTOR, "button.input")

    def say_chance_step(seed: int) -> None:
        """A chance step (no buttons: what is dealt is said in words), as the seat would see it dealt."""
        held = TableCompanion(Session.load(str(folder / f"{session_id}.json"))).position.state
        assert held.to_move() == "chance", find(By.ID, "next").text
        before = table_text(browser)
        find(By.ID, "words").send_keys(held.sample_chance(seed))
        find(By.ID, "say").click()
        wait_for(lambda: table_text(browser) != before or find(By.ID, "error").text, "the step")
        assert not find(By.ID, "error").text

    clicked = False
    for seed in range(200):  # on to the player's decision, clicking a move on the way
        if clicked and find(By.ID, "advise").is_enabled():
            break
        listed = buttons()
        if not listed:
            say_chance_step(seed)
            continue
        before = table_text(browser)
        listed[0].click()  # a legal move: the table changes
        wait_for(lambda before=before: table_text(browser) != before, "the table to change after a click")
        assert not find(By.ID, "error").text
        clicked = True
    assert clicked and find(By.ID, "advise").is_enabled()
    find(By.ID, "advise").click()
    shown = wait_for(lambda: "win chance" in find(By.ID, "advice").text and find(By.ID, "advice").text, "the advice")
    assert "best: " in shown and "advice: " in shown
    best = next(line for line in shown.splitlines() if line.startswith("best: "))
    assert ("; in self-play, seats given it won " in best) == (game == "automania(players=3)"), best
    # Leduc's search chooses by the chips a move keeps: they lead, or a check beside a raise that
    # wins more often would read as the worse move.
    for_chips = game == "leduc()"
    assert ("which the search plays for; win chance" in best) == for_chips, best
    headers = [cell.text for cell in find(By.ID, "advice").find_elements(By.CSS_SELECTOR, "table.moves th")]
    assert headers[:2] == (["move", "expected chips"] if for_chips else ["move", "win chance"]), headers
    assert find(By.ID, "sessions").find_elements(By.CSS_SELECTOR, "button.resume")
    told = len(Session.load(str(folder / f"{session_id}.json")).lines)
    listed = find(By.ID, "sessions")  # folded away while a game is open: its text as written
    wait_for(lambda: f", {told} steps" in listed.get_attribute("textContent"), "the saved list to count the steps")


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
    wait_for(lambda: table_text(browser), "the session")
    find(By.ID, "review-iterations").send_keys("30")
    find(By.ID, "review").click()
    chart = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#review-box svg#review-chart"), "the chart")[0]
    assert chart.tag_name == "svg" and not find(By.ID, "error").text
    assert len(chart.find_elements(By.CSS_SELECTOR, "rect.mark")) == decisions
    chart.find_elements(By.CSS_SELECTOR, "rect.mark")[-1].click()  # a decision's bar opens its position
    shown = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#review-box pre.review-position"), "it")[0]
    line = wait_for(lambda: shown.text, "the position").split("\n")[0]
    assert line.startswith("before line ") and "played " in line and "best " in line
    # the same session uploaded as a record (a file from elsewhere): reviewed alike, with its chart
    find(By.CSS_SELECTOR, "#upload-box summary").click()
    find(By.ID, "record-text").send_keys(store.path(session_id).read_text())
    find(By.ID, "upload-iterations").send_keys("30")
    find(By.ID, "upload-review").click()
    uploaded = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#upload-result svg.loss-chart"), "its chart")
    assert len(uploaded[0].find_elements(By.CSS_SELECTOR, "rect.mark")) == decisions and not find(By.ID, "error").text
    uploaded[0].find_elements(By.CSS_SELECTOR, "rect.mark")[0].click()
    shown = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#upload-result pre.review-position"), "it")[0]
    assert wait_for(lambda: shown.text, "the position").startswith("before line ")  # a session: its lines


# ------------------------------------------------------------ whole games, by taps


class Page:
    """The companion page as a person at the table uses it: taps, the words box, the advice."""

    def __init__(self, driver):
        from selenium.webdriver.common.by import By

        self.driver, self.by = driver, By

    def find(self, id_: str):
        return self.driver.find_element(self.by.ID, id_)

    def start(self, url: str, game: str, names: str, seat: int, iterations: int) -> str:
        from selenium.webdriver.support.ui import Select

        self.driver.get(url)
        wait_for(lambda: Select(self.find("game")).options, "the games")
        self.find("game-string").send_keys(game)
        self.find("names").send_keys(names)
        Select(self.find("seat")).select_by_value(str(seat))
        self.find("iterations").send_keys(str(iterations))
        self.find("create").click()
        wait_for(lambda: table_text(self.driver), "the table")
        return wait_for(lambda: self.driver.execute_script("return current"), "a session")

    def state(self) -> dict:
        """The session as the page last drew it (its table, lines and inputs), from the API the page uses."""
        script = "const done = arguments[0]; api('GET', 'sessions/' + current).then((a) => done(a.data));"
        return self.driver.execute_async_script(script)

    def changed(self, act, before: int) -> None:
        """Does `act` and waits until the page's session has another number of lines, or an error shows."""
        act()
        wait_for(lambda: len(self.state()["lines"]) != before or self.find("error").text, "the step")
        assert not self.find("error").text, self.find("error").text

    def click_drawn(self, box: str, css: str, **attributes: str) -> None:
        """Clicks the first enabled button in `box` with these data- attributes, once the page has
        drawn it: the session's state (what changed() waits for) may be ahead of the page, which may
        also draw the box again meanwhile (a button found then is stale: it is looked for again)."""
        from selenium.common.exceptions import StaleElementReferenceException

        def clicked() -> bool:
            try:
                buttons = self.find(box).find_elements(self.by.CSS_SELECTOR, css)
                fits = (b for b in buttons if b.is_enabled())
                fits = (b for b in fits if all(b.get_attribute(f"data-{k}") == v for k, v in attributes.items()))
                button = next(fits, None)
                if button is not None:
                    button.click()
                return button is not None
            except StaleElementReferenceException:
                return False

        wait_for(clicked, f"a button {attributes} in {box}")

    def tap(self, words: list[str]) -> None:
        """Taps a chance step's options in order (count 1 deals at once; more need 'deal these')."""
        before = len(self.state()["lines"])

        def act():
            if not words:
                self.click_drawn("chance-options", "button.pick")  # nothing to pick: its line is its button
                return
            for word in words:
                self.click_drawn("chance-options", "button.pick", word=word)
            if len(words) > 1:
                self.find("deal").click()

        self.changed(act, before)

    def click_input(self, token: str) -> None:
        """Clicks the move button of `token`, once the page has drawn it."""
        before = len(self.state()["lines"])
        self.changed(lambda: self.click_drawn("inputs", "button.input", token=token), before)

    def reveal(self, choices: dict[int, str]) -> None:
        """Taps each seat's secret choice (its words) in the reveal box, then `reveal`."""
        before = len(self.state()["lines"])

        def act():
            for seat, words in choices.items():
                self.click_drawn("reveal-seats", "button", seat=str(seat), word=words)
            self.find("reveal-send").click()

        self.changed(act, before)

    def say(self, line: str) -> None:
        before = len(self.state()["lines"])

        def act():
            self.find("words").send_keys(line)
            self.find("say").click()

        self.changed(act, before)

    def advice(self) -> str:
        """Asks for advice and returns the best move's token, once the page shows it."""
        # The session's state (what changed() waits for) may be ahead of the page, which enables
        # the button when it has drawn the step that makes the decision yours: a click before that
        # does nothing, as for a person.
        wait_for(lambda: self.find("advise").is_enabled(), "the advise button")
        self.find("advise").click()
        wait_for(lambda: "best: " in self.find("advice").text or self.find("error").text, "the advice")
        assert not self.find("error").text, self.find("error").text
        return self.driver.execute_script("return document.querySelector('#advice table tr[data-token]').dataset.token")


def deal_words(token: str) -> list[str]:
    """A For Sale deal token's cards as the picker's words: deal:3,12,19,27 -> 3 12 19 27."""
    return token.partition(":")[2].split(",")


def test_a_whole_for_sale_game_through_the_page(server, browser):
    """Four seats, you at seat 2: the cards turned up tapped, every other seat's bid and play
    clicked, the sells revealed tapped (or said in words), and the advice taken at each of your decisions;
    the true game is kept here, and the page's session must end as it does."""
    import pyai

    url, folder = server
    page = Page(browser)
    names, me = ["Anna", "Bob", "me", "Dee"], 2
    page.start(url, "forsale(players=4)", ",".join(names), me, 200)
    game = pyai.load_game("forsale(players=4)")
    truth, rng = game.new_initial_state(), random.Random(5)
    advised, ways = 0, []
    for _ in range(400):
        if truth.is_terminal():
            break
        mover = truth.to_move()
        if mover == "chance":
            token = truth.sample_chance(rng.getrandbits(32))
            if token.startswith("deal:"):
                wait_for(lambda: page.state()["picker"], "the cards to tap")
                page.tap(deal_words(token))
            truth.apply(token)  # the unseen removal: the table never sees it
            continue
        choosing = [seat for seat in range(game.players) if truth.may_act(seat)]
        if len(choosing) > 1:  # the sells: yours tapped, the others' revealed in one line
            sells = {seat: rng.choice(truth.legal_moves_for(seat)) for seat in choosing if seat != me}
            if me in choosing:
                sells[me] = page.advice()
                advised += 1
                page.click_input(sells[me])
            for seat in choosing:
                truth.apply(sells[seat])
            others = {seat: game.secret_choice_words(sells[seat]) for seat in choosing if seat != me}
            ways.append("said" if len(ways) % 3 == 0 else "tapped")  # tapped, or now and then said in words
            if ways[-1] == "tapped":
                page.reveal(others)
            else:
                page.say("sells revealed: " + ", ".join(f"{names[seat]} {words}" for seat, words in others.items()))
            continue
        if mover == me:
            token = page.advice()
            advised += 1
            if advised == 8:
                screenshot(browser, "companion-for-sale-advice")
            if rng.random() < 0.5 and page.state()["inputs"]:  # sometimes another move, as a person may
                token = rng.choice(page.state()["inputs"])["token"]
        else:
            token = rng.choice(truth.legal_moves())
        page.click_input(token)
        truth.apply(token)
    assert truth.is_terminal()
    final = page.state()
    assert final["over"] and advised >= 10 and {"tapped", "said"} <= set(ways)
    zones = browser.find_elements("css selector", "#drawing .zone")
    assert len(zones) >= 5 and len(browser.find_elements("css selector", "#drawing .zone.you")) == 1
    from pyai.commands.advise_session import Session

    replayed = TableCompanion(Session.load(str(folder / f"{final['id']}.json"))).position.state
    assert replayed.scores() == truth.scores() and replayed.winners() == truth.winners()
    chart = browser.find_elements("css selector", "#win-chart circle.point")
    assert len(chart) == len(final["advised"]) > 0


@pytest.mark.parametrize("hand", [1, 2])
def test_leduc_hands_at_a_phones_size(server, browser, hand):
    """A phone (390 x 844): the cards tapped, the other seat's unseen card by its one button,
    every action clicked, the advice taken at your turns, the other card tapped when a showdown
    shows it; the page needs no sideways scrolling."""
    import pyai

    browser.set_window_size(390, 844)
    url, folder = server
    page = Page(browser)
    names, me = ["Anna", "me"], 1
    page.start(url, "leduc()", ",".join(names), me, 300)
    truth, rng = pyai.load_game("leduc()").new_initial_state(), random.Random(hand)
    while not truth.is_terminal():
        mover = truth.to_move()
        if mover == "chance":
            token = truth.sample_chance(rng.getrandbits(32))
            picker = wait_for(lambda: page.state()["picker"], "the card to tap")
            page.tap([token.partition(":")[2]] if picker["count"] else [])
        else:
            token = page.advice() if mover == me else rng.choice(truth.legal_moves())
            page.click_input(token)
        truth.apply(token)
    final = page.state()
    assert final["over"] and final["advised"]
    # the table drawn as cards: yours face up, the other seat's never told, so face down
    drawn = "#drawing .zone[data-seat='{}'] .card"
    [mine] = browser.find_elements("css selector", drawn.format(me))
    [theirs] = browser.find_elements("css selector", drawn.format(1 - me))
    assert "face-down" not in mine.get_attribute("class") and mine.text
    assert "face-down" in theirs.get_attribute("class") and not theirs.text
    # the win-chance chart drawn at the phone's width, its words at their size, not shrunk to fit
    chart_box = browser.find_element("css selector", "#win-chart-box")
    chart = chart_box.find_element("css selector", "#win-chart")
    assert int(chart.get_attribute("width")) <= chart_box.size["width"]
    wide = browser.execute_script(
        "return [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 390)"
        ".map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + e.getBoundingClientRect().right)"
    )
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390, wide
    if hand == 1:
        screenshot(browser, "companion-leduc-phone")
    from pyai.commands.advise_session import Session

    showdown = "fold" not in truth.history()
    assert (final["picker"] is not None) == showdown  # at a showdown the other card is shown: its taps
    if showdown:
        page.tap([truth.history()[0].partition(":")[2]])

        def face_up() -> bool:
            # the server holds the shown card once the tap returns; the page draws it a moment later
            from selenium.common.exceptions import StaleElementReferenceException

            try:
                [theirs] = browser.find_elements("css selector", drawn.format(1 - me))
                return "face-down" not in theirs.get_attribute("class") and bool(theirs.text)
            except StaleElementReferenceException:  # drawn again between the find and the read
                return False

        wait_for(face_up, "the other seat's card drawn face up")
    # Seat 1's record of the hand: the other seat's card told only when shown at a showdown
    replayed = TableCompanion(Session.load(str(folder / f"{final['id']}.json"))).position
    told, happened = list(replayed.moves), truth.history()
    assert len(told) == len(happened) and all(a in (b, "deal:?") for a, b in zip(told, happened))
    assert replayed.state.scores() == truth.scores()  # the result, as the table knows it


def test_an_automania_round_through_the_page(server, browser):
    """Three seats, you at seat 0: every deal tapped (the order, the demands, the display, the
    contracts, the round's 18 tiles), every chained turn clicked step by step, the advice taken
    at your decisions, until the second round begins; another seat's contract played from a
    hand you have not all seen is tapped too (no contract, or one it may hold)."""
    url, _ = server
    page = Page(browser)
    page.start(url, "automania(players=3)", "me,Ann,Bob", 0, 100)
    rng = random.Random(4)
    advised = tapped = hidden_plays = 0
    for _ in range(600):
        state = page.state()
        if state["view"]["round"] >= 2 or state["over"]:
            break
        if state["picker"] is not None:
            chance = state["picker"]
            pool = [o["word"] for o in chance["options"] for _ in range(o["copies"])]
            before = len(state["lines"])
            if "no contract" in pool:  # another seat's contract: a hand you have not all seen plays none
                page.tap(["no contract"])
                hidden_plays += 1
            else:
                page.tap(rng.sample(pool, chance["count"]))  # count 0: the step's one button
                tapped += len(page.state()["lines"]) > before
        elif state["inputs"]:
            if state["your_decision"] and advised < 6:
                token = page.advice()
                advised += 1
            else:
                token = rng.choice(state["inputs"])["token"]
            page.click_input(token)
        else:
            raise AssertionError(f"a step with no buttons and no taps: {state['next']}")
    final = page.state()
    assert final["view"]["round"] == 2, final["next"]
    # the order, the demands, the display, three starting contracts, the tiles: each one step
    assert advised == 6 and tapped >= 7 and len(final["advised"]) == 6 and hidden_plays > 0
    screenshot(browser, "companion-automania")


def test_bad_input_undo_a_restart_and_standings(tmp_path, browser):
    """Words the game refuses are refused on the page with its message, the table unchanged;
    undo takes a step back; after the server restarts, the session is resumed from the list as
    it was; a tournament's standings show with their plot, one interval a bot."""
    from pyai.tournament.runner import TournamentConfig, run_tournament

    db = tmp_path / "tiny.sqlite"
    config = TournamentConfig("leduc()", ["random", "heuristic"], deals=2)
    run_tournament(config, str(db), concurrency=1, progress=False)
    folder, port = tmp_path / "sessions", free_port()
    page = Page(browser)
    with serving(folder, port, "--tournament", str(db)) as url:
        page.start(url, "forsale(players=4)", "Anna,Bob,me,Dee", 2, 100)
        before = page.state()
        page.find("say").click()  # nothing typed: said in the page's words, never its API's fields
        error = wait_for(lambda: page.find("error").text, "the empty line's refusal")
        assert error.startswith("type a step in the box first") and "input" not in error
        page.find("words").send_keys("Anna bids 3")  # before the cards are turned up
        page.find("say").click()
        error = wait_for(
            lambda: page.find("error").text.startswith("not taken") and page.find("error").text, "the refusal"
        )
        assert page.state() == before
        chance = before["picker"]
        page.tap([option["word"] for option in chance["options"][: chance["count"]]])
        page.click_input(page.state()["inputs"][0]["token"])
        told = page.state()
        assert len(told["lines"]) == 2
        page.changed(page.find("undo").click, 2)
        assert page.state()["lines"] == told["lines"][:1]
        page.click_input(told["inputs"][0]["token"]) if False else None
        plot = wait_for(lambda: browser.find_elements("css selector", "#standings svg.standings-plot"), "the plot")[0]
        assert len(plot.find_elements("css selector", "line.interval")) == 2
        screenshot(browser, "companion-standings")
        kept = page.state()
    with serving(folder, port) as url:  # the server again, on the same folder
        browser.get(url)
        resume = wait_for(lambda: browser.find_elements("css selector", "#sessions button.resume"), "the list")
        resume[0].click()
        wait_for(lambda: table_text(browser), "the session")
        assert page.state() == kept
        browser.find_element("css selector", "#saved-box summary").click()
        browser.find_element("css selector", "#sessions button.delete").click()
        browser.switch_to.alert.accept()  # "Delete the session ...? It cannot be undone."
        wait_for(lambda: not browser.find_elements("css selector", "#sessions li"), "the list emptied")
        assert not list(folder.glob("*.json"))


def in_sight(driver, element) -> bool:
    """Whether `element` is on the screen as it is scrolled now, whole."""
    script = "const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight;"
    return driver.execute_script(script, element)


def test_an_automania_setup_tapped_on_a_phone(server, browser):
    """A phone (390 x 844), Automania at 3, started by the game's and the seats' names; the
    taps, the words box and the advice before the table's drawing (a wide screen: after it);
    the order and the demands tapped, the demands' taps shown a market a line, by its name,
    the space the next tap fills named; a deal the rules refuse is refused in sight of the
    taps, which stay, to take the wrong ones back; `help contracts` typed is shown, no step."""
    from selenium.webdriver.support.ui import Select

    browser.set_window_size(390, 844)
    url, _ = server
    page = Page(browser)
    browser.get(url)
    wait_for(lambda: Select(page.find("game")).options, "the games")
    Select(page.find("game")).select_by_visible_text("Automania, 3 players")
    page.find("names").send_keys("Kim,Ann,Bob")
    assert [option.text for option in Select(page.find("seat")).options] == ["Kim", "Ann", "Bob"]
    Select(page.find("seat")).select_by_visible_text("Kim")
    page.find("create").click()
    wait_for(lambda: page.find("title").text, "the session")
    assert page.find("title").text == "Automania, 3 players: you are Kim"
    below = page.find("drawing").location["y"]
    for acted_on in ("next", "chance-options", "words", "advise", "advice"):
        assert page.find(acted_on).location["y"] < below, acted_on
    assert in_sight(browser, page.find("chance-options"))
    screenshot(browser, "phone-automania-setup")
    page.find("words").send_keys("help contracts")
    page.find("say").click()
    shown = wait_for(lambda: page.find("help-topic").text, "the contracts' help")
    assert "(contract S1)" in shown or "S1" in shown
    assert not page.find("error").text and page.find("words").get_attribute("value") == ""
    assert len(page.state()["lines"]) == 0
    page.tap(["Ann", "Kim", "Bob"])
    alike = ["speed", "power", "green", "suitcase", "safety"] * 2  # both markets the same: dealt again
    for word in alike:
        [button] = [
            b
            for b in page.find("chance-options").find_elements(page.by.CSS_SELECTOR, "button.pick")
            if b.get_attribute("data-word") == word and b.is_enabled()
        ][:1]
        button.click()
    assert [line.text for line in page.find("picked").find_elements(page.by.TAG_NAME, "div")] == [
        f"{market}: speed, power, green, suitcase, safety" for market in ("North America", "Europe")
    ]
    page.find("deal").click()
    error = wait_for(lambda: page.find("error").text and page.find("error"), "the refusal")
    assert "the two markets are identical" in error.text and in_sight(browser, error)
    assert page.find("picked-count").text == "10 of 10" and len(page.state()["lines"]) == 1
    error.click()  # read: a tap puts it away, the taps under it free again
    for _ in range(3):
        page.find("unpick").click()
    assert page.find("picked-count").text == "7 of 10"
    europe = page.find("picked").find_elements(page.by.TAG_NAME, "div")[1]
    assert europe.text == "Europe: speed, power, next: 2 stars, \u2026, \u2026"
    before = len(page.state()["lines"])

    def deal_europe_apart():
        for word in ["suitcase", "green", "safety"]:
            [button] = [
                b
                for b in page.find("chance-options").find_elements(page.by.CSS_SELECTOR, "button.pick")
                if b.get_attribute("data-word") == word and b.is_enabled()
            ]
            button.click()
        page.find("deal").click()

    page.changed(deal_europe_apart, before)
    assert "Europe wants speed (4 stars), power (3), suitcase (2)" in page.find("told").text
    # each market's five demand tiles drawn in one row, as the board shows them
    for zone in browser.find_elements(page.by.CSS_SELECTOR, "#drawing .zone"):
        if zone.find_element(page.by.CSS_SELECTOR, ".zone-title").text in ("North America", "Europe"):
            tops = {card.location["y"] for card in zone.find_elements(page.by.CSS_SELECTOR, ".card")}
            assert len(tops) == 1, zone.text
    browser.set_window_size(1100, 1400)  # a wide screen: the drawing first, as before
    assert page.find("drawing").location["y"] < page.find("next").location["y"] < page.find("words").location["y"]
    screenshot(browser, "wide-automania-setup")


def test_moves_and_advice_in_words_and_the_address_opens_its_session(server, browser):
    """The moves' buttons and the advice say each move in the game's words, never its token; the
    advice lists the moves its search tried; `undo` typed in the words box undoes; an address
    naming another session opens it."""
    url, _ = server
    page = Page(browser)
    first = page.start(url, "forsale(players=4)", "Kim,Bob,Cy,Dee", 0, 100)
    chance = page.state()["picker"]
    page.tap([option["word"] for option in chance["options"][: chance["count"]]])
    buttons = page.find("inputs").find_elements(page.by.CSS_SELECTOR, "button.input")
    assert len(buttons) > 2 and not any(":" in b.text and b.get_attribute("data-token") in b.text for b in buttons)
    page.advice()
    advice = page.find("advice").text
    tokens = [input_["token"] for input_ in page.state()["inputs"]]
    assert "advice: you " in advice and not any(f"[{token}]" in advice for token in tokens)
    assert advice.count("likely next:") <= 1
    rows = browser.find_elements(page.by.CSS_SELECTOR, "#advice table tr[data-token]")
    assert 0 < len(rows) < len(tokens) and "other legal moves not searched" in advice
    page.click_input(tokens[0])
    page.changed(lambda: (page.find("words").send_keys("undo"), page.find("say").click()), 2)
    assert len(page.state()["lines"]) == 1 and not page.find("error").text
    second = page.start(url, "leduc()", "", 0, 100)
    assert second != first and page.find("title").text.startswith("Leduc poker, 2 players")
    browser.execute_script(f"location.hash = 's={first}'")
    wait_for(lambda: browser.execute_script("return current") == first, "the session the address names")
    assert page.find("title").text == "For Sale: Autorama, 4 players: you are Kim"


def test_a_decided_games_advice_on_the_page_tells_the_moves_apart_by_score(server, browser):
    """Every move wins: the page's best line and table lead with the expected score the margin
    search chose by, as For Sale counts it (no sign), since the win chances are all alike."""
    import json
    import urllib.request

    url, _ = server
    body = {
        "game": "forsale(players=4)",
        "names": ["Me", "Bob", "Cy", "Dee"],
        "at": FOR_SALE_FAR_AHEAD,
        "iterations": 300,
    }
    made = urllib.request.Request(
        url.split("#")[0].rstrip("/") + "/api/sessions", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(made) as answer:
        session = json.loads(answer.read())["id"]
    browser.get(url.split("#")[0] + f"#s={session}")
    page = Page(browser)
    wait_for(lambda: browser.execute_script("return current") == session, "the session the address names")
    page.advice()
    best = next(line for line in page.find("advice").text.splitlines() if line.startswith("best: "))
    assert re.search(r"\(expected score \d+\.\d, which the search plays for; win chance 100%", best), best
    headers = [cell.text for cell in browser.find_elements(page.by.CSS_SELECTOR, "#advice table.moves th")]
    assert headers[:3] == ["move", "expected score", "win chance"], headers


def test_a_phones_taps_are_a_fingers_size_the_moves_table_fits_and_commands_typed_answer_as_typed(server, browser):
    """A phone (390 x 844), a Leduc hand: every button, box and menu of the table at least 44
    pixels tall; the advice's table of moves inside its box, its costs in chips as the advice
    counts them; `advice` typed when it is not your decision refused in the companion's words,
    `undo` with nothing to undo too, `show` unfolding the table as text, `hint` advising."""
    browser.set_window_size(390, 844)
    url, _ = server
    page = Page(browser)
    page.start(url, "leduc()", "Ann,Bob", 0, 100)

    def typed(words: str) -> str:
        if page.find("error").text:
            page.find("error").click()  # read: a tap puts it away
        page.find("words").send_keys(words)
        page.find("say").click()
        return wait_for(lambda: page.find("error").text, f"the answer to {words!r}")

    assert typed("advice").startswith("no advice now: first your card: tap it below, or say 'I get ")
    assert typed("undo") == "nothing to undo"
    page.find("error").click()
    assert not page.find("table-text").get_attribute("open")
    page.find("words").send_keys("show")
    page.find("say").click()
    wait_for(lambda: page.find("table-text").get_attribute("open"), "the table as text unfolded")
    assert "Ann (you)" in page.find("table").text and not page.find("error").text
    page.tap(["js"])
    page.tap([])  # Bob's card, unseen: its one button
    page.click_input("call")
    page.click_input("raise")
    wait_for(lambda: page.find("advise").is_enabled(), "your decision")
    page.find("words").send_keys("hint")
    page.find("say").click()
    wait_for(lambda: "best: " in page.find("advice").text or page.find("error").text, "the advice")
    assert not page.find("error").text
    heads = [th.text for th in browser.find_elements(page.by.CSS_SELECTOR, "#advice table.moves th")]
    assert "costs (chips)" in heads, heads
    script = """const box = document.getElementById('table-section').getBoundingClientRect();
      const table = document.querySelector('#advice table.moves').getBoundingClientRect();
      const small = [...document.querySelectorAll('#table-section button, #table-section input, #table-section select')]
        .filter((e) => e.offsetParent !== null && e.type !== 'file' && e.getBoundingClientRect().height < 43.5)
        .map((e) => e.id + ' ' + e.textContent + ' ' + e.getBoundingClientRect().height);
      return [table.right <= box.right, small];"""
    table_inside, small = browser.execute_script(script)
    assert table_inside and not small, small


def test_automanias_display_tapped_is_told_apart_and_your_area_is_marked(server, browser):
    """The display's three contracts, each said with commas ("city car, green, 5+ stars: 2 VP"),
    are listed as tapped apart by semicolons, as the companion lists them; your area's title is
    marked as the text picture marks you ("Kim (you)")."""
    url, _ = server
    page = Page(browser)
    page.start(url, "automania(players=3)", "Kim,Ann,Bob", 0, 100)
    page.tap(["Ann", "Kim", "Bob"])
    page.tap(["speed", "power", "green", "suitcase", "safety", "green", "safety", "power", "speed", "suitcase"])
    display = wait_for(lambda: page.state()["picker"], "the display to tap")
    assert display["count"] == 3
    labels = [option["label"] for option in display["options"][:3]]
    assert all(", " in label for label in labels)
    for option in display["options"][:3]:
        [button] = [
            b
            for b in page.find("chance-options").find_elements(page.by.CSS_SELECTOR, "button.pick")
            if b.get_attribute("data-word") == option["word"]
        ]
        button.click()
    assert page.find("picked").text == "; ".join(labels)
    [mine] = browser.find_elements(page.by.CSS_SELECTOR, "#drawing .zone.you .zone-title")
    assert mine.text == "Kim (you)"
