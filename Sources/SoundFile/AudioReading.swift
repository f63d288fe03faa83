/// A file's samples read block by block as doubles, whoever decodes them: libsndfile for its
/// formats, FFmpeg (in `AudioDigest`) for AAC in MP4, which libsndfile cannot read.
public protocol AudioReading: AnyObject {
  /// The file's path as the caller gave it, for messages.
  var path: String { get }
  var info: AudioInfo { get }
  /// Reads up to `frameCount` interleaved frames into `buffer`; 0 at the end.
  func read(into buffer: UnsafeMutableBufferPointer<Double>, frameCount: Int)
    throws(SoundFileError) -> Int
  /// Reads the rest of the file.
  func readAllDoubles() throws(SoundFileError) -> [Double]
}

extension SoundFileReader: AudioReading {}
