/// A C options struct held inside a Swift configuration, whose public
/// properties read and write its fields: the core's option table
/// (`common/option_table.h`) gives every default and range, so Swift holds
/// no copy of them. Two are equal when they are equal bit for bit, which is
/// what makes two sessions behave the same.
@dynamicMemberLookup
struct CoreOptions<Options>: Equatable {
  var options: Options

  subscript<Value>(dynamicMember field: WritableKeyPath<Options, Value>) -> Value {
    get { options[keyPath: field] }
    set { options[keyPath: field] = newValue }
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    withUnsafeBytes(of: lhs.options) { left in
      withUnsafeBytes(of: rhs.options) { right in left.elementsEqual(right) }
    }
  }
}

extension CoreOptions: Sendable where Options: Sendable {}

extension Double {
  /// The decimal a person wrote for a C float (0.3, not 0.30000001192092896),
  /// so that a setting read back reads as it was set.
  init(coreSeconds value: Float) {
    self = Double("\(value)") ?? Double(value)
  }
}
