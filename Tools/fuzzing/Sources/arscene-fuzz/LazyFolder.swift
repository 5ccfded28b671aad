/// A harness's scratch copy of its template, made on first use (in
/// LLVMFuzzerInitialize) so that only the selected harness copies one.
final class LazyFolder: @unchecked Sendable {
  private let template: String
  private var made: ScratchFolder?

  init(template: String) { self.template = template }

  var scratch: ScratchFolder {
    if let made { return made }
    let folder = ScratchFolder(template: template)
    made = folder
    return folder
  }
}
