import ARScene

extension DatasetError {
  /// Runs `body` and throws what it throws as a ``DatasetError``: the
  /// engine's ``ARSceneError`` with its message, anything else described,
  /// so that a public function of this library throws one type.
  static func wrapping<T>(_ body: () throws -> T) throws(DatasetError) -> T {
    do {
      return try body()
    } catch let error as DatasetError {
      throw error
    } catch let error as ARSceneError {
      throw DatasetError(code: .engine(error.code), error.message)
    } catch {
      throw DatasetError("\(error)")
    }
  }
}
