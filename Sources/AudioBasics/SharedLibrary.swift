/// Opens `library`, loaded on first use, through its C module's `xylo_…_open(reason, size)`:
/// nil once it is open, or why not (`libsoxr is not installed: libsoxr.so.0: cannot open
/// shared object file: No such file or directory`).
package func sharedLibraryFailure(
  _ library: String, _ open: (UnsafeMutablePointer<CChar>?, Int) -> Int32
) -> String? {
  var reason = [CChar](repeating: 0, count: 512)
  return open(&reason, reason.count) == 0
    ? nil : "\(library) is not installed: \(String(cText: reason))"
}
