import CFFmpeg

/// Facts about the FFmpeg this program opens.
package enum MediaLibraries {
  /// FFmpeg's release (`av_version_info`) and each library's own version, as they report them:
  /// `FFmpeg 5.1.6-0+deb12u1 (libavutil 57.28.100, libavcodec 59.37.100, …)`, or why they cannot
  /// be opened.
  package static var version: String {
    if let failure = FFmpegLibraries.failure { return failure }
    let libraries = [
      ("libavutil", avutil_version()), ("libavcodec", avcodec_version()),
      ("libavformat", avformat_version()), ("libswscale", swscale_version()),
    ]
    let each = libraries.map { name, version in
      "\(name) \(version >> 16).\((version >> 8) & 0xFF).\(version & 0xFF)"
    }
    return "FFmpeg \(String(cString: av_version_info())) (\(each.joined(separator: ", ")))"
  }
}
