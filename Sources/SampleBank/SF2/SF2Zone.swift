/// The SoundFont 2 generators this reader uses, by their numbers in the specification (2.04,
/// section 8.1.2); the others (LFOs, the modulation envelope's release, effects sends,
/// exclusive classes, fixed key and velocity) are read past.
enum SF2Generator {
  static let startOffset = 0
  static let endOffset = 1
  static let loopStartOffset = 2
  static let loopEndOffset = 3
  static let startCoarseOffset = 4
  static let filterCutoff = 8
  static let filterResonance = 9
  static let modulationToFilterCutoff = 11
  static let endCoarseOffset = 12
  static let pan = 17
  static let modulationDelay = 25
  static let modulationAttack = 26
  static let modulationHold = 27
  static let modulationDecay = 28
  static let modulationSustain = 29
  static let keyToModulationHold = 31
  static let keyToModulationDecay = 32
  static let delay = 33
  static let attack = 34
  static let hold = 35
  static let decay = 36
  static let sustain = 37
  static let keyToHold = 39
  static let keyToDecay = 40
  static let instrument = 41
  static let keyRange = 43
  static let velocityRange = 44
  static let loopStartCoarseOffset = 45
  static let attenuation = 48
  static let loopEndCoarseOffset = 50
  static let coarseTune = 51
  static let fineTune = 52
  static let sampleID = 53
  static let sampleModes = 54
  static let scaleTuning = 56
  static let rootKey = 58
  /// One past the highest number the specification defines.
  static let count = 61

  /// The generators a preset zone may not set (section 8.5): sample offsets, sample modes,
  /// exclusive class, fixed key and velocity, root key; a preset's value for them is ignored.
  static let instrumentOnly: Set<Int> = [0, 1, 2, 3, 4, 12, 45, 46, 47, 50, 54, 57, 58]

  /// An instrument zone's values before it sets any: the specification's defaults.
  static let defaults: [Int] = {
    var values = [Int](repeating: 0, count: count)
    for kind in [21, 23, 25, 26, 27, 28, 30, 33, 34, 35, 36, 38] { values[kind] = -12_000 }
    values[8] = 13_500
    (values[46], values[47], values[58]) = (-1, -1, -1)
    values[scaleTuning] = 100
    return values
  }()
}

/// One sound of a preset: an instrument zone as its preset zone plays it, with the ranges of
/// both intersected and the preset's generators added to the instrument's (section 9.4).
struct SF2Zone: Equatable, Sendable {
  var keys: ClosedRange<Int>
  var velocities: ClosedRange<Int>
  /// The index of the sample in the file's `shdr`.
  var sample: Int
  /// Every generator's value, by number: the instrument's, plus the preset's where additive.
  var values: [Int]
  /// Where the instrument zone's first generator stands, for messages.
  var offset: Int

  subscript(_ kind: Int) -> Int { values[kind] }
}

/// The zones of preset `index` of `file`: each preset zone's instrument's zones, global zones
/// applied first. A zone whose ranges do not meet plays nothing and is left out.
func presetZones(of index: Int, in file: SF2File, path: String) throws(BankError) -> [SF2Zone] {
  func fail(_ offset: Int, _ reason: String) -> BankError {
    BankError(path: path, reason: "at byte \(offset): \(reason)")
  }
  let bagEnd = index + 1 < file.presets.count ? file.presets[index + 1].firstBag : nil
  let presetBags = file.presets[index].firstBag..<(bagEnd ?? file.presetBagsEnd)
  let presetLists = try zoneLists(
    bags: presetBags, of: file.presetBags, generators: file.presetGenerators,
    last: SF2Generator.instrument,
    forbidden: SF2Generator.sampleID, fail: fail)
  var presetGlobal = [Int](repeating: 0, count: SF2Generator.count)
  var presetGlobalRanges = Ranges()
  var zones: [SF2Zone] = []
  var pairs = 0
  for (number, list) in presetLists.enumerated() {
    var values = presetGlobal
    var ranges = presetGlobalRanges
    try apply(list.generators, to: &values, ranges: &ranges, fail: fail)
    guard let instrument = list.target else {
      // A first zone without an instrument is the preset's global zone; a later one is ignored.
      if number == 0 { (presetGlobal, presetGlobalRanges) = (values, ranges) }
      continue
    }
    guard instrument < file.instruments.count else {
      throw fail(
        list.targetOffset,
        "a preset zone names instrument \(instrument); the file has "
          + "\(file.instruments.count)")
    }
    let start = file.instruments[instrument].firstBag
    let end =
      instrument + 1 < file.instruments.count
      ? file.instruments[instrument + 1].firstBag : file.instrumentBagsEnd
    let instrumentLists = try zoneLists(
      bags: start..<end, of: file.instrumentBags, generators: file.instrumentGenerators,
      last: SF2Generator.sampleID, forbidden: SF2Generator.instrument, fail: fail)
    var global = SF2Generator.defaults
    var globalRanges = Ranges()
    for (zoneNumber, zone) in instrumentLists.enumerated() {
      pairs += 1
      guard pairs <= maximumZonePairs else {
        throw fail(
          list.targetOffset,
          "the preset's zones and their instruments' make over "
            + "\(maximumZonePairs) pairs")
      }
      var own = global
      var ownRanges = globalRanges
      try apply(zone.generators, to: &own, ranges: &ownRanges, fail: fail)
      guard let sample = zone.target else {
        if zoneNumber == 0 { (global, globalRanges) = (own, ownRanges) }
        continue
      }
      guard sample < file.samples.count else {
        throw fail(
          zone.targetOffset,
          "an instrument zone names sample \(sample); the file has "
            + "\(file.samples.count)")
      }
      guard let keys = ownRanges.keys.meeting(ranges.keys)?.meeting(0...127),
        let velocities = ownRanges.velocities.meeting(ranges.velocities)?.meeting(1...127)
      else { continue }
      for kind in 0..<SF2Generator.count where !SF2Generator.instrumentOnly.contains(kind) {
        own[kind] += values[kind]
      }
      zones.append(
        SF2Zone(
          keys: keys, velocities: velocities, sample: sample, values: own,
          offset: zone.targetOffset))
    }
  }
  return zones
}

/// The most instrument zones one preset may reach through its preset zones: General MIDI
/// presets reach tens to a few hundred.
let maximumZonePairs = 65_536

/// A zone's key and velocity ranges as written (bytes, 0-255).
private struct Ranges {
  var keys = 0...255
  var velocities = 0...255
}

/// A zone's generators as written, and the instrument or sample its last generator names.
private struct ZoneList {
  var generators: ArraySlice<SF2File.Generator>
  var target: Int?
  var targetOffset: Int
}

/// The zones of `bags`: each's generators, less the `last` one (instrument or sample ID) that
/// ends a zone which plays; `forbidden` is the one this level may not hold.
private func zoneLists(
  bags: Range<Int>, of allBags: [SF2File.Bag], generators: [SF2File.Generator], last: Int,
  forbidden: Int, fail: (Int, String) -> BankError
) throws(BankError) -> [ZoneList] {
  var lists: [ZoneList] = []
  for bag in bags {
    // The file's checks keep every start in order and within the generators.
    let own = generators[allBags[bag].firstGenerator..<allBags[bag + 1].firstGenerator]
    if let wrong = own.first(where: { $0.kind == forbidden }) {
      throw fail(
        wrong.offset,
        forbidden == SF2Generator.instrument
          ? "an instrument zone names an instrument (generator 41), which only a preset zone may"
          : "a preset zone names a sample (generator 53), which only an instrument zone may")
    }
    if let final = own.last, final.kind == last {
      lists.append(
        ZoneList(generators: own.dropLast(), target: Int(final.amount), targetOffset: final.offset))
    } else {
      lists.append(ZoneList(generators: own, target: nil, targetOffset: allBags[bag].offset))
    }
  }
  return lists
}

/// Sets `values` and `ranges` from `generators`, a later one of a kind over an earlier.
private func apply(
  _ generators: ArraySlice<SF2File.Generator>, to values: inout [Int], ranges: inout Ranges,
  fail: (Int, String) -> BankError
) throws(BankError) {
  for generator in generators {
    switch generator.kind {
    case SF2Generator.keyRange, SF2Generator.velocityRange:
      guard let range = generator.range else {
        let name = generator.kind == SF2Generator.keyRange ? "key" : "velocity"
        throw fail(
          generator.offset,
          "a \(name) range runs from \(generator.amount & 0xFF) down to "
            + "\(generator.amount >> 8)")
      }
      if generator.kind == SF2Generator.keyRange {
        ranges.keys = range
      } else {
        ranges.velocities = range
      }
    case SF2Generator.instrument, SF2Generator.sampleID:
      // Either ends a zone; one elsewhere is out of place, and ignored.
      break
    case 0..<SF2Generator.count:
      values[generator.kind] = generator.signed
    default:
      break
    }
  }
}

extension ClosedRange<Int> {
  /// The range's overlap with `other`, or nil when they do not meet.
  fileprivate func meeting(_ other: ClosedRange<Int>) -> ClosedRange<Int>? {
    overlaps(other)
      ? Swift.max(lowerBound, other.lowerBound)...Swift.min(upperBound, other.upperBound) : nil
  }
}
