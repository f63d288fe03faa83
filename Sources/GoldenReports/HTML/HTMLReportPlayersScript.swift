import Platform

/// The report's one script (`htmlReportScript`), first part: its state and each failure's
/// player, a shared transport over the expected, actual and difference audio, with the
/// picture's playhead, "listen from here" and the copy buttons. It opens the function that
/// `htmlReportEvents` closes.
let htmlReportPlayers = #"""
  "use strict";
  (function () {
    const sources = ["expected", "actual", "difference"];
    const failures = Array.from(document.querySelectorAll("section.failure"));
    const players = new Map();
    let current = -1;
    let following = false;

    function seconds(value) {
      return value.toFixed(3) + " s";
    }

    function setUp(root) {
      const player = {
        root: root,
        audios: {},
        source: null,
        time: 0,
        seek: root.querySelector(".seek"),
        clock: root.querySelector(".clock"),
        play: root.querySelector(".play"),
        status: root.querySelector(".status"),
        section: root.closest("section"),
      };
      player.figure = player.section.querySelector("figure.picture");
      player.playhead = player.figure ? player.figure.querySelector(".playhead") : null;
      root.querySelectorAll("audio").forEach(function (audio) {
        player.audios[audio.dataset.source] = audio;
        ["play", "pause", "ended", "timeupdate", "loadedmetadata"].forEach(function (name) {
          audio.addEventListener(name, function () {
            if (audio === player.audios[player.source]) {
              player.time = audio.currentTime;
            }
            show(player);
          });
        });
        audio.addEventListener("play", function () {
          if (!following) {
            following = true;
            requestAnimationFrame(follow);
          }
        });
        audio.addEventListener("error", function () {
          player.status.textContent = "cannot decode the " + audio.dataset.source + " audio";
        });
      });
      player.source = sources.find(function (name) { return player.audios[name]; }) || null;
      if (player.figure && player.playhead) {
        const figure = player.figure.dataset;
        player.playhead.style.top = (100 * figure.top / figure.height) + "%";
        player.playhead.style.height = (100 * (figure.bottom - figure.top) / figure.height) + "%";
      }
      show(player);
      return player;
    }

    function audioOf(player) {
      return player.source ? player.audios[player.source] : null;
    }

    function playing(player) {
      const audio = audioOf(player);
      return audio !== null && !audio.paused && !audio.ended;
    }

    function show(player) {
      const audio = audioOf(player);
      player.root.querySelectorAll("button.source").forEach(function (button) {
        button.setAttribute("aria-pressed", String(button.dataset.source === player.source));
      });
      player.root.dataset.source = player.source || "";
      const isPlaying = playing(player);
      player.play.textContent = isPlaying ? "Pause" : "Play";
      player.play.setAttribute("aria-pressed", String(isPlaying));
      player.seek.value = String(player.time);
      const length = audio && isFinite(audio.duration) ? " / " + seconds(audio.duration) : "";
      player.clock.textContent = seconds(player.time) + length;
      if (player.playhead) {
        const figure = player.figure.dataset;
        const fraction = Math.min(Math.max(player.time / figure.seconds, 0), 1);
        const x = Number(figure.left) + fraction * (figure.right - figure.left);
        player.playhead.style.left = (100 * x / figure.width) + "%";
      }
    }

    // The clock and the playhead follow playback every frame, not only on `timeupdate`.
    function follow() {
      let any = false;
      players.forEach(function (player) {
        if (playing(player)) {
          player.time = audioOf(player).currentTime;
          show(player);
          any = true;
        }
      });
      following = any;
      if (any) {
        requestAnimationFrame(follow);
      }
    }

    function moveTo(audio, time) {
      const end = audio.duration;
      audio.currentTime = isFinite(end) ? Math.min(time, end) : time;
    }

    function start(player) {
      const audio = audioOf(player);
      if (!audio) {
        return;
      }
      players.forEach(function (other) {
        if (other !== player && playing(other)) {
          audioOf(other).pause();
        }
      });
      if (audio.ended) {
        moveTo(audio, player.time);
      }
      const started = audio.play();
      if (started) {
        started.then(function () {
          player.status.textContent = "";
        }, function (error) {
          player.status.textContent = "cannot play: " + error.message;
          show(player);
        });
      }
    }

    function toggle(player) {
      if (playing(player)) {
        audioOf(player).pause();
      } else {
        start(player);
      }
    }

    function choose(player, source) {
      const next = player.audios[source];
      if (!next || source === player.source) {
        return;
      }
      const previous = audioOf(player);
      const wasPlaying = playing(player);
      if (previous) {
        player.time = previous.currentTime;
        previous.pause();
      }
      player.source = source;
      moveTo(next, player.time);
      if (wasPlaying) {
        start(player);
      }
      show(player);
    }

    function seekTo(player, time, andPlay) {
      player.time = Math.max(0, time);
      const audio = audioOf(player);
      if (audio) {
        moveTo(audio, player.time);
      }
      if (andPlay) {
        start(player);
      }
      show(player);
    }

    function focus(index) {
      if (failures.length === 0) {
        return;
      }
      const next = Math.min(Math.max(index, 0), failures.length - 1);
      if (next !== current && current >= 0) {
        failures[current].classList.remove("current");
        const player = players.get(failures[current]);
        if (player && playing(player)) {
          audioOf(player).pause();
        }
      }
      current = next;
      failures[current].classList.add("current");
      document.body.dataset.current = failures[current].id;
      failures[current].scrollIntoView({ block: "start" });
    }

  \#(copyTextScript)

    function copy(button) {
      const text = button.dataset.command;
      const status = button.parentElement.querySelector(".copied");
      function done(copied) {
        button.dataset.copied = copied ? "yes" : "no";
        status.textContent = copied ? "copied" : "select the command to copy it";
      }
      copyText(text, done);
    }
  """#
