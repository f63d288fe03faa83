import AudioBasics

/// What strikes the bar: how long it stays in contact and how loud and bright its click is.
///
/// A harder mallet leaves the bar sooner, so it excites higher modes (a contact of τ seconds
/// passes modes below about 1/(2τ) and weakens those above) and clicks louder and brighter.
package struct MalletModel: Equatable, Sendable {
  /// Contact time of a full-strength strike on C6 (s); lower bars hold it longer.
  package var contactSeconds: Double
  /// The click's level relative to C6's fundamental at full strength (linear).
  package var clickLevel: Double

  /// Hard (phenolic/acrylic) heads: the concert xylophone's sound, the default.
  package static let hard = MalletModel(contactSeconds: 0.000_15, clickLevel: 0.5)
  /// Hard plastic heads: a little rounder.
  package static let plastic = MalletModel(contactSeconds: 0.000_4, clickLevel: 0.25)
  /// Rubber heads: warm, almost no click.
  package static let rubber = MalletModel(contactSeconds: 0.001_2, clickLevel: 0.06)
}

/// One strike of a bar: the mallet and how hard it hits.
package struct Strike: Equatable, Sendable {
  package var mallet: MalletModel
  /// How hard, in decibels below a full strike (0 or less). A softer strike stays in contact
  /// longer (so it is darker), clicks relatively less, and its high modes die sooner.
  package var strengthDecibels: Double

  package init(mallet: MalletModel = .hard, strengthDecibels: Double = 0) {
    self.mallet = mallet
    self.strengthDecibels = min(0, strengthDecibels)
  }

  /// The strength as a linear factor: 1 for a full strike.
  var strength: Double { Decibels.linear(strengthDecibels) }

  /// Contact time on C6: Hertzian contact lengthens as the mallet slows (τ ∝ v^-1/5); the
  /// exponent is doubled so the darkening is as audible as on a real bar.
  var contactSeconds: Double {
    mallet.contactSeconds * Decibels.linear(-0.4 * strengthDecibels)
  }

  /// The click relative to the bar: it falls faster than the bar's own level as the strike
  /// softens.
  var clickLevel: Double { mallet.clickLevel * Decibels.linear(0.6 * strengthDecibels) }
}

/// The strengths the built-in bank synthesizes: one every 3 dB from a full strike down to
/// -36 dB; a tap plays the nearest, and its own gain sets the level exactly.
package enum StrikeLayers {
  package static let count = 13
  package static let stepDecibels = 3.0

  /// The strike of layer `index` (0: full strength).
  package static func strengthDecibels(ofLayer index: Int) -> Double {
    -stepDecibels * Double(index)
  }

  /// The layer nearest to a linear gain, decided on its velocity (`TapVelocity`): gains of 1
  /// and above strike fully; the boundaries are whole velocities, so an SFZ's `lovel`/`hivel`
  /// can say them exactly.
  package static func layer(forGain gain: Double) -> Int {
    layer(forVelocity: TapVelocity.of(gain: gain))
  }

  /// The layer of velocity 1...127: layer L takes the velocities from `lowestVelocity(L)` up.
  package static func layer(forVelocity velocity: Int) -> Int {
    var layer = 0
    while layer < count - 1 && velocity < lowestVelocity(ofLayer: layer) { layer += 1 }
    return layer
  }

  /// The lowest velocity of layer `index`: the first whose own gain (velocity / 127) is at
  /// most 1.5 dB below the layer's strength (107 for layer 0, 76 for layer 1, …), so each
  /// velocity takes the layer nearest to it; 1 for the last layer.
  package static func lowestVelocity(ofLayer index: Int) -> Int {
    index >= count - 1 ? 1 : boundaries[index]
  }

  /// Between layer L and L+1: 127 times the gain 1.5 dB below layer L, rounded up.
  private static let boundaries = (0..<(count - 1)).map {
    Int((127 * Decibels.linear(strengthDecibels(ofLayer: $0) - stepDecibels / 2)).rounded(.up))
  }
}
