import Foundation

// libFuzzer's entry points. One binary holds every harness; the Tools/fuzz
// script names the one to run in ARSCENE_FUZZ_TARGET, so that a single
// instrumented build serves them all; ARSCENE_FUZZ_LIST lists them.

private let selected: FuzzTarget = {
  if ProcessInfo.processInfo.environment["ARSCENE_FUZZ_LIST"] != nil {
    for target in FuzzTarget.all {
      print(target.name.padding(toLength: 18, withPad: " ", startingAt: 0) + target.summary)
    }
    exit(0)
  }
  let name = ProcessInfo.processInfo.environment["ARSCENE_FUZZ_TARGET"] ?? ""
  guard let target = FuzzTarget.all.first(where: { $0.name == name }) else {
    let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(
      Data("arscene-fuzz: set ARSCENE_FUZZ_TARGET to one of: \(names)\n".utf8))
    exit(2)
  }
  return target
}()

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> CInt {
  selected.prepare()
  atexit { try? FileManager.default.removeItem(at: ScratchFolder.processFolder) }
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
  selected.run(data)
  return 0
}
