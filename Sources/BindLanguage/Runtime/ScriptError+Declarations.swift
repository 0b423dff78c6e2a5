// The errors in declarations (types, enums, extensions, statics,
// initializers), as data with their messages: the `declaration` family of
// `ScriptError.Kind`.

extension ScriptError {
  /// A declaration that is not valid as written; each case names what it is about.
  public enum DeclarationProblem {
    /// A struct field whose type contains the struct itself by value.
    case recursiveValueType(typeName: String, property: String)
    /// An event in a struct (`inEnum` false) or an enum.
    case eventInValueType(inEnum: Bool)
    /// A raw type other than String or Int.
    case unsupportedRawType(String)
    /// A case with associated values in an enum with a raw type.
    case rawTypeWithAssociatedValues
    /// Two cases with the same raw value.
    case duplicateRawValue(caseName: String)
    /// A stored property in an enum; `type` is its declared type or `Int`.
    case storedPropertyInEnum(property: String, type: String)
    /// A raw value on a case of an enum with no raw type.
    case rawValueWithoutRawType
    /// A raw value that is not a literal of the raw type.
    case rawValueNotLiteral(rawType: String)
    /// An `init` in an enum.
    case initializerInEnum(typeName: String)
    /// `mutating` on a method of a reference type.
    case mutatingInType
    /// A stored property in an extension.
    case storedPropertyInExtension(property: String, typeName: String)
    /// An event in an extension.
    case eventInExtension(event: String, typeName: String)
    /// An enum case in an extension.
    case caseInExtension
    /// An extension in another file adding more than methods and statics.
    case extensionElsewhere(typeName: String, member: String)
    /// An extension of a type not declared before it.
    case extendedTypeMissing(typeName: String)
    /// A `type` conforming to `Error`.
    case referenceTypeError(conformance: String)
    /// Generic arguments on a type that takes none.
    case notGeneric(typeName: String)
    /// A generic type written with the wrong number of arguments.
    case genericArgumentCount(typeName: String, count: Int, written: String)
    /// A key or raw type (`what`) that cannot be hashed as scripts need.
    case keyType(what: String, type: String)
    /// `Set` without its element type.
    case setWithoutElement
    /// More than one `@equal` attribute on a property.
    case repeatedEqualAttribute
    /// A static member that is not a let, var or func.
    case staticMemberKind
    /// A write to a static member of a Swift type.
    case hostStaticReadOnly(name: String)
    /// An instance member used on the type.
    case instanceMemberOnType(member: String, typeName: String)
    /// A property with neither a type nor a default.
    case propertyNeedsType(property: String)
    /// A property whose default does not say its type; `example` shows one.
    case uninferredPropertyType(property: String, example: String)
    /// A `defer` before the last `wait` of an async method.
    case deferBeforeWait
    /// A `wait` nested in a block of an async method.
    case nestedWaitInAsyncMethod
    /// `async` on a declaration that cannot suspend a Swift caller.
    case asyncNotMethod
    /// `Enum(…)` without `rawValue:`.
    case enumNeedsCase(typeName: String)
    /// `Enum(rawValue:)` of an enum with no raw type.
    case noRawType(typeName: String)
    /// A call of an initializer no declared one matches.
    case noMatchingInitializer(typeName: String, written: String, initializers: [String])
    /// An initializer that leaves a stored property without a value.
    case initializerLeavesUnset(initializer: String, typeName: String, property: String)
    /// A host initializer scripts cannot call, for `reason`.
    case unavailableInitializer(signature: String, reason: String)
    /// A protocol refining one that is not declared.
    case unknownRefinedProtocol(parent: String, protocolName: String)
  }
}

extension ScriptError.DeclarationProblem {
  var message: String {
    switch self {
    case .recursiveValueType(let typeName, let property):
      return "value type '\(typeName)' cannot have a stored property that recursively contains it; store it in an array ('var \(property): [\(typeName)]') or make '\(typeName)' a 'type' (reference semantics)"
    case .eventInValueType(inEnum: false):
      return "a struct cannot declare events; events belong to a 'type' (reference semantics)"
    case .eventInValueType(inEnum: true):
      return "an enum cannot declare events; events belong to a 'type'"
    case .unsupportedRawType(let rawType):
      return "raw type '\(rawType)' is not supported; an enum's raw type is 'String' or 'Int'"
    case .rawTypeWithAssociatedValues:
      return "enum with raw type cannot have cases with associated values"
    case .duplicateRawValue(let caseName):
      return "raw value for enum case '\(caseName)' is not unique"
    case .storedPropertyInEnum(let property, let type):
      return "enums must not contain stored properties; give a case an associated value ('case \(property)(\(type))') or compute it ('var \(property): \(type) { … }')"
    case .rawValueWithoutRawType:
      return "enum case cannot have a raw value if the enum does not have a raw type; declare one, as in 'enum Tab: String'"
    case .rawValueNotLiteral(let rawType):
      return "raw value for enum case must be a \(rawType) literal"
    case .initializerInEnum(let typeName):
      return "an enum takes no 'init' here; make a value from a case ('\(typeName).someCase') or a static function"
    case .mutatingInType:
      return "'mutating' is not valid on methods of a 'type': a type has reference semantics, so its methods change its properties already"
    case .storedPropertyInExtension(let property, let typeName):
      return "extensions must not contain stored properties; declare '\(property)' in '\(typeName)'"
    case .eventInExtension(let event, let typeName):
      return "an extension cannot add events; declare '\(event)' in '\(typeName)'"
    case .caseInExtension:
      return "enum cases are declared in the enum itself, not in an extension"
    case .extensionElsewhere(let typeName, let member):
      return "an extension of '\(typeName)' declared elsewhere adds methods and static members only; put '\(member)' in the file that declares '\(typeName)'"
    case .extendedTypeMissing(let typeName):
      return "cannot find type '\(typeName)' to extend; declare it before the extension"
    case .referenceTypeError(let conformance):
      return "a 'type' cannot conform to '\(conformance)'; declare errors as an 'enum' or a 'struct', as in 'enum LoginError: Error { case invalid }'"
    case .notGeneric(let typeName):
      return "'\(typeName)' takes no generic arguments; the generic types are 'Set<T>', 'Array<T>', 'Dictionary<K, V>' and 'Optional<T>'"
    case .genericArgumentCount(let typeName, let count, let written):
      return "'\(typeName)' takes \(count) generic argument\(count == 1 ? "" : "s"), as in '\(written)'"
    case .keyType(let what, let type):
      return "\(what) type must be String, Int or Bool, not '\(type)'"
    case .setWithoutElement:
      return "write the element type of a Set, as in 'Set<Int>'"
    case .repeatedEqualAttribute:
      return "a property takes one '@equal' attribute"
    case .staticMemberKind:
      return "a static member is a 'let', a 'var' or a 'func'"
    case .hostStaticReadOnly(let name):
      return "cannot assign to '\(name)': a static member of a Swift type is read-only in scripts"
    case .instanceMemberOnType(let member, let typeName):
      return "instance member '\(member)' cannot be used on type '\(typeName)'; use it on an instance, as in '\(typeName)(…).\(member)'"
    case .propertyNeedsType(let property):
      return "expected ':' and a type after property name '\(property)'"
    case .uninferredPropertyType(let property, let example):
      return "cannot infer the type of property '\(property)' from its default; write it, as in '\(example)'"
    case .deferBeforeWait:
      return "a 'defer' in an 'async' method must come after its last 'wait', which suspends the Swift caller there"
    case .nestedWaitInAsyncMethod:
      return "in an 'async' method, 'wait' must be a statement of the method's body, not inside a block: it suspends the Swift caller there; write 'wait cond ? 2s : 0ms'"
    case .asyncNotMethod:
      return "only a method can be 'async' here: a method of a type that Swift code calls through a protocol (a fake); remove 'async'"
    case .enumNeedsCase(let typeName):
      return "'\(typeName)' is an enum: write a case, as in '\(typeName).someCase' or '.someCase', or make one from its raw value with '\(typeName)(rawValue: …)'"
    case .noRawType(let typeName):
      return "'\(typeName)' has no raw type, so it has no 'init(rawValue:)'; declare one, as in 'enum \(typeName): String'"
    case .noMatchingInitializer(let typeName, let written, let initializers):
      return "no initializer of '\(typeName)' takes \(written); its initializers are " + initializers.map { "'\($0)'" }.joined(separator: ", ")
    case .initializerLeavesUnset(let initializer, let typeName, let property):
      return "'\(initializer)' of '\(typeName)' returns without giving '\(property)' a value; assign it in the initializer or give it a default"
    case .unavailableInitializer(let signature, let reason):
      return "'\(signature)' cannot be called from scripts: \(reason); register the type of its parameter, or give scripts another initializer"
    case .unknownRefinedProtocol(let parent, let protocolName):
      return "cannot find protocol '\(parent)' for '\(protocolName)' to refine"
    }
  }
}
