import CFFmpeg

/// Converts pictures between pixel formats with libswscale: Cairo's ARGB32 to H.264's yuv420p
/// for writing, yuv420p to 8-bit RGB for reading back, a decoded picture file to ARGB32 at
/// another size for a background. Video's YUV is BT.709 in the limited (studio) range, RGB the
/// full range; see `DeterministicSettings` for the flags.
///
/// Owns the scaler context and frees it in `deinit`.
final class PictureConverter {
  /// The pixel formats converted between.
  enum Format {
    /// Cairo's `CAIRO_FORMAT_ARGB32`: premultiplied, native-endian 32-bit words, alpha
    /// ignored (premultiplied colours are the picture over black).
    case cairoARGB32
    /// Planar Y, U, V with U and V at half the width and height: what players expect of H.264.
    case yuv420p
    /// Red, green and blue bytes per pixel.
    case rgb24
    /// A decoded picture's own format, and whether its YUV is in the full range (JPEG's).
    case decoded(AVPixelFormat, fullRange: Bool)

    var pixelFormat: AVPixelFormat {
      switch self {
      case .cairoARGB32:
        #if _endian(little)
          return AV_PIX_FMT_BGRA
        #else
          return AV_PIX_FMT_ARGB
        #endif
      case .yuv420p: return AV_PIX_FMT_YUV420P
      case .rgb24: return AV_PIX_FMT_RGB24
      case .decoded(let format, _): return format
      }
    }

    /// libswscale's range flag: 0 for the limited range of YUV, 1 for full-range RGB.
    fileprivate var rangeFlag: Int32 {
      switch self {
      case .yuv420p: 0
      case .decoded(_, let fullRange): fullRange ? 1 : 0
      case .cairoARGB32, .rgb24: 1
      }
    }
  }

  private let height: Int
  private var context: OpaquePointer?

  /// Sets up conversion of `width`×`height` pictures from `source` to `destination`.
  convenience init(
    width: Int, height: Int, from source: Format, to destination: Format, path: String,
    access: EncodingError.Access
  ) throws(EncodingError) {
    try self.init(
      from: (width, height, source), to: (width, height, destination), path: path, access: access)
  }

  /// Sets up conversion, and scaling, of pictures of one size and format to another; a YUV
  /// source is read with the `sourceColourSpace` coefficients (libswscale's `SWS_CS_`).
  /// The corresponding C functions are `sws_getContext` and `sws_setColorspaceDetails`.
  init(
    from source: (width: Int, height: Int, format: Format),
    to destination: (width: Int, height: Int, format: Format),
    sourceColourSpace: Int32 = SWS_CS_ITU709, path: String, access: EncodingError.Access
  ) throws(EncodingError) {
    height = source.height
    let operation = "setting up the pixel conversion"
    context = sws_getContext(
      Int32(source.width), Int32(source.height), source.format.pixelFormat,
      Int32(destination.width), Int32(destination.height), destination.format.pixelFormat,
      DeterministicSettings.pictureConversionFlags, nil, nil, nil)
    guard let context else {
      throw libraryError(LibraryCode.outOfMemory, operation, path: path, access: access)
    }
    let sourceCoefficients = sws_getCoefficients(sourceColourSpace)
    let coefficients = sws_getCoefficients(SWS_CS_ITU709)
    let unity: Int32 = 1 << 16
    guard
      sws_setColorspaceDetails(
        context, sourceCoefficients, source.format.rangeFlag, coefficients,
        destination.format.rangeFlag, 0, unity, unity) >= 0
    else {
      throw EncodingError(
        operation: operation, path: path,
        reason: "libswscale cannot convert with BT.709 coefficients", access: access)
    }
  }

  deinit {
    sws_freeContext(context)
  }

  /// Converts the whole picture in `source`'s planes into `destination`'s; strides are bytes
  /// per row of each plane. Returns whether libswscale wrote every row.
  /// The corresponding C function is `sws_scale`.
  func convert(
    _ source: [UnsafePointer<UInt8>?], strides sourceStrides: [Int32],
    into destination: [UnsafeMutablePointer<UInt8>?], strides destinationStrides: [Int32]
  ) -> Bool {
    // libswscale copies four planes' pointers and strides from each array, whatever the
    // formats use: shorter arrays would be read past their end.
    let rows = sws_scale(
      context, fourPlanes(source, nil), fourPlanes(sourceStrides, 0), 0, Int32(height),
      fourPlanes(destination, nil), fourPlanes(destinationStrides, 0))
    return rows > 0
  }
}

/// `values` followed by `unused` up to the four planes libswscale reads.
private func fourPlanes<Value>(_ values: [Value], _ unused: Value) -> [Value] {
  values + Array(repeating: unused, count: max(0, 4 - values.count))
}
