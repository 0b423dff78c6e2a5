/// `protocol Name: Inherited { requirements }`: what a conforming script
/// type must declare.
public struct ProtocolDeclaration: Equatable, Sendable {
  /// A property requirement: `var name: Type { get }` or `{ get set }`.
  public struct PropertyRequirement: Equatable, Sendable {
    public var name: Identifier
    public var type: TypeAnnotation
    /// `{ get set }`: the conforming property must be writable.
    public var isSettable: Bool
    public var isStatic: Bool
    public var range: SourceRange

    public init(name: Identifier, type: TypeAnnotation, isSettable: Bool, isStatic: Bool, range: SourceRange) {
      self.name = name
      self.type = type
      self.isSettable = isSettable
      self.isStatic = isStatic
      self.range = range
    }
  }

  public var name: Identifier
  /// The protocols it refines (`protocol Store: Named`).
  public var inherited: [Identifier]
  /// Method requirements: signatures, each with an empty body.
  public var methods: [FunctionDeclaration]
  /// The names of `methods` that are `static func`.
  public var staticMethods: Set<String>
  public var properties: [PropertyRequirement]
  /// From `protocol` to the closing `}`.
  public var range: SourceRange

  public init(
    name: Identifier, inherited: [Identifier], methods: [FunctionDeclaration], staticMethods: Set<String>,
    properties: [PropertyRequirement], range: SourceRange
  ) {
    self.name = name
    self.inherited = inherited
    self.methods = methods
    self.staticMethods = staticMethods
    self.properties = properties
    self.range = range
  }
}
