#!/usr/bin/python3
"""`xylo-render page` in a real browser: Debian's headless Chromium through Selenium.

The page of Twinkle Twinkle (the built-in bank) must load with no console error and no request
but its own file; its seven keys must show the app's colours at alpha 0.7 (0.5 dimmed) with
labels that keep 4.5:1; while the song plays, each key's dimmed state must match the taps
`xylo-render events` lists to within one animation frame, read with the song's audio clock,
also after a seek, at double speed and across a loop; the song must decode to the length of
`xylo-render render`'s; a key pressed by keyboard or pointer must start its sound and dim in
that same event, stopping the sound before it unless polyphonic; taps pressed at known times
must come back from `xylo-render events` of the copied score at those times, and the page's
WAV of them must be `xylo-render render`'s of that score; no key may look struck before the
song reaches its tap; and for songs of 1 to 37 keys at 390x844, 844x390, 768x1024, 1280x800
and 1920x1080, every key and control must be in view without scrolling, each key's touch area
at least 44x44 CSS pixels for up to 15 keys and 24x24 for any, the title in two lines at most.

Run: /usr/bin/python3 Tests/Browser/test_page.py (scripts/test does, after `swift test`).
XYLO_RENDER names the binary (default .build/debug/xylo-render); XYLO_PAGE_SCREENSHOTS, when
set, is a folder the screenshots are saved in (page-1280x800.png, page-390x844.png,
page-xylophone-*.png of Für Elise, 29 keys, and page-37-keys-*.png at the five sizes). Without
Chromium, chromedriver or Selenium the suite fails: it is never skipped.
"""

import base64
import csv
import io
import json
import os
import shutil
import struct
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
SCORE = os.path.join(ROOT, "Examples", "scores", "twinkle.xylo")
RATE = 48000
# The app's keys C to B (KeyboardLook.keyColours), and the built-in gradient's top and bottom
# (KeyboardLook.backgroundGradient): the values the page must show, written out independently.
APP_COLOURS = [0xE53935, 0xFB8C00, 0xFDD835, 0x43A047, 0x3949AB, 0x1E88E5, 0x8E24AA]
GRADIENT = (0x293045, 0x0A0D14)
# One animation frame at 60 Hz: how far the keys may lag the sound.
FRAME = 1 / 60


def xylo(*arguments):
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True, check=False)


def events(path):
    """`xylo-render events` of a score: (frame, key) in render order."""
    run = xylo("events", path)
    assert run.returncode == 0, run.stderr
    return [(int(row["frame"]), row["key"]) for row in csv.DictReader(io.StringIO(run.stdout))]


def wav_frames(path):
    """The frames, rate and 16-bit values of a PCM WAV file."""
    with open(path, "rb") as file:
        data = file.read()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE", path
    offset, channels, rate, values = 12, 0, 0, None
    while offset + 8 <= len(data):
        name, size = data[offset:offset + 4], struct.unpack("<I", data[offset + 4:offset + 8])[0]
        body = data[offset + 8:offset + 8 + size]
        if name == b"fmt ":
            channels, rate = struct.unpack("<HI", body[2:8])
        elif name == b"data":
            values = struct.unpack(f"<{len(body) // 2}h", body)
        offset += 8 + size + (size & 1)
    return len(values) // channels, rate, values


def luminance(colour):
    def linear(value):
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = colour
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(first, second):
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def rgb(hex_colour):
    return (hex_colour >> 16 & 255, hex_colour >> 8 & 255, hex_colour & 255)


def parse_css_colour(text):
    """`rgb(1, 2, 3)` or `rgba(1, 2, 3, 0.7)` as ((1, 2, 3), alpha)."""
    inside = text[text.index("(") + 1:text.index(")")].split(",")
    values = [float(part) for part in inside]
    return tuple(int(value) for value in values[:3]), values[3] if len(values) == 4 else 1.0


class PageInBrowserTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        for path in (BINARY, CHROMIUM, CHROMEDRIVER):
            if not os.access(path, os.X_OK):
                raise RuntimeError(f"{path} is missing: run scripts/bootstrap (and swift build)")
        cls.folder = tempfile.mkdtemp(prefix="xylo-page-")
        cls.downloads = os.path.join(cls.folder, "downloads")
        os.mkdir(cls.downloads)
        cls.page = os.path.join(cls.folder, "twinkle.html")
        made = xylo("page", SCORE, "-o", cls.page)
        assert made.returncode == 0, made.stderr
        cls.taps = events(SCORE)
        # Für Elise: 29 keys, drawn as a xylophone.
        cls.xylophone = os.path.join(cls.folder, "fur-elise.html")
        cls.pages = [cls.xylophone]
        made = xylo("page", os.path.join(ROOT, "docs", "pictures", "fur-elise-excerpt.xylo"),
                    "-o", cls.xylophone)
        assert made.returncode == 0, made.stderr
        # Songs of 1 to 37 keys for the layout, and their key counts.
        def scientific(notes):
            names = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
            return " ".join(f"{names[note % 12]}{note // 12 - 1}" for note in notes)

        naturals = [note for note in range(72, 97) if note % 12 in (0, 2, 4, 5, 7, 9, 11)]
        long_title = ("title A Very Long Title That Goes On And On Well Past The Width Of Any "
                      "Phone Held Upright Or Sideways, Of Any Tablet And Of The Widest Screen "
                      "On Any Desk, Longer Than Two Lines Of It Can Hold\n"
                      "artist Somebody With A Rather Long Name\n")
        cls.layouts = [
            ("twinkle", cls.page),
            ("one key", cls.make_page("one-key", "title One Key\nC5 C5 C5\n")),
            ("eight below the app's", cls.make_page(
                "eight-low", "title Eight Below\ntempo 240\n" + scientific(naturals[:8]) + "\n")),
            ("13 chromatic", cls.make_page(
                "chromatic-13", "title Thirteen\ntempo 240\n" + scientific(range(72, 85)) + "\n")),
            ("15 chromatic", cls.make_page(
                "chromatic-15", "title Fifteen\ntempo 240\n" + scientific(range(72, 87)) + "\n")),
            ("15 naturals, a long title", cls.make_page(
                "naturals-15", long_title + "tempo 240\n" + scientific(naturals[:15]) + "\n")),
            ("29 of Für Elise", cls.xylophone),
            ("37 chromatic", cls.make_page(
                "chromatic-37", "title Thirty-seven\ntempo 240\n" + scientific(range(65, 102)) + "\n")),
        ]
        # A song whose first tap is at 0.5 s, on E.
        cls.late = cls.make_page("late-start", "title Late Start\n0.5 E\n1 G\n")
        rendered = os.path.join(cls.folder, "twinkle.wav")
        run = xylo("render", SCORE, "-o", rendered, "--quiet")
        assert run.returncode == 0, run.stderr
        cls.song_frames = wav_frames(rendered)[0]
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in (
            "--headless=new",
            "--no-sandbox",
            "--window-size=1280,800",
            "--autoplay-policy=no-user-gesture-required",
            "--hide-scrollbars",
            # A desktop's mouse, which hovers (headless Chromium has none); the phones' touch
            # emulation makes it a finger, which does not.
            "--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,"
            "availablePointerTypes=4",
        ):
            options.add_argument(argument)
        options.add_experimental_option(
            "prefs",
            {"download.default_directory": cls.downloads, "download.prompt_for_download": False},
        )
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        cls.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        cls.driver.execute_cdp_cmd(
            "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": cls.downloads}
        )
        cls.url = "file://" + cls.page
        cls.open(1280, 800)

    @classmethod
    def make_page(cls, name, score):
        """The page of the score text `score`, written as NAME.xylo and NAME.html."""
        path = os.path.join(cls.folder, name + ".xylo")
        with open(path, "w", encoding="utf-8") as file:
            file.write(score)
        page = os.path.join(cls.folder, name + ".html")
        made = xylo("page", path, "-o", page, "--quiet")
        assert made.returncode == 0, made.stderr
        cls.pages.append(page)
        return page

    @classmethod
    def open(cls, width, height, page=None):
        """Loads the page (Twinkle's unless `page`) in a viewport of `width`x`height` CSS pixels
        (a phone's when a side is below 600)."""
        phone = min(width, height) < 600
        cls.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 2 if phone else 1,
             "mobile": phone},
        )
        cls.driver.execute_cdp_cmd(
            "Emulation.setTouchEmulationEnabled", {"enabled": phone, "maxTouchPoints": 5}
        )
        cls.driver.get("file://" + page if page else cls.url)
        cls.wait_for("document.body.dataset.ready === 'yes'")
        cls.wait_for("document.querySelector('audio.song').readyState >= 1")

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
            time.sleep(0.02)

    def tearDown(self):
        self.js("const s = document.querySelector('audio.song'); s.pause(); s.loop = false;"
                " s.playbackRate = 1;")
        errors = [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(errors, [], "console errors")

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def press(self, *keys):
        for key in keys:
            ActionChains(self.driver).send_keys(key).perform()

    def seek_paused(self, seconds):
        """Pauses the song at `seconds` and waits until the keys are drawn for that place."""
        self.js("const s = document.querySelector('audio.song'); s.pause(); s.currentTime = arguments[0];",
                seconds)
        self.wait_for("Number(document.body.dataset.position) === arguments[0]", seconds)
        self.js("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")

    def expected_dims(self, seconds, speed=1):
        """Each key's dim at `seconds` by the events' taps, and how far the place is from the
        nearest start or end of a dim (seconds of sound)."""
        frames = seconds * RATE
        titles = ["C", "D", "E", "F", "G", "A", "B"]
        dims = [False] * 7
        nearest = float("inf")
        for frame, key in self.taps:
            start, end = frame, frame + RATE / 5
            if start <= frames < end:
                dims[titles.index(key)] = True
            nearest = min(nearest, abs(frames - start) / RATE, abs(frames - end) / RATE)
        return dims, nearest

    def sample(self):
        return self.js(
            "const s = document.querySelector('audio.song');"
            "return {position: Number(document.body.dataset.position), now: s.currentTime,"
            " since: (performance.now() - window.lastFrame) / 1000, paused: s.paused,"
            " dims: Array.from(document.querySelectorAll('button.key'))"
            "   .map(k => k.classList.contains('dimmed'))};"
        )

    def follow(self, seconds, speed=1, frames=1):
        """Samples the page for `seconds` of playback, each sample with the audio clock the keys
        were drawn for (`data-position`), the audio clock now, and the time since the latest
        animation frame. Checks that the keys show exactly the events' dims at the place they
        were drawn for, and that this place is the audio clock's at the latest animation
        frame, within `frames` animation frames: the keys are never more behind the sound.
        Returns the lags behind the sound and how far each sample's place was behind the audio
        clock at its frame, in seconds at normal speed."""
        self.js(
            "if (!window.frameHook) { window.frameHook = true; window.frameTimes = [];"
            " (function tick(time) { window.lastFrame = performance.now();"
            "  window.frameTimes.push(time); requestAnimationFrame(tick); })(0); }"
        )
        self.js("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        deadline = time.monotonic() + seconds
        samples = []
        while time.monotonic() < deadline:
            samples.append(self.sample())
            time.sleep(0.011)
        lags, errors = [], []
        for sample in samples:
            self.assertFalse(sample["paused"])
            drawn, _ = self.expected_dims(sample["position"])
            self.assertEqual(sample["dims"], drawn, sample)
            lag = sample["now"] - sample["position"]
            if lag < 0:  # a loop's seam between the frame and now
                continue
            # Drawn at the latest frame: the sound has moved on by the time since it, at the
            # song's speed (less when the audio clock stood still, as just after a seek), give
            # or take the audio clock's own steps: within one animation frame.
            error = lag / speed - sample["since"]
            # A frame drawn late by the machine (a busy shared core) may show a clock one more
            # frame old, once in a while, never more: a keyboard that lags the sound fails
            # every sample, and the median below.
            self.assertLessEqual(error, (frames + 1) * FRAME, sample)
            lags.append(lag / speed)
            errors.append(error)
        self.assertGreater(len(lags), 20)
        late = [error for error in errors if error > frames * FRAME]
        self.assertLessEqual(len(late), max(1, len(errors) // 50),
                             f"{len(late)} of {len(errors)} samples more than {frames} frames "
                             f"behind the audio clock: {late}")
        return lags, errors

    def frame_intervals(self):
        times = self.js("return window.frameTimes.slice(-400)")
        return sorted(b - a for a, b in zip(times, times[1:]))

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
        pages = [self.url] + ["file://" + page for page in self.pages]
        others = [url for url in urls if url not in pages and not url.startswith(("data:", "blob:"))]
        self.assertEqual(others, [])
        policy = self.js(
            "return document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]').content"
        )
        self.assertTrue(policy.startswith("default-src 'none'; "), policy)
        self.assertNotIn("unsafe", policy)

    def test_the_seven_keys_have_the_apps_colours_at_alpha_0_7_and_readable_labels(self):
        self.seek_paused(0.3)  # between taps: no key dimmed
        for dimmed, alpha in ((False, 0.7), (True, 0.5)):
            keys = self.js(
                "return Array.from(document.querySelectorAll('button.key')).map(k => {"
                " if (arguments[0]) { k.classList.add('dimmed'); }"
                " const s = getComputedStyle(k), box = k.getBoundingClientRect();"
                " const out = [k.textContent, s.backgroundColor, s.color, box.top, box.bottom];"
                " k.classList.remove('dimmed'); return out; })",
                dimmed,
            )
            self.assertEqual([key[0] for key in keys], list("CDEFGAB"))
            height = self.js("return innerHeight")
            for (title, background, label, top, bottom), colour in zip(keys, APP_COLOURS):
                bar, shown_alpha = parse_css_colour(background)
                self.assertEqual((bar, shown_alpha), (rgb(colour), alpha), title)
                # The label against the bar as displayed over the gradient behind it.
                worst = float("inf")
                for y in (top, (top + bottom) / 2, bottom):
                    fraction = min(max(y / height, 0), 1)
                    under = [round(a + (b - a) * fraction)
                             for a, b in zip(rgb(GRADIENT[0]), rgb(GRADIENT[1]))]
                    shown = [c * alpha + u * (1 - alpha) for c, u in zip(rgb(colour), under)]
                    worst = min(worst, contrast(parse_css_colour(label)[0], shown))
                # Dimmed E keeps its black label, short of 4.5:1 only near the gradient's dark
                # bottom (as in the video): neither white nor black keeps 4.5:1 there.
                self.assertGreaterEqual(worst, 4.5 if not dimmed or title != "E" else 4.0,
                                        f"{title} dimmed={dimmed}")

    def dimmed(self):
        """Each key's dim as drawn, two animation frames from now."""
        self.js("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        return self.js("return Array.from(document.querySelectorAll('button.key'))"
                       ".map(k => k.classList.contains('dimmed'))")

    def test_no_key_looks_struck_before_the_song_reaches_its_tap(self):
        try:
            # Twinkle's first tap, C, is at 0: the page opens there, and nothing has struck.
            self.open(1280, 800)
            self.assertEqual(self.js("return document.querySelector('audio.song').currentTime"), 0)
            self.assertEqual(self.dimmed(), [False] * 7)
            # Sought to there, C is struck: dimmed for 0.2 s from its tap.
            self.seek_paused(0)
            self.assertEqual(self.dimmed(), [True] + [False] * 6)
            self.seek_paused(0.1999)
            self.assertEqual(self.dimmed(), [True] + [False] * 6)
            self.seek_paused(0.2)
            self.assertEqual(self.dimmed(), [False] * 7)
            # A song whose first tap (E) is at 0.5 s: nothing dimmed before it, paused or not.
            self.open(1280, 800, self.late)
            self.assertEqual(self.dimmed(), [False] * 7)
            for seconds, dims in ((0, [False] * 7), (0.25, [False] * 7), (0.5, [2]), (0.6, [2]),
                                  (0.75, [False] * 7), (1.1, [4])):
                self.seek_paused(seconds)
                expected = dims if len(dims) == 7 else [index in dims for index in range(7)]
                self.assertEqual(self.dimmed(), expected, seconds)
        finally:
            self.open(1280, 800)

    def test_keys_dim_on_the_songs_taps_by_its_audio_clock(self):
        self.seek_paused(0)
        self.js("document.querySelector('button.play').click()")
        lags, errors = self.follow(4)
        # After a seek, while playing.
        self.js("document.querySelector('audio.song').currentTime = 20")
        self.wait_for("Number(document.body.dataset.position) >= 20")
        more, more_errors = self.follow(2)
        lags, errors = lags + more, errors + more_errors
        # Across the loop's seam.
        self.js("document.querySelector('button.loop').click();"
                "const s = document.querySelector('audio.song'); s.currentTime = s.duration - 0.6")
        self.assertTrue(self.js("return document.querySelector('audio.song').loop"))
        self.wait_for("Number(document.body.dataset.position) < 1", seconds=5)
        more, more_errors = self.follow(1.5)
        lags, errors = lags + more, errors + more_errors
        # At double speed, whose time-stretched audio clock Chromium moves on in steps of up to
        # a frame: within two frames.
        self.js("const s = document.querySelector('select.speed'); s.value = '2';"
                " s.dispatchEvent(new Event('change'))")
        self.assertEqual(self.js("return document.querySelector('audio.song').playbackRate"), 2)
        fast, fast_errors = self.follow(2, speed=2, frames=2)
        lags.sort()
        frames = self.frame_intervals()
        median = lags[len(lags) // 2]
        self.assertLessEqual(median, FRAME, "the keys lag the sound")
        print(
            f"\n  sync: {len(lags) + len(fast)} samples, each key exactly the events' dim at the "
            f"audio clock of the latest animation frame, that clock at most "
            f"{1000 * max(errors):.1f} ms ({1000 * max(fast_errors):.1f} ms at 2x) behind the "
            f"time since the frame; keys behind the sound by a median {1000 * median:.1f} ms, "
            f"at most {1000 * lags[-1]:.1f} ms (frames: median "
            f"{frames[len(frames) // 2]:.1f} ms, longest {frames[-1]:.1f} ms)",
            end=" ",
        )

    def test_the_song_decodes_to_the_renders_length(self):
        duration = self.js("return document.querySelector('audio.song').duration")
        self.assertAlmostEqual(duration, self.song_frames / RATE, delta=0.5 / RATE)
        decoded = self.driver.execute_async_script(
            "const done = arguments[0];"
            "const src = document.querySelector('audio.song').src;"
            "const text = atob(src.slice(src.indexOf(',') + 1));"
            "const bytes = new Uint8Array(text.length);"
            "for (let i = 0; i < text.length; i++) { bytes[i] = text.charCodeAt(i); }"
            "new OfflineAudioContext(1, 1, 48000).decodeAudioData(bytes.buffer)"
            "  .then(b => done([b.length, b.sampleRate]), e => done(String(e)));"
        )
        self.assertEqual(decoded[1], RATE)
        # Chromium's decoder keeps the encoder's priming and the last packet's padding, which
        # the file's edit list (as the <audio> element above honours) cuts: at most 2048 frames.
        self.assertGreaterEqual(decoded[0], self.song_frames)
        self.assertLessEqual(decoded[0], self.song_frames + 2048)

    def install_probe(self):
        """Records, for each sound a key starts, the event it started in and whether any key
        was dimmed when that event's dispatch ended; and each sound stopped."""
        self.js(
            "window.probe = {starts: [], stops: 0, ends: []};"
            "if (!window.probeInstalled) {"
            " window.probeInstalled = true;"
            " const start = AudioBufferSourceNode.prototype.start;"
            " AudioBufferSourceNode.prototype.start = function () {"
            "  if (this.context instanceof AudioContext) {"
            "   window.probe.starts.push({type: window.event && window.event.type,"
            "    lag: window.event ? performance.now() - window.event.timeStamp : null}); }"
            "  return start.apply(this, arguments); };"
            " const stop = AudioBufferSourceNode.prototype.stop;"
            " AudioBufferSourceNode.prototype.stop = function () {"
            "  if (this.context instanceof AudioContext) { window.probe.stops += 1; }"
            "  return stop.apply(this, arguments); };"
            " for (const type of ['keydown', 'pointerdown']) {"
            "  window.addEventListener(type, e => window.probe.ends.push({type: type,"
            "   dimmed: Array.from(document.querySelectorAll('button.key'))"
            "    .map(k => k.classList.contains('dimmed'))})); } }"
        )

    def test_a_key_sounds_and_dims_in_the_event_that_presses_it(self):
        self.seek_paused(0.3)
        self.install_probe()
        self.press("1")
        self.press("e")
        keys = self.driver.find_elements(By.CSS_SELECTOR, "button.key")
        ActionChains(self.driver).move_to_element(keys[6]).click().perform()
        probe = self.js("return window.probe")
        self.assertEqual([start["type"] for start in probe["starts"]],
                         ["keydown", "keydown", "pointerdown"])
        dimmed = [[index for index, on in enumerate(end["dimmed"]) if on] for end in probe["ends"]]
        self.assertEqual(dimmed[0], [0])
        self.assertIn(2, dimmed[1])
        self.assertIn(6, dimmed[2])
        # As the app does, each sound stops the one before.
        self.assertEqual(probe["stops"], 2)
        # A key dims for 0.2 s, by the audio clock.
        self.wait_for("!document.querySelector('.k6 .key').classList.contains('dimmed')",
                      seconds=2)
        state = self.js("return [window.probe.starts.map(s => s.lag)]")
        # Polyphonic: sounds ring on.
        self.js("document.querySelector('button.polyphony').click()")
        self.press("2", "3")
        self.assertEqual(self.js("return window.probe.stops"), 2)
        self.js("document.querySelector('button.polyphony').click()")
        print(f"\n  event to sound: {max(state[0]):.1f} ms at most", end=" ")

    def test_taps_at_known_times_come_back_from_events_and_render_as_the_page_does(self):
        self.js("document.querySelector('button.clear').click()")
        self.js("document.querySelector('button.record').click()")  # starts the song
        self.assertEqual(self.js("return document.querySelector('button.record')"
                                 ".getAttribute('aria-pressed')"), "true")
        self.assertFalse(self.js("return document.querySelector('audio.song').paused"))
        keys = self.driver.find_elements(By.CSS_SELECTOR, "button.key")
        presses = [(0.5, "1", "C"), (1.25, "e", "E"), (2.0123, "5", "G"), (2.1, "G", "G"),
                   (3.3333, None, "B"), (4.75, "a", "A")]
        for seconds, key, title in presses:
            self.seek_paused(seconds)
            if key is None:
                ActionChains(self.driver).move_to_element(keys[6]).click().perform()
            else:
                self.press(key)
        self.js("document.querySelector('button.record').click()")
        self.assertEqual(self.js("return document.querySelector('.count').textContent"), "6 taps")
        self.js("document.querySelector('button.copy').click()")
        self.wait_for("document.querySelector('button.copy').dataset.copied === 'yes'")
        text = self.paste()
        self.assertEqual(text, self.js("return document.querySelector('.score-text').textContent"))
        lines = text.splitlines()
        self.assertIn("options --rate 48000 --polyphony 1 --tail 0", lines)
        self.assertIn("title Twinkle Twinkle Little Star (tapped along)", lines)
        score = os.path.join(self.folder, "tapped.xylo")
        with open(score, "w", encoding="utf-8") as file:
            file.write(text)
        expected = [(int(seconds * RATE + 0.5), title) for seconds, _, title in presses]
        self.assertEqual(events(score), expected)
        # The page's WAV of the taps is the render of the copied score.
        self.js("document.querySelector('button.download').click()")
        self.wait_for("document.querySelector('button.download').dataset.frames !== undefined")
        path = os.path.join(self.downloads, "Twinkle Twinkle Little Star tapped.wav")
        deadline = time.monotonic() + 10
        while not os.path.exists(path) and time.monotonic() < deadline:
            time.sleep(0.05)
        rendered = os.path.join(self.folder, "tapped.wav")
        run = xylo("render", score, "-o", rendered, "--quiet")
        self.assertEqual(run.returncode, 0, run.stderr)
        page_frames, page_rate, page_values = wav_frames(path)
        cli_frames, cli_rate, cli_values = wav_frames(rendered)
        self.assertEqual((page_frames, page_rate), (cli_frames, cli_rate))
        worst = max(abs(a - b) for a, b in zip(page_values, cli_values))
        self.assertLessEqual(worst, 2, "16-bit steps apart at most")

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

    def test_the_transport_plays_pauses_seeks_and_loops(self):
        self.seek_paused(0)
        play = self.driver.find_element(By.CSS_SELECTOR, "button.play")
        play.click()
        self.wait_for("!document.querySelector('audio.song').paused")
        # The button shows the transport from the page's next frame on, not at once.
        self.wait_for("document.querySelector('button.play').getAttribute('aria-pressed')"
                      " === 'true'")
        self.assertEqual(play.get_attribute("aria-pressed"), "true")
        self.press(" ")
        self.assertTrue(self.js("return document.querySelector('audio.song').paused"))
        self.js("const s = document.querySelector('input.seek'); s.value = '12.5';"
                " s.dispatchEvent(new Event('input'))")
        self.assertAlmostEqual(self.js("return document.querySelector('audio.song').currentTime"),
                               12.5, delta=0.001)
        self.wait_for("document.querySelector('.clock').textContent === '0:12.5 / 0:28.8'")

    def test_a_phone_held_upright_shows_every_key_and_control(self):
        try:
            self.open(390, 844)
            self.pose()
            layout = self.js(
                "const box = e => e.getBoundingClientRect();"
                "return {width: document.documentElement.scrollWidth,"
                " keys: Array.from(document.querySelectorAll('button.key')).map(k =>"
                "  [box(k).left, box(k).right, box(k).top, box(k).bottom]),"
                " controls: Array.from(document.querySelectorAll('.control')).map(c =>"
                "  [box(c).left, box(c).right, box(c).bottom])}"
            )
            self.assertLessEqual(layout["width"], 390)
            for left, right, top, bottom in layout["keys"]:
                self.assertGreaterEqual(left, 0)
                self.assertLessEqual(right, 390)
                self.assertGreaterEqual(bottom - top, 44, "a key a thumb can hit")
                self.assertLessEqual(bottom, 844)
            for left, right, bottom in layout["controls"]:
                self.assertGreaterEqual(left, 0)
                self.assertLessEqual(right, 390)
                self.assertLessEqual(bottom, 844, "every control on the first screen")
            self.screenshot("page-390x844.png")
        finally:
            self.open(1280, 800)

    def test_every_key_and_control_is_in_view_and_keys_are_large_enough_to_touch(self):
        # WCAG 2.2's target sizes: 44x44 for a song of up to 15 keys, 24x24 for any.
        sizes = ((390, 844), (844, 390), (768, 1024), (1280, 800), (1920, 1080))
        # The smallest key's side at each size: of the songs of up to 15 keys, and of all.
        smallest = {size: [float("inf"), float("inf")] for size in sizes}
        try:
            for name, page in self.layouts:
                for width, height in sizes:
                    where = f"{name} at {width}x{height}"
                    self.open(width, height, page)
                    layout = self.js(
                        "const box = e => { const r = e.getBoundingClientRect();"
                        " return [r.left, r.top, r.right, r.bottom]; };"
                        "const hit = e => { const r = e.getBoundingClientRect();"
                        " const at = document.elementFromPoint((r.left + r.right) / 2,"
                        "  (r.top + r.bottom) / 2); return at !== null && e.contains(at); };"
                        "const title = document.querySelector('h1'), style = getComputedStyle(title);"
                        "return {view: [innerWidth, innerHeight],"
                        " scroll: [document.documentElement.scrollWidth,"
                        "  document.documentElement.scrollHeight],"
                        " keys: Array.from(document.querySelectorAll('button.key')).map(box),"
                        " hits: Array.from(document.querySelectorAll('button.key')).map(hit),"
                        " controls: Array.from(document.querySelectorAll("
                        "  '.control, input.seek, .clock, details.score > summary, h1'))"
                        "  .map(e => [e.className || e.tagName, box(e), hit(e)]),"
                        " title: [box(title)[3] - box(title)[1], parseFloat(style.lineHeight),"
                        "  title.scrollHeight > title.clientHeight]}"
                    )
                    self.assertEqual(layout["view"], [width, height], where)
                    self.assertLessEqual(layout["scroll"][0], width, f"{where}: scrolls across")
                    self.assertLessEqual(layout["scroll"][1], height, f"{where}: scrolls down")
                    least = 44 if len(layout["keys"]) <= 15 else 24
                    for index, (left, top, right, bottom) in enumerate(layout["keys"]):
                        self.assertTrue(0 <= left < right <= width and 0 <= top < bottom <= height,
                                        f"{where}: key {index} out of view")
                        self.assertGreaterEqual(min(right - left, bottom - top), least,
                                                f"{where}: key {index} too small to touch")
                        self.assertTrue(layout["hits"][index], f"{where}: key {index} covered")
                        side = min(right - left, bottom - top)
                        least_of = smallest[(width, height)]
                        least_of[1] = min(least_of[1], side)
                        if len(layout["keys"]) <= 15:
                            least_of[0] = min(least_of[0], side)
                        for other, (u0, v0, u1, v1) in enumerate(layout["keys"][:index]):
                            # Neighbours' areas meet: they may share an edge, to the layout's
                            # rounding (1/64 px), never more.
                            overlap = min(min(right, u1) - max(left, u0),
                                          min(bottom, v1) - max(top, v0))
                            self.assertLess(overlap, 0.1, f"{where}: keys {other} and {index}")
                    for kind, (left, top, right, bottom), hit in layout["controls"]:
                        self.assertTrue(0 <= left < right <= width and 0 <= top < bottom <= height,
                                        f"{where}: {kind} out of view")
                        self.assertTrue(hit, f"{where}: {kind} covered")
                    # The title: one line, or two before it ends in an ellipsis (one when the
                    # screen is low); the long one is cut, the others are whole.
                    shown, line, cut = layout["title"]
                    lines = round(shown / line)
                    self.assertEqual(cut, name.endswith("a long title"), where)
                    expected = (1 if height < 560 else 2) if cut else 1
                    self.assertEqual(lines, expected, where)
                    if name == "37 chromatic":
                        self.screenshot(f"page-37-keys-{width}x{height}.png")
            print("\n  smallest key (songs of up to 15 keys; of any): " + ", ".join(
                f"{width}x{height} {few:.1f}; {any_:.1f} px"
                for (width, height), (few, any_) in smallest.items()), end=" ")
        finally:
            self.open(1280, 800)

    def test_a_song_of_many_keys_is_a_xylophone_that_fits_and_plays(self):
        try:
            for width, height in ((1280, 800), (390, 844)):
                self.open(width, height, self.xylophone)
                self.seek_paused(2.45)
                boxes = self.js(
                    "const box = e => { const r = e.getBoundingClientRect();"
                    " return [r.left, r.top, r.right, r.bottom]; };"
                    "return {keyboard: box(document.querySelector('.keyboard')),"
                    " keys: Array.from(document.querySelectorAll('button.key')).map(box),"
                    " titles: Array.from(document.querySelectorAll('button.key'))"
                    "  .map(k => k.textContent)}"
                )
                self.assertEqual(len(boxes["keys"]), 29)
                self.assertEqual(boxes["titles"][:3], ["F4", "G4", "A4"])
                left, top, right, bottom = boxes["keyboard"]
                for index, (x0, y0, x1, y1) in enumerate(boxes["keys"]):
                    self.assertTrue(left - 0.5 <= x0 < x1 <= right + 0.5, index)
                    self.assertTrue(top - 0.5 <= y0 < y1 <= bottom + 0.5, index)
                    self.assertGreaterEqual(min(x1 - x0, y1 - y0), 12, "a bar a finger can hit")
                    for other, (u0, v0, u1, v1) in enumerate(boxes["keys"][:index]):
                        overlap = min(min(x1, u1) - max(x0, u0), min(y1, v1) - max(y0, v0))
                        self.assertLess(overlap, 0.1, f"bars {other} and {index} overlap")
                # Each bar is drawn inside its key's area (`::before`), at alpha 0.7, 0.5 dimmed.
                bars = self.js(
                    "return Array.from(document.querySelectorAll('button.key')).map(k => {"
                    " const was = k.classList.contains('dimmed'); k.classList.remove('dimmed');"
                    " const rest = getComputedStyle(k, '::before').backgroundColor;"
                    " k.classList.add('dimmed');"
                    " const out = [getComputedStyle(k).backgroundColor, rest,"
                    "  getComputedStyle(k, '::before').backgroundColor];"
                    " k.classList.toggle('dimmed', was); return out; })"
                )
                for index, (area, rest, dimmed) in enumerate(bars):
                    self.assertEqual(parse_css_colour(area)[1], 0, index)
                    self.assertEqual(parse_css_colour(rest)[1], 0.7, index)
                    self.assertEqual(parse_css_colour(dimmed), (parse_css_colour(rest)[0], 0.5))
                self.screenshot(f"page-xylophone-{width}x{height}.png")
            # A press is recorded by the title the score plays.
            self.js("document.querySelector('button.record').click()")
            self.seek_paused(1.0)
            self.press("1")
            self.js("document.querySelector('button.record').click()")
            text = self.js("return document.querySelector('.score-text').textContent")
            # At the song's shareable level (-16 LUFS) the tap carries the key's gain.
            self.assertRegex(text, r"\n1\.000000 F4\*[0-9]+\.[0-9]{12}\n$")
        finally:
            self.open(1280, 800)

    def test_screenshot_at_1280x800(self):
        try:
            self.open(1280, 800)
            self.pose()
            self.screenshot("page-1280x800.png")
        finally:
            self.open(1280, 800)

    def pose(self):
        """The page freshly opened, three taps recorded, and the song paused with A dimmed."""
        self.js("document.querySelector('button.record').click()")
        for seconds, key in ((0.6, "1"), (1.2, "g"), (1.8, "g")):
            self.seek_paused(seconds)
            self.press(key)
        self.js("document.querySelector('button.record').click()")
        self.seek_paused(2.45)
        self.wait_for("document.querySelectorAll('button.key.dimmed').length === 1")

    def screenshot(self, name):
        folder = os.environ.get("XYLO_PAGE_SCREENSHOTS")
        if folder:
            self.driver.save_screenshot(os.path.join(folder, name))


if __name__ == "__main__":
    unittest.main(verbosity=2)
