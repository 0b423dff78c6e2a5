/// A script `protocol`: what a conforming type must declare.
final class ProtocolType {
  struct Method {
    let signature: FunctionSignature
    let isStatic: Bool
    let isMutating: Bool
  }

  struct Property {
    let name: String
    let type: ValueType
    let isSettable: Bool
    let isStatic: Bool
  }

  let name: String
  /// Its own requirements and those of the protocols it refines.
  let methods: [Method]
  let properties: [Property]
  /// It and every protocol it refines, by name.
  let names: Set<String>

  init(name: String, methods: [Method], properties: [Property], names: Set<String>) {
    self.name = name
    self.methods = methods
    self.properties = properties
    self.names = names
  }
}

extension Value {
  /// Whether this value's type conforms to the protocol `name` (`Error`
  /// included).
  func conforms(to name: String) -> Bool {
    switch self {
    case .object(let object): return object.type.conformances.contains(name)
    case .structValue(let value):
      return value.type.conformances.contains(name) || (name == "Error" && value.type.conformsToError)
    case .enumValue(let value):
      return value.type.conformances.contains(name) || (name == "Error" && value.type.conformsToError)
    default: return false
    }
  }
}
