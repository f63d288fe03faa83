/// The mixer's hot loops: sums of up to eight voices' values, added in order, one pass over
/// a block.

/// `out[i] += source[i] * gain` for one, two, four or eight sources in one pass over `out`,
/// added in the order given: the hot loop, over contiguous memory so it vectorizes.
func addInOrder<Value: StoredValue>(
  _ sources: UnsafeBufferPointer<UnsafePointer<Value>>, _ gains: UnsafeBufferPointer<Float>,
  into out: UnsafeMutablePointer<Float>, count: Int
) {
  switch sources.count {
  case 8:
    let (a, b, c, d) = (sources[0], sources[1], sources[2], sources[3])
    let (e, f, g, h) = (sources[4], sources[5], sources[6], sources[7])
    let (ga, gb, gc, gd) = (gains[0], gains[1], gains[2], gains[3])
    let (ge, gf, gg, gh) = (gains[4], gains[5], gains[6], gains[7])
    for index in 0..<count {
      var sum = out[index]
      sum += a[index].mixed * ga
      sum += b[index].mixed * gb
      sum += c[index].mixed * gc
      sum += d[index].mixed * gd
      sum += e[index].mixed * ge
      sum += f[index].mixed * gf
      sum += g[index].mixed * gg
      sum += h[index].mixed * gh
      out[index] = sum
    }
  case 4:
    let (a, b, c, d) = (sources[0], sources[1], sources[2], sources[3])
    let (ga, gb, gc, gd) = (gains[0], gains[1], gains[2], gains[3])
    for index in 0..<count {
      var sum = out[index]
      sum += a[index].mixed * ga
      sum += b[index].mixed * gb
      sum += c[index].mixed * gc
      sum += d[index].mixed * gd
      out[index] = sum
    }
  case 2:
    let (a, b, ga, gb) = (sources[0], sources[1], gains[0], gains[1])
    for index in 0..<count {
      var sum = out[index]
      sum += a[index].mixed * ga
      sum += b[index].mixed * gb
      out[index] = sum
    }
  default:
    precondition(sources.count == 1, "one, two, four or eight sources")
    let (a, ga) = (sources[0], gains[0])
    for index in 0..<count {
      out[index] += a[index].mixed * ga
    }
  }
}

/// `addInOrder` for sources that keep one value for both channels of a stereo frame (`out`
/// holds stereo frames): each value is scaled once and added to the left and the right sum,
/// which then hold exactly what adding the two equal channels would.
func addSharedInOrder<Value: StoredValue>(
  _ sources: UnsafeBufferPointer<UnsafePointer<Value>>, _ gains: UnsafeBufferPointer<Float>,
  into out: UnsafeMutablePointer<Float>, frameCount: Int
) {
  switch sources.count {
  case 8:
    let (a, b, c, d) = (sources[0], sources[1], sources[2], sources[3])
    let (e, f, g, h) = (sources[4], sources[5], sources[6], sources[7])
    let (ga, gb, gc, gd) = (gains[0], gains[1], gains[2], gains[3])
    let (ge, gf, gg, gh) = (gains[4], gains[5], gains[6], gains[7])
    for frame in 0..<frameCount {
      let terms = (
        a[frame].mixed * ga, b[frame].mixed * gb, c[frame].mixed * gc, d[frame].mixed * gd,
        e[frame].mixed * ge, f[frame].mixed * gf, g[frame].mixed * gg, h[frame].mixed * gh
      )
      var left = out[2 * frame]
      var right = out[2 * frame + 1]
      left += terms.0
      right += terms.0
      left += terms.1
      right += terms.1
      left += terms.2
      right += terms.2
      left += terms.3
      right += terms.3
      left += terms.4
      right += terms.4
      left += terms.5
      right += terms.5
      left += terms.6
      right += terms.6
      left += terms.7
      right += terms.7
      out[2 * frame] = left
      out[2 * frame + 1] = right
    }
  case 4:
    let (a, b, c, d) = (sources[0], sources[1], sources[2], sources[3])
    let (ga, gb, gc, gd) = (gains[0], gains[1], gains[2], gains[3])
    for frame in 0..<frameCount {
      let terms = (
        a[frame].mixed * ga, b[frame].mixed * gb, c[frame].mixed * gc, d[frame].mixed * gd
      )
      var left = out[2 * frame]
      var right = out[2 * frame + 1]
      left += terms.0
      right += terms.0
      left += terms.1
      right += terms.1
      left += terms.2
      right += terms.2
      left += terms.3
      right += terms.3
      out[2 * frame] = left
      out[2 * frame + 1] = right
    }
  case 2:
    let (a, b, ga, gb) = (sources[0], sources[1], gains[0], gains[1])
    for frame in 0..<frameCount {
      let terms = (a[frame].mixed * ga, b[frame].mixed * gb)
      var left = out[2 * frame]
      var right = out[2 * frame + 1]
      left += terms.0
      right += terms.0
      left += terms.1
      right += terms.1
      out[2 * frame] = left
      out[2 * frame + 1] = right
    }
  default:
    precondition(sources.count == 1, "one, two, four or eight sources")
    let (a, ga) = (sources[0], gains[0])
    for frame in 0..<frameCount {
      let term = a[frame].mixed * ga
      out[2 * frame] += term
      out[2 * frame + 1] += term
    }
  }
}

/// Writes each of `frameCount` mono values to both channels of a stereo frame.
func copyToBothChannels(
  _ mono: UnsafePointer<Float>, frameCount: Int, into stereo: UnsafeMutablePointer<Float>
) {
  for frame in 0..<frameCount {
    stereo[2 * frame] = mono[frame]
    stereo[2 * frame + 1] = mono[frame]
  }
}

/// How the mixer reads a stored sample value: 16-bit integers (scaled by the voice's gain,
/// which carries the 2^-15 step) or floats.
protocol StoredValue {
  var mixed: Float { get }
}

extension Int16: StoredValue {
  var mixed: Float { Float(self) }
}

extension Float: StoredValue {
  var mixed: Float { self }
}
