import Foundation
import Testing

/// CXML2 declares the part of libxml2 it uses itself; libxml2's own headers must agree.
@Suite struct CXML2AgreementTests {
  /// The package root, three folders above this file.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  @Test func declarationsAgreeWithLibxml2sHeaders() throws {
    let (status, output) = try Self.compile("Sources/CXML2")
    #expect(status == 0, "\(output)")
  }

  /// The check has teeth: a layout with a field out of place fails to compile.
  @Test func aFieldOutOfPlaceFailsTheCheck() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cxml2-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let layout = try String(contentsOfFile: Self.root + "/Sources/CXML2/Layout.h", encoding: .utf8)
    let moved = layout.replacingOccurrences(
      of: "  int int1;\n", with: "  int int1;\n  int moved;\n")
    #expect(moved != layout)
    try moved.write(
      to: folder.appendingPathComponent("Layout.h"), atomically: true, encoding: .utf8)
    let (status, output) = try Self.compile(folder.path)
    #expect(status != 0)
    #expect(output.contains("xmlError's size"), "\(output)")
  }

  /// Compiles Tests/Notation/cxml2-agreement.c with libxml2's flags from pkg-config, taking
  /// `Layout.h` from `layoutFolder` (relative to the package or absolute); gives cc's exit
  /// status and what it printed.
  static func compile(_ layoutFolder: String) throws -> (Int32, String) {
    let folder = layoutFolder.hasPrefix("/") ? layoutFolder : root + "/" + layoutFolder
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("cxml2-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    // A copy beside no Layout.h, so that `#include "Layout.h"` finds the one in `folder`.
    let script = """
      set -e
      flags=$(pkg-config --cflags libxml-2.0)
      cp "$0/Tests/Notation/cxml2-agreement.c" "$2/agreement.c"
      exec cc -fsyntax-only -std=c11 -Wall -Wextra -Werror $flags -iquote "$1" \
        -I "$0/Sources/CXML2/include" -I "$0/Sources/CSystem/include" "$2/agreement.c"
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, root, folder, scratch.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }
}
