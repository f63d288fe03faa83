import AudioBasics
import Platform
import Settings
import SoundFile

extension RenderManifest.Configuration {
  /// The settings of `plan`, with the bank `options` name and the format `written`.
  init(_ plan: RenderPlan, options: SoundOptions, written: OutputFormat) {
    let settings = plan.settings
    rate = plan.rate
    channels = plan.channels
    switch settings.phoneFormat {
    case .aac(let bitRate)?:
      container = "m4a"
      encoding = "aac"
      self.bitRate = bitRate
    case .oggVorbis?:
      container = "ogg"
      encoding = nil
      bitRate = nil
    case nil:
      container = written.container.rawValue
      encoding = written.encoding?.rawValue
      bitRate = nil
    }
    // A SoundFont's preset is part of which bank plays: `gm.sf2 --preset 13`.
    bank =
      options.bank.map { path in
        Path.lastComponent(path) + (options.preset.map { " --preset \($0.text)" } ?? "")
      } ?? "built-in"
    mallet = options.bank == nil ? (options.mallet ?? .hard).rawValue : nil
    room = settings.room.rawValue
    switch settings.level {
    case .gain(let decibels):
      level = "gain"
      gainDecibels = decibels
    case .normalize(let peak):
      level = "normalize"
      normalizePeakDecibels = peak
    case .loudness(let lufs, let ceiling):
      level = "loudness"
      loudnessTargetLUFS = lufs
      truePeakCeilingDecibels = ceiling
    }
    switch settings.length {
    case .untilDecayed:
      length = "until_decayed"
    case .natural(let tail):
      length = "natural"
      tailSeconds = exactText(tail)
    case .exactly(let seconds):
      length = "exactly"
      durationSeconds = exactText(seconds)
    }
    fadeOutSeconds = exactText(settings.fadeOut)
    polyphony = settings.polyphony
    cutFadeSeconds = exactText(settings.cutFade)
    ditherSeed = settings.ditherSeed
  }
}
