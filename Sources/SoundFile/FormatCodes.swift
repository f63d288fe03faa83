import CSndFile

/// libsndfile's format codes under Swift names; no `SF_` constant is used outside this module.
enum FormatCode {
  static let wav = Int32(SF_FORMAT_WAV)
  static let rf64 = Int32(SF_FORMAT_RF64)
  static let w64 = Int32(SF_FORMAT_W64)
  static let aiff = Int32(SF_FORMAT_AIFF)
  static let caf = Int32(SF_FORMAT_CAF)
  static let flac = Int32(SF_FORMAT_FLAC)
  static let ogg = Int32(SF_FORMAT_OGG)
  static let mpeg = Int32(SF_FORMAT_MPEG)

  static let pcm16 = Int32(SF_FORMAT_PCM_16)
  static let pcm24 = Int32(SF_FORMAT_PCM_24)
  static let pcm32 = Int32(SF_FORMAT_PCM_32)
  static let float = Int32(SF_FORMAT_FLOAT)
  static let vorbis = Int32(SF_FORMAT_VORBIS)
  static let opus = Int32(SF_FORMAT_OPUS)
  static let mp3 = Int32(SF_FORMAT_MPEG_LAYER_III)

  static let subtypeMask = Int32(SF_FORMAT_SUBMASK)

  static let readMode = Int32(SFM_READ)
  static let writeMode = Int32(SFM_WRITE)

  static let titleString = Int32(SF_STR_TITLE)
  static let artistString = Int32(SF_STR_ARTIST)
  static let commentString = Int32(SF_STR_COMMENT)

  static let setAddPeakChunk = Int32(SFC_SET_ADD_PEAK_CHUNK)
  static let updateHeaderNow = Int32(SFC_UPDATE_HEADER_NOW)
  static let majorFormatCount = Int32(SFC_GET_FORMAT_MAJOR_COUNT)
  static let majorFormat = Int32(SFC_GET_FORMAT_MAJOR)
  static let getLogInfo = Int32(SFC_GET_LOG_INFO)
}
