import Platform

/// The tap-along part of `pageScript`: the recorded taps as a score's timestamp lines, copied
/// to the clipboard, and rendered in the page as a WAV file (`OfflineAudioContext`).
let pageTakeScript = #"""
    // The recorded taps, as the score format's timestamp lines: seconds to six places, which
    // read back as the same frame at the page's rate.
    function secondsText(frame) {
      const micro = Math.round(frame * 1000000 / rate);
      const whole = Math.floor(micro / 1000000);
      return whole + "." + String(micro - whole * 1000000).padStart(6, "0");
    }

    function ordered() {
      return take.map(function (tap, index) { return [tap, index]; })
        .sort(function (a, b) { return a[0].frame - b[0].frame || a[1] - b[1]; })
        .map(function (pair) { return pair[0]; });
    }

    function scoreOfTake() {
      const header = polyphonic ? data.score.polyphonic : data.score.app;
      return header + ordered().map(function (tap) {
        // A key at the song's level carries its gain, so the score renders as loud.
        const gain = data.keys[tap.key].tapGain;
        return secondsText(tap.frame) + " " + data.keys[tap.key].plays
          + (gain === 1 ? "" : "*" + gain.toFixed(12)) + "\n";
      }).join("");
    }

    // The taps' count, and what they allow; a message about the taps before goes.
    function showTake() {
      const taps = take.length;
      say("");
      count.textContent = taps === 0 ? "No taps yet" : taps + (taps === 1 ? " tap" : " taps");
      copyButton.disabled = taps === 0;
      download.disabled = taps === 0;
      clear.disabled = taps === 0;
      scoreText.textContent = taps === 0 ? "" : scoreOfTake();
    }

  \#(copyTextScript)

    function copyScore() {
      const text = scoreOfTake();
      function done(copied) {
        copyButton.dataset.copied = copied ? "yes" : "no";
        say(copied ? "Score copied" : "Select the score below to copy it");
      }
      copyText(text, done);
    }

    // The taps rendered in the page as the score renders them: each key's sample from its
    // tap's frame at its level, one sound at a time unless polyphonic, until the last ends.
    function renderTake() {
      const taps = ordered().filter(function (tap) { return buffers[tap.key]; });
      let end = 1;
      taps.forEach(function (tap, index) {
        let stop = tap.frame + buffers[tap.key].length;
        if (!polyphonic && index + 1 < taps.length) {
          stop = Math.min(stop, taps[index + 1].frame);
        }
        tap.stop = stop;
        end = Math.max(end, stop);
      });
      const context = new OfflineAudioContext(data.channels, end, rate);
      taps.forEach(function (tap) {
        const source = context.createBufferSource();
        source.buffer = buffers[tap.key];
        const level = context.createGain();
        level.gain.value = data.keys[tap.key].level;
        source.connect(level);
        level.connect(context.destination);
        source.start(tap.frame / rate);
        source.stop(tap.stop / rate);
      });
      return context.startRendering();
    }

    // 16-bit PCM WAV, each value rounded to nearest (ties to even) and clipped, as a render
    // rounds it.
    function wav(buffer) {
      const channels = buffer.numberOfChannels;
      const frames = buffer.length;
      const out = new DataView(new ArrayBuffer(44 + 2 * channels * frames));
      function text(offset, value) {
        for (let index = 0; index < value.length; index += 1) {
          out.setUint8(offset + index, value.charCodeAt(index));
        }
      }
      text(0, "RIFF");
      out.setUint32(4, 36 + 2 * channels * frames, true);
      text(8, "WAVEfmt ");
      out.setUint32(16, 16, true);
      out.setUint16(20, 1, true);
      out.setUint16(22, channels, true);
      out.setUint32(24, rate, true);
      out.setUint32(28, rate * 2 * channels, true);
      out.setUint16(32, 2 * channels, true);
      out.setUint16(34, 16, true);
      text(36, "data");
      out.setUint32(40, 2 * channels * frames, true);
      const planes = [];
      for (let channel = 0; channel < channels; channel += 1) {
        planes.push(buffer.getChannelData(channel));
      }
      let offset = 44;
      for (let index = 0; index < frames; index += 1) {
        for (let channel = 0; channel < channels; channel += 1) {
          const scaled = planes[channel][index] * 32768;
          let value = Math.round(scaled);
          if (value - scaled === 0.5 && value % 2 !== 0) {
            value -= 1;
          }
          out.setInt16(offset, Math.max(-32768, Math.min(32767, value)), true);
          offset += 2;
        }
      }
      return new Blob([out.buffer], { type: "audio/wav" });
    }

    function downloadWAV() {
      download.disabled = true;
      say("Rendering the taps…");
      renderTake().then(function (buffer) {
        const link = document.createElement("a");
        link.href = URL.createObjectURL(wav(buffer));
        link.download = data.name + " tapped.wav";
        document.body.appendChild(link);
        link.click();
        link.remove();
        download.dataset.frames = String(buffer.length);
        say("WAV written: " + buffer.length + " frames at " + rate + " Hz");
      }, function (error) {
        say("Cannot render the taps: " + error.message);
      }).then(function () {
        download.disabled = take.length === 0;
      });
    }

    copyButton.addEventListener("click", copyScore);
    download.addEventListener("click", downloadWAV);
    clear.addEventListener("click", function () {
      take = [];
      showTake();
    });
  """#
