import Platform
import SampleBank

/// Runs a bank operation with decoders' own warnings (libmpg123's) kept off the terminal, so a
/// bad sample is reported in our one line only. Called while no other thread prints.
func quietly<Value>(_ body: () throws(BankError) -> Value) throws(BankError) -> Value {
  let outcome: Result<Value, BankError> = FileSystem.withStandardErrorSilenced {
    do throws(BankError) {
      return .success(try body())
    } catch {
      return .failure(error)
    }
  }
  return try outcome.get()
}
