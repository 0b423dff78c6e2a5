/// Makes a stored property observable, in a class or a struct.
///
/// ```swift
/// final class Person {
///   @Observed var name = ""
/// }
/// let person = Person()
/// person.$name.observe { change in print(change) }
/// person.$name.bind(to: label, at: \.text).disposed(by: bag)
/// ```
///
/// `$name` is the property's ``Property`` handle. In a struct, copies share
/// one handle: the observable cell, not the struct, is what bindings see.
/// (Deliberately not named `@Observable`, the Observation framework's macro.)
///
/// Give optionals an explicit `= nil`: a wrapper with an argument-less `init()`
/// would stop `@Observed var name: String` from being set in an initializer.
@propertyWrapper
public struct Observed<Value> {
  /// The observable handle, reached as `$name`.
  public let projectedValue: Property<Value>

  /// An equatable value: writing an equal value is not a change.
  @inlinable public init(wrappedValue: Value) where Value: Equatable {
    projectedValue = Property(wrappedValue)
  }

  /// An object, compared by identity.
  @inlinable public init(wrappedValue: Value) where Value: AnyObject {
    projectedValue = Property(wrappedValue)
  }

  /// An optional object, compared by identity.
  @inlinable public init<Object: AnyObject>(wrappedValue: Value) where Value == Object? {
    projectedValue = Property(wrappedValue)
  }

  /// A value that cannot be compared: every write is a change.
  ///
  /// MUST stay disfavoured, or it wins over the generic optional-object
  /// initializer above and `@Observed var friend: Person?` never compares.
  @_disfavoredOverload
  @inlinable public init(wrappedValue: Value) {
    projectedValue = Property(wrappedValue)
  }

  /// The current value; setting it notifies observers and bindings.
  @inlinable public var wrappedValue: Value {
    get { projectedValue.value }
    nonmutating set { projectedValue.value = newValue }
  }
}
