/// The report's one script, second part: the page's clicks, seeking and keys, and the first
/// failure made current; it closes the function `htmlReportPlayers` opens.
let htmlReportEvents = #"""
    failures.forEach(function (section) {
      const root = section.querySelector(".player");
      if (root) {
        players.set(section, setUp(root));
      }
    });

    document.addEventListener("click", function (event) {
      const section = event.target.closest("section.failure");
      if (section) {
        focus(failures.indexOf(section));
      }
      const player = section ? players.get(section) : null;
      const button = event.target.closest("button");
      if (button && button.classList.contains("copy")) {
        copy(button);
      } else if (player && button && button.classList.contains("play")) {
        toggle(player);
      } else if (player && button && button.classList.contains("source")) {
        choose(player, button.dataset.source);
      } else if (player && button && button.classList.contains("listen")) {
        seekTo(player, Number(button.dataset.seconds), true);
      } else if (player && player.figure && event.target.closest("figure.picture")) {
        const figure = player.figure.dataset;
        const box = player.figure.querySelector("img").getBoundingClientRect();
        const x = (event.clientX - box.left) / box.width * figure.width;
        const fraction = (x - figure.left) / (figure.right - figure.left);
        if (fraction >= 0 && fraction <= 1) {
          seekTo(player, fraction * figure.seconds, false);
        }
      }
    });

    document.addEventListener("input", function (event) {
      const section = event.target.closest("section.failure");
      const player = section ? players.get(section) : null;
      if (player && event.target.classList.contains("seek")) {
        seekTo(player, Number(event.target.value), false);
      }
    });

    function typing(target) {
      return target instanceof HTMLTextAreaElement || target.isContentEditable ||
        (target instanceof HTMLInputElement && target.type !== "range");
    }

    document.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) {
        return;
      }
      const player = current >= 0 ? players.get(failures[current]) : null;
      switch (event.key) {
        case "j": focus(current + 1); break;
        case "k": focus(current - 1); break;
        case " ": if (player) { toggle(player); } break;
        case "a": if (player) { choose(player, "expected"); } break;
        case "b": if (player) { choose(player, "actual"); } break;
        case "d": if (player) { choose(player, "difference"); } break;
        default: return;
      }
      event.preventDefault();
    });

    // Space plays and pauses even on a focused button, which would otherwise click on release.
    document.addEventListener("keyup", function (event) {
      if (event.key === " " && !typing(event.target)) {
        event.preventDefault();
      }
    });

    if (failures.length > 0) {
      current = 0;
      failures[0].classList.add("current");
      document.body.dataset.current = failures[0].id;
    }
    document.body.dataset.ready = "yes";
  })();
  """#
