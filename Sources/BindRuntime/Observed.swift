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
  /// The same property, unretained, for reads and writes through the wrapper.
  ///
  /// The wrapper's storage is a `var` of the enclosing type, so reading
  /// `projectedValue` to call it made the caller retain and release the
  /// property around every read and write (two atomic operations, ~40
  /// instructions): the compiler cannot tell that the call leaves the
  /// storage alone. `projectedValue` owns the property for as long as this
  /// wrapper value exists, and the caller of a getter or setter keeps the
  /// wrapper's owner alive for the call, so the property outlives it.
  /// (Replacing the wrapper's storage from inside the call, from an observer
  /// of that very property, would end that guarantee: `Property.set` touches
  /// nothing of itself once its observers have been called, as it must for
  /// an observer that drops the last reference to its owner's struct.)
  @usableFromInline let unretained: Unmanaged<Property<Value>>

  /// Wraps `property`; every public initializer picks its comparison.
  @inlinable init(property: Property<Value>) {
    projectedValue = property
    unretained = .passUnretained(property)
  }

  /// An equatable value: writing an equal value is not a change.
  @inlinable public init(wrappedValue: Value) where Value: Equatable {
    self.init(property: Property(wrappedValue))
  }

  /// An object, compared by identity.
  @inlinable public init(wrappedValue: Value) where Value: AnyObject {
    self.init(property: Property(wrappedValue))
  }

  /// An optional object, compared by identity.
  @inlinable public init<Object: AnyObject>(wrappedValue: Value) where Value == Object? {
    self.init(property: Property(wrappedValue))
  }

  /// A value that cannot be compared: every write is a change.
  ///
  /// MUST stay disfavoured, or it wins over the generic optional-object
  /// initializer above and `@Observed var friend: Person?` never compares.
  @_disfavoredOverload
  @inlinable public init(wrappedValue: Value) {
    self.init(property: Property(wrappedValue))
  }

  /// The current value; setting it notifies observers and bindings.
  @inlinable public var wrappedValue: Value {
    get { unretained._withUnsafeGuaranteedRef { $0.value } }
    nonmutating set { unretained._withUnsafeGuaranteedRef { $0.value = newValue } }
  }
}
