import CFFmpeg

/// One picture converted for the H.264 encoder: yuv420p planes (BT.709, limited range) in an
/// FFmpeg frame of reference-counted buffers. Converted on any thread by a
/// `VideoPictureConverter`, then written by `VideoWriter.writeVideoFrame(_:)` once for each
/// picture that shows it: the encoder takes a reference of its own and copies the planes
/// before the write returns, and converting into a picture the encoder still held would give
/// it new buffers first, so the encoder never sees a plane change after it was handed over.
///
/// Owns its frame and frees it in `deinit`.
package final class VideoPicture: @unchecked Sendable {
  package let width: Int
  package let height: Int
  let frame: UnsafeMutablePointer<AVFrame>

  /// A blank picture of `width` × `height` pixels (both even); nil when out of memory.
  /// The corresponding C functions are `av_frame_alloc` and `av_frame_get_buffer`.
  init?(width: Int, height: Int) {
    guard let frame = av_frame_alloc() else { return nil }
    frame.pointee.format = PictureConverter.Format.yuv420p.pixelFormat.rawValue
    frame.pointee.width = Int32(width)
    frame.pointee.height = Int32(height)
    guard av_frame_get_buffer(frame, 0) >= 0 else {
      var freed: UnsafeMutablePointer<AVFrame>? = frame
      av_frame_free(&freed)
      return nil
    }
    self.width = width
    self.height = height
    self.frame = frame
  }

  deinit {
    var freed: UnsafeMutablePointer<AVFrame>? = frame
    av_frame_free(&freed)
  }
}

/// Converts Cairo's ARGB32 pictures of one size into `VideoPicture`s, on the thread that calls
/// it: one converter per thread, since a libswscale context is not shared.
package final class VideoPictureConverter {
  package let width: Int
  package let height: Int
  /// The file named in errors.
  private let path: String
  private let converter: PictureConverter

  /// Sets up conversion of `width` × `height` pictures (both even) for the video at `path`.
  package init(width: Int, height: Int, path: String) throws(EncodingError) {
    self.width = width
    self.height = height
    self.path = path
    converter = try PictureConverter(
      width: width, height: height, from: .cairoARGB32, to: .yuv420p, path: path, access: .write)
  }

  /// A new picture of the converter's size to convert into.
  package func makePicture() throws(EncodingError) -> VideoPicture {
    guard let picture = VideoPicture(width: width, height: height) else {
      throw libraryError(LibraryCode.outOfMemory, "allocating the frame buffer", path: path)
    }
    return picture
  }

  /// Throws unless `pixels` holds a whole picture of `bytesPerRow` bytes per row.
  func validate(_ pixels: UnsafeRawBufferPointer, bytesPerRow: Int) throws(EncodingError) {
    let rowBytes = width * 4
    guard bytesPerRow >= rowBytes, pixels.baseAddress != nil,
      pixels.count >= bytesPerRow * (height - 1) + rowBytes
    else {
      throw EncodingError(
        operation: "encoding a video frame", path: path,
        reason: "\(pixels.count) bytes of \(bytesPerRow) per row do not hold a "
          + "\(width)×\(height) ARGB32 picture")
    }
  }

  /// Converts Cairo's `CAIRO_FORMAT_ARGB32` pixels (`bytesPerRow` bytes per row) into
  /// `picture`, replacing what it held. The corresponding C functions are
  /// `av_frame_make_writable` and `sws_scale`.
  package func convert(
    _ pixels: UnsafeRawBufferPointer, bytesPerRow: Int, into picture: VideoPicture
  ) throws(EncodingError) {
    let operation = "encoding a video frame"
    try validate(pixels, bytesPerRow: bytesPerRow)
    guard let base = pixels.baseAddress, picture.width == width, picture.height == height else {
      throw EncodingError(
        operation: operation, path: path,
        reason: "a \(picture.width)×\(picture.height) picture for \(width)×\(height) pixels")
    }
    let frame = picture.frame
    // Buffers the encoder may still reference are replaced, never written over.
    try checkLibraryStatus(av_frame_make_writable(frame), operation, path: path)
    let data = frame.pointee.data
    let linesize = frame.pointee.linesize
    guard
      converter.convert(
        [base.assumingMemoryBound(to: UInt8.self)], strides: [Int32(bytesPerRow)],
        into: [data.0, data.1, data.2], strides: [linesize.0, linesize.1, linesize.2])
    else {
      throw EncodingError(
        operation: operation, path: path, reason: "libswscale converted no rows")
    }
  }
}
