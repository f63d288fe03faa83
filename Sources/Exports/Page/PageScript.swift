/// The page's one script: the song's transport, the keys dimmed on the song's taps by its audio
/// clock, the keys played with Web Audio, and the taps recorded, copied as a score and rendered
/// as a WAV file. It reads everything that varies from the page's JSON (`#page-data`), so it is
/// the same text on every page, allowed by its hash. Standard DOM, media and Web Audio APIs
/// only; no handler attributes, no timers.
let pageScript =
  "\"use strict\";\n(function () {\n" + pagePlayerScript + pageTakeScript + "})();\n"

/// The player: the page's data, the keys dimmed by the song's audio clock every animation frame,
/// the keys' sounds, the transport and the keyboard's keys. Inside `pageScript`'s function,
/// with `pageTakeScript`, whose functions it calls.
let pagePlayerScript = #"""
    const data = JSON.parse(document.getElementById("page-data").textContent);
    const rate = data.rate;
    const dimSeconds = data.dim[0] / data.dim[1];
    const dimFrames = rate * dimSeconds;
    const song = document.querySelector("audio.song");
    const keys = Array.from(document.querySelectorAll("button.key"));
    const play = document.querySelector("button.play");
    const seek = document.querySelector("input.seek");
    const clock = document.querySelector(".clock");
    const loop = document.querySelector("button.loop");
    const speed = document.querySelector("select.speed");
    const record = document.querySelector("button.record");
    const polyphony = document.querySelector("button.polyphony");
    const count = document.querySelector(".count");
    const copyButton = document.querySelector("button.copy");
    const download = document.querySelector("button.download");
    const clear = document.querySelector("button.clear");
    const status = document.querySelector(".status");
    const scoreText = document.querySelector(".score-text");
    const songSeconds = data.frames / rate;

    // The song's taps, each key's frames in order: a key is dimmed while the song's position
    // is within `dimSeconds` after one of them.
    const tapsOfKey = keys.map(function () { return []; });
    data.taps.forEach(function (tap) { tapsOfKey[tap[1]].push(tap[0]); });
    const shortcuts = new Map();
    data.keys.forEach(function (key, index) {
      key.shortcuts.forEach(function (name) { shortcuts.set(name.toLowerCase(), index); });
    });

    let buffers = data.keys.map(function () { return null; });
    let live = null;
    let sounding = null;
    let polyphonic = false;
    let recording = false;
    let take = [];
    let dragging = false;
    // Whether the song has been played or sought: until then it stands at 0 unheard, and a
    // tap at 0 has not struck yet.
    let heard = false;
    // Until when a played key stays dimmed: on the live audio clock once it runs, else on
    // the page's clock (the first press, while the audio starts).
    const pressed = keys.map(function () { return { audio: -1, page: -1 }; });
    const shown = keys.map(function () { return false; });

    function say(text) {
      status.textContent = text;
    }

    function bytes(base64) {
      const text = atob(base64);
      const array = new Uint8Array(text.length);
      for (let index = 0; index < text.length; index += 1) {
        array[index] = text.charCodeAt(index);
      }
      return array;
    }

    // Each key's sample decoded once, at the page's rate (the render's), before any press.
    function decodeSamples() {
      const decoder = new OfflineAudioContext(data.channels, 1, rate);
      return Promise.all(data.keys.map(function (key) {
        if (key.sample === null) {
          return null;
        }
        return decoder.decodeAudioData(bytes(data.samples[key.sample]).buffer);
      }));
    }

    function liveAudio() {
      if (!live) {
        live = new AudioContext({ latencyHint: "interactive" });
      }
      if (live.state === "suspended") {
        live.resume();
      }
      return live;
    }

    function clockText(seconds) {
      const tenths = Math.floor(Math.max(seconds, 0) * 10);
      const minutes = Math.floor(tenths / 600);
      const rest = tenths - minutes * 600;
      return minutes + ":" + String(Math.floor(rest / 10)).padStart(2, "0") + "." + (rest % 10);
    }

    // Whether the song's position (frames) lies in a dim of `key`: after its last tap at or
    // before the position, by less than `dimFrames`.
    function songDims(key, position) {
      const frames = tapsOfKey[key];
      let low = 0;
      let high = frames.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (frames[middle] <= position) {
          low = middle + 1;
        } else {
          high = middle;
        }
      }
      return low > 0 && position < frames[low - 1] + dimFrames;
    }

    function liveDims(key, now) {
      const until = pressed[key];
      const audioNow = live && live.state === "running" ? live.currentTime : -1;
      return (audioNow >= 0 && audioNow < until.audio) || now < until.page;
    }

    function show(key, dimmed) {
      if (shown[key] !== dimmed) {
        shown[key] = dimmed;
        keys[key].classList.toggle("dimmed", dimmed);
      }
    }

    function showTransport(position) {
      const playing = !song.paused && !song.ended;
      if (play.getAttribute("aria-pressed") !== String(playing)) {
        play.setAttribute("aria-pressed", String(playing));
        play.setAttribute("aria-label", playing ? "Pause" : "Play");
      }
      if (!dragging) {
        seek.value = String(position);
      }
      const text = clockText(position) + " / " + clockText(songSeconds);
      if (clock.textContent !== text) {
        clock.textContent = text;
      }
    }

    // Every animation frame: the keys as the song's audio clock says, and the transport.
    // `data-position` is the position the keys were drawn for.
    function frame() {
      const position = song.currentTime;
      const frames = position * rate;
      const now = performance.now();
      heard = heard || !song.paused || position > 0;
      for (let key = 0; key < keys.length; key += 1) {
        show(key, (heard && songDims(key, frames)) || liveDims(key, now));
      }
      document.body.dataset.position = String(position);
      showTransport(position);
      requestAnimationFrame(frame);
    }

    // A key pressed: its sound starts and its bar dims in this same event.
    function strike(key) {
      const audio = liveAudio();
      const running = audio.state === "running";
      if (buffers[key]) {
        if (!polyphonic && sounding) {
          sounding.stop();
        }
        const source = audio.createBufferSource();
        source.buffer = buffers[key];
        const level = audio.createGain();
        level.gain.value = data.keys[key].level;
        source.connect(level);
        level.connect(audio.destination);
        source.start();
        sounding = source;
      }
      pressed[key] = running
        ? { audio: audio.currentTime + dimSeconds, page: -1 }
        : { audio: -1, page: performance.now() + 1000 * dimSeconds };
      show(key, true);
      // A key the bank has no sample for sounds nothing, and a score could not play it.
      if (recording && data.keys[key].plays !== null) {
        take.push({ frame: Math.round(song.currentTime * rate), key: key });
        showTake();
      }
    }

    function toggleSong() {
      if (song.paused || song.ended) {
        const started = song.play();
        if (started) {
          started.catch(function (error) { say("Cannot play: " + error.message); });
        }
      } else {
        song.pause();
      }
    }

    function toggleRecording() {
      recording = !recording;
      record.setAttribute("aria-pressed", String(recording));
      record.querySelector(".label").textContent = recording ? "Recording" : "Record";
      // Tapping along: the song plays under the taps, which take their times from it.
      if (recording && song.paused) {
        toggleSong();
      }
    }

    function setPolyphonic(value) {
      polyphonic = value;
      polyphony.setAttribute("aria-pressed", String(polyphonic));
      showTake();
    }

    keys.forEach(function (button, key) {
      button.addEventListener("pointerdown", function (event) {
        if (event.button === 0) {
          event.preventDefault();
          strike(key);
        }
      });
      // A click without a pointer press: the keyboard on a focused key, or assistive software.
      button.addEventListener("click", function (event) {
        if (event.detail === 0) {
          strike(key);
        }
      });
    });

    play.addEventListener("click", toggleSong);
    loop.addEventListener("click", function () {
      song.loop = !song.loop;
      loop.setAttribute("aria-pressed", String(song.loop));
    });
    speed.addEventListener("change", function () {
      song.playbackRate = Number(speed.value);
    });
    seek.addEventListener("pointerdown", function () { dragging = true; });
    seek.addEventListener("pointerup", function () { dragging = false; });
    seek.addEventListener("input", function () {
      song.currentTime = Number(seek.value);
    });
    seek.addEventListener("change", function () { dragging = false; });
    song.addEventListener("seeking", function () { heard = true; });
    record.addEventListener("click", toggleRecording);
    polyphony.addEventListener("click", function () { setPolyphonic(!polyphonic); });
    song.addEventListener("error", function () {
      say("This browser cannot play the song's AAC audio");
    });

    function typing(target) {
      return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement ||
        target.isContentEditable ||
        (target instanceof HTMLInputElement && target.type !== "range");
    }

    document.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) {
        return;
      }
      const name = event.key.toLowerCase();
      if (shortcuts.has(name)) {
        if (!event.repeat) {
          strike(shortcuts.get(name));
        }
      } else if (name === " ") {
        if (!event.repeat) {
          toggleSong();
        }
      } else if (name === "r") {
        toggleRecording();
      } else {
        return;
      }
      event.preventDefault();
    });

    // Space plays and pauses even on a focused button, which would otherwise click on release.
    document.addEventListener("keyup", function (event) {
      if (event.key === " " && !typing(event.target)) {
        event.preventDefault();
      }
    });

    seek.max = String(songSeconds);
    showTake();
    requestAnimationFrame(frame);
    decodeSamples().then(function (decoded) {
      buffers = decoded;
      document.body.dataset.ready = "yes";
    }, function (error) {
      say("Cannot decode the keys' samples: " + error.message);
      document.body.dataset.ready = "no";
    });
  """#
