import XCTest

@testable import ARScene

/// What `validate()` says about a configuration after `change`: nil when it
/// accepts it, otherwise its message (and the code must be invalidArgument).
/// Shared by the configuration tests, which all check messages this way.
func validationMessage<Configuration>(
  _ configuration: Configuration, validate: (Configuration) throws(ARSceneError) -> Void,
  _ change: (inout Configuration) -> Void, file: StaticString = #filePath, line: UInt = #line
) -> String? {
  var changed = configuration
  change(&changed)
  do {
    try validate(changed)
    return nil
  } catch {
    XCTAssertEqual(error.code, .invalidArgument, file: file, line: line)
    return error.message
  }
}
