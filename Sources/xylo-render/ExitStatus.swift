/// The process exit statuses, as documented in the README.
enum ExitStatus: Int32 {
  case success = 0
  /// A bad score, sample, failed comparison or I/O error.
  case failure = 1
  /// `compare` could not read a file.
  case unreadable = 2
  /// A bad command line (sysexits' `EX_USAGE`).
  case usage = 64
}
