#!/usr/bin/python3
"""`xylo-render test --report` in a real browser: Debian's headless Chromium through Selenium.

A suite of scores gets its goldens, then changes: one note moved, one tap's gain halved (in a
score whose name holds shell and HTML characters), and one score with no golden. The page of
`test --ci --report` must load with no console error and no request but its own file, every
audio element must decode to the length of the audio it holds, the table must name the moved
tap's score line, the keys must switch sources and keep the position, and the copied command
must be the exact one that approves the test.

Run: /usr/bin/python3 Tests/Browser/test_report.py (scripts/test does, after `swift test`).
XYLO_RENDER names the binary (default .build/debug/xylo-render); XYLO_REPORT_SCREENSHOT, when
set, is where a screenshot of the page is saved. Without Chromium, chromedriver or Selenium the
suite fails: it is never skipped.
"""

import json
import os
import shlex
import shutil
import subprocess
import tempfile
import time
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.abspath(
    os.environ.get("XYLO_RENDER", os.path.join(ROOT, ".build", "debug", "xylo-render"))
)
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

# The scores before and after; `new` is added after the goldens are written, so it has none.
BEFORE = {
    "moved.xylo": "tempo 120\nC D\nE G\n",
    "gain & <b>'s.xylo": "tempo 120\nC E G\n",
    "same.xylo": "C D E\n",
}
AFTER = {
    "moved.xylo": "tempo 120\nC D\nE:1.02 G\n",
    "gain & <b>'s.xylo": "tempo 120\nC E*0.5 G\n",
    "new.xylo": "A B\n",
}


def flac_length(path):
    """The frames and rate a FLAC file's STREAMINFO block gives."""
    with open(path, "rb") as file:
        head = file.read(42)
    assert head[:4] == b"fLaC" and head[4] & 0x7F == 0, path
    info = int.from_bytes(head[18:26], "big")
    return info & ((1 << 36) - 1), info >> 44


def xylo(*arguments):
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True, check=False)


class ReportInBrowserTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        for path in (BINARY, CHROMIUM, CHROMEDRIVER):
            if not os.access(path, os.X_OK):
                raise RuntimeError(f"{path} is missing: run scripts/bootstrap (and swift build)")
        cls.folder = tempfile.mkdtemp(prefix="xylo-report-")
        scores = os.path.join(cls.folder, "scores")
        os.mkdir(scores)
        cls.score = {name: os.path.join(scores, name) for name in {**BEFORE, **AFTER}}
        for name, text in BEFORE.items():
            with open(cls.score[name], "w", encoding="utf-8") as file:
                file.write(text)
        written = xylo("test", scores)
        assert written.returncode == 0, written.stdout + written.stderr
        for name, text in AFTER.items():
            with open(cls.score[name], "w", encoding="utf-8") as file:
                file.write(text)
        cls.report = os.path.join(cls.folder, "report.html")
        run = xylo("test", scores, "--ci", "--report", cls.report)
        assert run.returncode == 1, run.stdout + run.stderr
        summary = "goldens: 3 failed, 1 passed, 0 written, 0 obsolete, 0 errors"
        assert summary in run.stdout, run.stdout
        # The truth for every player's length, from files the page did not make: the goldens,
        # and the changed scores rendered on their own.
        cls.frames = {}
        for name in AFTER:
            base = name[: -len(".xylo")]
            golden = os.path.join(scores, base + ".golden.flac")
            expected = flac_length(golden) if os.path.exists(golden) else None
            alone = os.path.join(cls.folder, base + ".flac")
            rendered = xylo("render", cls.score[name], "-o", alone, "--quiet")
            assert rendered.returncode == 0, rendered.stderr
            actual = flac_length(alone)
            cls.frames[name] = {"expected": expected, "actual": actual}
            if expected:
                assert expected[1] == actual[1]
                cls.frames[name]["difference"] = (max(expected[0], actual[0]), actual[1])
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in (
            "--headless=new",
            "--no-sandbox",
            "--window-size=1400,1000",
            "--autoplay-policy=no-user-gesture-required",
        ):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        cls.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        cls.url = "file://" + cls.report
        cls.driver.get(cls.url)
        cls.wait_for("document.body.dataset.ready === 'yes'")
        cls.wait_for(
            "Array.from(document.querySelectorAll('audio'))"
            ".every(a => a.readyState >= 1 || a.error)"
        )
        if os.environ.get("XYLO_REPORT_SCREENSHOT"):
            cls.driver.save_screenshot(os.environ["XYLO_REPORT_SCREENSHOT"])

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        shutil.rmtree(cls.folder)

    @classmethod
    def wait_for(cls, condition, *arguments, seconds=20):
        """Waits until the script expression `condition` (of `arguments[…]`) is true."""
        deadline = time.monotonic() + seconds
        while not cls.driver.execute_script("return " + condition, *arguments):
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {condition}")
            time.sleep(0.05)

    def tearDown(self):
        errors = [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(errors, [], "console errors")

    def section(self, name):
        """The failure section of the score `name`."""
        for section in self.driver.find_elements(By.CSS_SELECTOR, "section.failure"):
            if section.find_element(By.CSS_SELECTOR, "h2 .path").text == self.score[name]:
                return section
        self.fail(f"no section for {name}")

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def press(self, *keys):
        for key in keys:
            ActionChains(self.driver).send_keys(key).perform()

    def player_state(self, section):
        return self.js(
            "const s = arguments[0];"
            "return {current: document.body.dataset.current === s.id,"
            " source: s.querySelector('.player').dataset.source,"
            " pressed: Array.from(s.querySelectorAll('button.source'))"
            "   .filter(b => b.getAttribute('aria-pressed') === 'true').map(b => b.dataset.source),"
            " audio: Object.fromEntries(Array.from(s.querySelectorAll('audio')).map(a =>"
            "   [a.dataset.source, {time: a.currentTime, paused: a.paused}]))};",
            section,
        )

    def test_console_errors_are_seen(self):
        # The console check of every test is not vacuous: an error logged here is caught.
        self.js("console.error('probe')")
        logged = self.driver.get_log("browser")
        self.assertTrue(any("probe" in entry["message"] for entry in logged), logged)

    def test_nothing_is_requested_but_the_page(self):
        urls = []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                urls.append(message["params"]["request"]["url"])
        self.assertIn(self.url, urls)
        others = [url for url in urls if url != self.url and not url.startswith(("data:", "blob:"))]
        self.assertEqual(others, [])
        policy = self.js(
            "return document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]').content"
        )
        self.assertTrue(policy.startswith("default-src 'none'; "), policy)

    def test_every_audio_element_decodes_to_its_length(self):
        checked = 0
        for name, lengths in self.frames.items():
            audios = self.js(
                "return Array.from(arguments[0].querySelectorAll('audio')).map(a =>"
                " [a.dataset.source, a.duration, a.error && a.error.code])",
                self.section(name),
            )
            self.assertEqual(
                sorted(source for source, _, _ in audios),
                sorted(source for source, length in lengths.items() if length),
                name,
            )
            for source, duration, error in audios:
                frames, rate = lengths[source]
                self.assertIsNone(error, f"{name} {source}")
                self.assertAlmostEqual(
                    duration, frames / rate, delta=0.0005, msg=f"{name} {source}"
                )
                checked += 1
        self.assertEqual(checked, 7)
        self.assertEqual(self.js("return document.querySelectorAll('audio').length"), 7)

    def test_the_table_names_the_moved_taps_score_line(self):
        rows = self.section("moved.xylo").find_elements(By.CSS_SELECTOR, "table.taps tbody tr")
        cells = [[cell.text for cell in row.find_elements(By.TAG_NAME, "td")] for row in rows]
        self.assertEqual(
            cells,
            [["3", "G", "1.500000 s", "1.510000 s", "1", "moved +480 frames (+10.000 ms)",
              "listen from here"]],
        )
        gain = self.section("gain & <b>'s.xylo").find_elements(By.CSS_SELECTOR, "tbody tr td")
        self.assertEqual([cell.text for cell in gain][:6],
                         ["2", "E", "0.500000 s", "0.500000 s", "1 → 0.5", "gain -6.02 dB"])

    def test_a_missing_golden_offers_only_the_render(self):
        section = self.section("new.xylo")
        buttons = {
            button.get_attribute("data-source"): button.is_enabled()
            for button in section.find_elements(By.CSS_SELECTOR, "button.source")
        }
        self.assertEqual(buttons, {"expected": False, "actual": True, "difference": False})
        self.assertIn("missing golden", section.find_element(By.CSS_SELECTOR, "pre.lines").text)

    def test_keys_move_between_failures_and_switch_sources_at_the_same_place(self):
        moved = self.section("moved.xylo")
        order = self.js(
            "return Array.from(document.querySelectorAll('section.failure')).map(s => s.id)"
        )
        self.assertEqual(order[1], moved.get_attribute("id"))  # gain…, moved, new: by path
        self.js("document.activeElement.blur(); window.scrollTo(0, 0)")
        self.press("k", "k", "k")
        self.assertEqual(self.js("return document.body.dataset.current"), order[0])
        self.press("j")
        self.assertEqual(self.js("return document.body.dataset.current"), order[1])
        self.press("j", "j", "j")
        self.assertEqual(self.js("return document.body.dataset.current"), order[2])
        self.press("k")
        self.assertTrue(self.player_state(moved)["current"])
        self.assertEqual(self.player_state(moved)["source"], "expected")
        scrolled = self.js("return window.scrollY")
        self.press(" ")
        self.wait_for("!arguments[0].querySelector('audio[data-source=expected]').paused", moved)
        time.sleep(0.3)
        self.assertEqual(self.js("return window.scrollY"), scrolled, "space plays, not scrolls")
        self.press(" ")
        state = self.player_state(moved)
        self.assertTrue(state["audio"]["expected"]["paused"])
        place = state["audio"]["expected"]["time"]
        self.assertGreater(place, 0.1)
        switches = (("b", "actual"), ("d", "difference"), ("a", "expected"), ("b", "actual"))
        for key, source in switches:
            self.press(key)
            state = self.player_state(moved)
            self.assertEqual((state["source"], state["pressed"]), (source, [source]), key)
            self.assertAlmostEqual(state["audio"][source]["time"], place, delta=0.01, msg=key)
            self.assertTrue(all(audio["paused"] for audio in state["audio"].values()), key)
        # Switching while playing keeps playing, from where the other left off.
        self.press(" ")
        time.sleep(0.3)
        self.press("a")
        state = self.player_state(moved)
        self.assertEqual(state["source"], "expected")
        self.assertFalse(state["audio"]["expected"]["paused"])
        self.assertTrue(state["audio"]["actual"]["paused"])
        self.assertGreater(state["audio"]["expected"]["time"], place + 0.1)
        self.press(" ")

    def test_listen_from_here_plays_from_just_before_the_tap(self):
        moved = self.section("moved.xylo")
        button = moved.find_element(By.CSS_SELECTOR, "table.taps button.listen")
        self.assertEqual(button.get_attribute("data-seconds"), "1.250000")
        button.click()
        state = self.player_state(moved)
        audio = state["audio"][state["source"]]
        self.assertFalse(audio["paused"])
        self.assertGreaterEqual(audio["time"], 1.25)
        self.assertLess(audio["time"], 1.5)
        self.press(" ")

    def paste(self):
        """What the clipboard holds, pasted into a text field with the keyboard."""
        self.js(
            "const area = document.createElement('textarea'); area.id = 'paste-here';"
            "document.body.appendChild(area);"
        )
        area = self.driver.find_element(By.ID, "paste-here")
        area.click()
        keys = ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("v")
        keys.key_up(Keys.CONTROL).perform()
        text = area.get_attribute("value")
        self.js("document.getElementById('paste-here').remove()")
        return text

    def test_the_copied_command_approves_the_test(self):
        for name in ("moved.xylo", "gain & <b>'s.xylo"):
            section = self.section(name)
            command = section.find_element(By.CSS_SELECTOR, ".approve code").text
            self.assertEqual(
                shlex.split(command), ["xylo-render", "test", "--update", self.score[name]]
            )
            button = section.find_element(By.CSS_SELECTOR, "button.copy")
            self.assertEqual(button.get_attribute("data-command"), command)
            button.click()
            self.wait_for("arguments[0].dataset.copied === 'yes'", button)
            self.assertEqual(self.paste(), command)
        # Where the asynchronous clipboard is missing, the selection is copied instead.
        self.js("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
        section = self.section("moved.xylo")
        section.find_element(By.CSS_SELECTOR, "button.copy").click()
        self.assertEqual(self.paste(), f"xylo-render test --update {self.score['moved.xylo']}")


if __name__ == "__main__":
    unittest.main(verbosity=2)
