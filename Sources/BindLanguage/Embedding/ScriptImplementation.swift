/// A script value standing in for a Swift protocol (a fake written in a
/// script), as the class `@ScriptImplementable` generates holds it: each of
/// the class's methods calls the script's method for its requirement.
///
/// Calls arrive where the session's host code runs (its statements, its
/// timers, the host tasks its `wait` and `await` run). A synchronous
/// requirement runs the script's method at once, as a callback; an `async`
/// one suspends its Swift caller at each `wait` of the method's body on the
/// script's clock (``SuspendableBody``).
///
/// Errors: a value the script throws reaches Swift as the host's own error
/// type when the host registered it (`registerEnum`, `@ScriptableValue`),
/// else as a ``ScriptThrownError``. A mistake in the script (a wrong result,
/// an index out of range) is reported by the statement during which Swift
/// called, located in the script, and Swift gets a ``ScriptImplementationError``
/// (or, from a requirement that cannot throw, the result type's zero value).
public final class ScriptImplementation: @unchecked Sendable {
  /// The script object or value that implements the protocol.
  let receiver: Value
  private let methods: [ScriptMethod]
  private let requirements: [HostRequirement]
  /// How it reaches the interpreter: a Swift model holding a fake may
  /// outlive the session, and then a call fails with an error instead of
  /// running a script that is gone. Not `weak`: a weak reference gives the
  /// interpreter a side table, and every retain of it (several a call) the
  /// slow path.
  private let hook: Interpreter.SchedulerHook

  init(receiver: Value, methods: [ScriptMethod], requirements: [HostRequirement], interpreter: Interpreter) {
    self.receiver = receiver
    self.methods = methods
    self.requirements = requirements
    self.hook = interpreter.schedulerHook
  }

  /// The script value, as scripts see it.
  public var scriptValue: Value { receiver }

  /// Calls requirement `index` (in the order the protocol declares them)
  /// with `arguments`; returns its result or throws its error.
  public func call<each A, R>(_ index: Int, _ arguments: repeat each A) throws -> R {
    let (interpreter, values) = try prepare(index, repeat each arguments)
    let result: Value
    do {
      result = try interpreter.runForHost {
        try interpreter.callMethod(methods[index], withSelfFirst: values, at: interpreter.hostCallContext).result
      }
    } catch {
      throw swiftError(for: error, in: interpreter)
    }
    return try swiftResult(result, of: index, in: interpreter)
  }

  /// ``call(_:_:)`` for a requirement that cannot throw: a failure gives the
  /// result type's zero value (its error goes to the script's statement).
  public func callOrFallback<each A, R>(_ index: Int, _ arguments: repeat each A) -> R {
    do {
      return try call(index, repeat each arguments)
    } catch {
      return fallback(of: index)
    }
  }

  /// Awaits `async` requirement `index`: the script's method runs, and its
  /// `wait`s suspend this caller on the script's clock.
  /// It runs on the caller's actor (a `@MainActor` protocol's class calls
  /// it there), so nothing is sent across actors.
  public func callAsync<each A, R>(
    _ index: Int, _ arguments: repeat each A, isolation: isolated (any Actor)? = #isolation
  ) async throws -> R {
    let (interpreter, values) = try prepare(index, repeat each arguments)
    let result: Value
    do {
      result = try await interpreter.callSuspending(methods[index], withSelfFirst: values)
    } catch {
      throw swiftError(for: error, in: interpreter)
    }
    return try swiftResult(result, of: index, in: interpreter)
  }

  /// ``callAsync(_:_:)`` for a requirement that cannot throw.
  public func callAsyncOrFallback<each A, R>(
    _ index: Int, _ arguments: repeat each A, isolation: isolated (any Actor)? = #isolation
  ) async -> R {
    do {
      return try await callAsync(index, repeat each arguments)
    } catch {
      return fallback(of: index)
    }
  }

  // MARK: Conversions

  /// The interpreter, and `self` followed by the arguments as script values.
  private func prepare<each A>(_ index: Int, _ arguments: repeat each A) throws -> (Interpreter, [Value]) {
    guard let interpreter = hook.interpreter?.takeUnretainedValue() else {
      throw ScriptImplementationError(
        description: "'\(requirements[index].signature.fullName)' was called after the script session that implements it ended")
    }
    let bridges = requirements[index].parameters
    var values = [receiver]
    values.reserveCapacity(bridges.count + 1)
    for argument in repeat each arguments {
      values.append(bridges[values.count - 1].toScript(argument))
    }
    return (interpreter, values)
  }

  private func swiftResult<R>(_ value: Value, of index: Int, in interpreter: Interpreter) throws -> R {
    guard let bridge = requirements[index].result else { return () as! R }
    if let converted = bridge.fromScript(value) ?? bridge.type.coerce(value).flatMap(bridge.fromScript) {
      return converted as! R
    }
    let error = ScriptError(
      .bridge(.implementationResult(method: requirements[index].signature.fullName, valueType: value.typeName, expected: "\(bridge.type)")))
    interpreter.keep(error)
    throw ScriptImplementationError(description: error.message)
  }

  private func fallback<R>(of index: Int) -> R {
    if let fallback = requirements[index].fallback { return fallback as! R }
    // Void, or an optional result (`nil`).
    return (() as Any as? R) ?? (Optional<Any>.none as Any as! R)
  }

  /// The Swift error for what the script's method threw.
  private func swiftError(for error: any Error, in interpreter: Interpreter) -> any Error {
    switch error {
    case let thrown as ThrownError:
      if let hostError = interpreter.hostError(from: thrown.value) { return hostError }
      return ScriptThrownError(value: thrown.value)
    case let mistake as ScriptError:
      interpreter.keep(mistake)
      return ScriptImplementationError(description: mistake.message)
    default:
      return error
    }
  }
}

/// The Swift class `@ScriptImplementable` generates for a protocol: it
/// implements the protocol by calling a script's value.
public protocol ScriptImplemented: AnyObject {
  nonisolated var scriptImplementation: ScriptImplementation { get }
}

/// A value a script's fake threw whose type the host did not register: a
/// script `enum AuthError: Error`'s case, as `description` names it
/// (`AuthError.invalidCredentials`, `AuthError.locked(minutes: 5)`).
/// Register the Swift error type (`registerEnum`, `@ScriptableValue`) to
/// receive the host's own error instead.
public struct ScriptThrownError: Error, CustomStringConvertible {
  /// The thrown value's type, as scripts name it (`AuthError`).
  public let typeName: String
  public let description: String

  init(value: Value) {
    typeName = value.typeName
    description = value.errorDescription
  }
}

/// A script implementing a Swift protocol failed: a mistake in the script
/// (a result of the wrong type, an index out of range), which the session
/// also reports, located, as the error of the statement that was running.
public struct ScriptImplementationError: Error, CustomStringConvertible {
  public let description: String
}

extension Interpreter {
  /// The Swift error a script value stands for, when its type is a struct
  /// or enum the host registered from a Swift `Error` type.
  func hostError(from value: Value) -> (any Error)? {
    let registered = hostValueTypes.byName.values.first { host in
      switch value {
      case .enumValue(let enumValue): return host.enumType === enumValue.type
      case .structValue(let structValue): return host.structType === structValue.type
      default: return false
      }
    }
    return registered?.fromScript(value) as? any Error
  }
}
