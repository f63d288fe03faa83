/// Text as HTML shows it, in an element or a quoted attribute: markup characters as entities,
/// and characters that could forge or hide what a name looks like (controls, bidirectional
/// overrides) shown as `\n`, `\u{1B}`, `\u{202E}`. File names and titles are untrusted.
package func htmlText(_ text: String) -> String {
  escaped(text) { scalar in
    switch scalar {
    case "&": "&amp;"
    case "<": "&lt;"
    case ">": "&gt;"
    case "\"": "&quot;"
    case "'": "&#39;"
    case "\n": "\\n"
    case "\t": "\\t"
    case "\r": "\\r"
    case _ where isHidden(scalar): "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    default: nil
    }
  }
}

/// Control characters, and those that reorder or hide text around them.
package func isHidden(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0..<0x20, 0x7F..<0xA0, 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
  default: false
  }
}

/// Bytes as Base64 (RFC 4648, with padding), for `data:` URLs.
package func base64(_ bytes: [UInt8]) -> String {
  let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  var output = [UInt8]()
  output.reserveCapacity((bytes.count + 2) / 3 * 4)
  var index = 0
  while index + 3 <= bytes.count {
    let value =
      UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
    for shift in [18, 12, 6, 0] { output.append(alphabet[Int(value >> UInt32(shift) & 63)]) }
    index += 3
  }
  let rest = bytes.count - index
  if rest > 0 {
    let second = rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0
    let value = UInt32(bytes[index]) << 16 | second
    output.append(alphabet[Int(value >> 18 & 63)])
    output.append(alphabet[Int(value >> 12 & 63)])
    output.append(rest == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
    output.append(UInt8(ascii: "="))
  }
  return String(decoding: output, as: UTF8.self)
}

/// Script functions that copy text: `copyText(text, done)` through the clipboard API, or
/// through a selection where that is refused (a page opened from a file), then calls
/// `done(copied)`. The pages that copy put them in their one script, as written here,
/// indentation included.
package let copyTextScript = #"""
    function copyWithSelection(text) {
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "offscreen";
      document.body.appendChild(area);
      area.select();
      let copied = false;
      try {
        copied = document.execCommand("copy");
      } catch (error) {
        copied = false;
      }
      area.remove();
      return copied;
    }

    function copyText(text, done) {
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () {
          done(true);
        }, function () {
          done(copyWithSelection(text));
        });
      } else {
        done(copyWithSelection(text));
      }
    }
  """#
