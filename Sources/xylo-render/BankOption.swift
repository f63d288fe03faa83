import SampleBank

/// `--bank DIR`, shared by every command that reads keys.
enum BankOption {
  static let specs = [OptionSpec(name: "--bank", takesValue: true)]

  static let help = """
      --bank DIR              Take key samples from DIR/<title>.<ext> (wav, flac, aiff, ...)
    """

  static func path(_ arguments: ParsedArguments) -> String? { arguments.values["--bank"] }

  /// The key titles scores are checked against: the named bank's, or the built-in ones.
  /// `nil` after printing why when the named bank cannot be opened.
  static func titles(_ arguments: ParsedArguments, console: Console) -> [String]? {
    open(path(arguments), console: console)?.titles
  }

  /// The bank the command line names (the built-in one without `--bank`); `nil` after printing why when it cannot be opened.
  static func open(_ path: String?, console: Console) -> (any SampleBank)? {
    guard let path else { return BuiltInBank() }
    do {
      return try DirectoryBank(path: path)
    } catch {
      console.error(error.description)
      return nil
    }
  }
}
