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
    guard let path = path(arguments) else { return BuiltInKeys.titles }
    return open(path, console: console)?.titles
  }

  /// The bank the command line names; `nil` after printing why when it cannot be opened.
  static func open(_ path: String?, console: Console) -> (any SampleBank)? {
    guard let path else {
      console.error(
        "the built-in bank is not available in this build; name a folder of samples with --bank DIR"
      )
      return nil
    }
    do {
      return try DirectoryBank(path: path)
    } catch {
      console.error(error.description)
      return nil
    }
  }
}
