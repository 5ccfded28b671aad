import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's peak resident memory, as the kernel counts it.
enum PeakMemory {
  /// Megabytes (10^6 bytes); 0 where the system does not say.
  static var megabytes: Double {
    var usage = rusage()
    #if canImport(Glibc)
      let who = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
      let who = RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else { return 0 }
    #if canImport(Darwin)
      let bytes = Double(usage.ru_maxrss)  // bytes on Darwin
    #else
      let bytes = Double(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
    return bytes / 1e6
  }
}
