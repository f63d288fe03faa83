// The types the engine's public API speaks of, so `import Rendering` is enough to use it.
@_exported import Mixer
@_exported import Notation
@_exported import SampleBank
@_exported import ScoreParser
@_exported import Settings
@_exported import SoundFile
