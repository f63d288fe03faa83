import MIDIFile

/// Placeholder until the reader exists: the harness only checks the error's wording.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMIDIReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  _ = MIDIError(offset: size, message: "").description
  return 0
}
