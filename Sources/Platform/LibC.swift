#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#endif

/// The processors online, at least one: how many threads can work at once.
package func onlineProcessorCount() -> Int {
  max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}
