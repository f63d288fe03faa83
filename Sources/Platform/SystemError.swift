/// A failed system call: the path it was about and the C library's reason.
package struct SystemError: Error, Equatable, Sendable {
  package var path: String
  package var reason: String

  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The error for `errno` as it is now, such as `No such file or directory`.
  package static func current(path: String) -> SystemError {
    SystemError(path: path, reason: errorText(errno))
  }
}

/// The C library's text for an error number. The corresponding C function is `strerror`.
package func errorText(_ number: Int32) -> String {
  guard let text = strerror(number) else { return "error \(number)" }
  return String(cString: text)
}
