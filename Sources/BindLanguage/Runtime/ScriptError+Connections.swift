// The errors of connections (bindings, observers, handlers, effects,
// timers and timelines), as data with their messages: the `connection`
// family of `ScriptError.Kind`.

extension ScriptError {
  /// A `bind`, `observe`, `on`, `effect`, timer or timeline that cannot be made as written.
  public enum ConnectionProblem {
    /// `a <-> b` where one side is an event.
    case twoWayEvent
    /// A value bound into an event.
    case valueIntoEvent(event: String)
    /// An event bound into a derived property.
    case eventIntoDerived(event: String, property: String)
    /// An event forwarded into an event with another payload.
    case forwardPayload(event: String, payload: String, into: String, wanted: String)
    /// An event bound into a property of another type than its payload.
    case eventIntoProperty(event: String, payload: String, property: String, type: String)
    /// `<->` between two writable derived properties.
    case twoDerived
    /// A binding into a variable rather than a property.
    case bindIntoVariable(name: String)
    /// A binding whose target is not a property.
    case bindTargetNotProperty
    /// An observe block with more than two parameters.
    case observerParameters
    /// An event handler with more than one parameter.
    case handlerParameters
    /// `observe object { … }`: a block on a whole object.
    case wholeObjectBlock(variable: String)
    /// `observe name` where `name` holds no object.
    case observeNotObject(variable: String, valueType: String)
    /// `onCleanup` outside an effect's run.
    case cleanupOutsideEffect
    /// Effects that trigger each other past the call depth limit (`depthLimit`) or the stack.
    case effectLoop(depthLimit: Int?)
    /// `notify` of something that is not a property (`ofObject` false), or
    /// of a property of a value that is not an object.
    case notifyTarget(ofObject: Bool)
    /// A timer keyword given something that is not a duration.
    case needsDuration(keyword: String, written: String)
    /// A timeline with more frames than it may print.
    case timelineTooLong(length: String, frame: String, limit: Int)
    /// A duration (`what`) that must be positive.
    case needsPositiveDuration(what: String, written: String)
    /// A time operator (`debounce`) with other arguments than a source and an interval.
    case timeOperatorArguments(op: String)
    /// `why` of something that keeps no record of its changes.
    case whyTarget(WhyTarget)
  }

  /// What `why` was given instead of a property of an object.
  public enum WhyTarget {
    /// A variable (`why count`).
    case variable(String)
    /// An expression that is no member access.
    case notProperty
    /// A member of `nil`; the base as written.
    case nilObject(String)
    /// A member of a value that is no object; the base as written.
    case notObject(String, valueType: String)
  }
}

extension ScriptError.ConnectionProblem {
  var message: String {
    switch self {
    case .twoWayEvent:
      return "'<->' binds two properties; events cannot be bound both ways"
    case .valueIntoEvent(let event):
      return "cannot bind a value into event '\(event)'; events are sent with 'emit'"
    case .eventIntoDerived(let event, let property):
      return "cannot bind event '\(event)' into derived property '\(property)'; bind it into a stored property"
    case .forwardPayload(let event, let payload, let into, let wanted):
      return "cannot forward '\(event)' (payload \(payload)) into '\(into)' (payload '\(wanted)')"
    case .eventIntoProperty(let event, let payload, let property, let type):
      return "cannot bind '\(event)' (payload \(payload)) into property '\(property)' of type '\(type)'"
    case .twoDerived:
      return "'<->' links a writable derived property with a stored one; two derived properties have no value of their own to keep"
    case .bindIntoVariable(let name):
      return "cannot bind into variable '\(name)'; bind into a property such as 'label.text'"
    case .bindTargetNotProperty:
      return "the target of a binding must be a property such as 'label.text'"
    case .observerParameters:
      return "an observe block takes at most 2 parameters: { old, new in … }"
    case .handlerParameters:
      return "an event handler takes at most 1 parameter, the payload: { value in … }"
    case .wholeObjectBlock(let variable):
      return "observing a whole object prints each change of its properties; to run a block, observe one property: "
        + "'observe \(variable).name { old, new in … }'"
    case .observeNotObject(let variable, let valueType):
      return "'\(variable)' holds a value of type '\(valueType)', not an object; observe an object or a property, such as '\(variable).name'"
    case .cleanupOutsideEffect:
      return "'onCleanup' runs only inside an effect's run; wrap it in 'effect { … }'"
    case .effectLoop(let depthLimit):
      let reason = depthLimit.map { "call depth limit of \($0) exceeded" } ?? "out of stack space"
      return "\(reason) in an effect; do effects trigger each other without end?"
    case .notifyTarget(ofObject: false):
      return "'notify' takes a property such as 'vm.items'"
    case .notifyTarget(ofObject: true):
      return "'notify' takes a property of an object such as 'vm.items'"
    case .needsDuration(let keyword, let written):
      return "'\(keyword)' needs a duration such as 300ms, not '\(written)'"
    case .timelineTooLong(let length, let frame, let limit):
      return "a timeline of \(length) in frames of \(frame) is more than \(limit) characters; use a longer frame ('every')"
    case .needsPositiveDuration(let what, let written):
      return "the \(what) must be a positive duration such as 1s, not '\(written)'"
    case .timeOperatorArguments(let op):
      return "'\(op)' takes a source and an interval: \(op)(field.text, 300ms)"
    case .whyTarget(.variable(let variable)):
      return "'why' takes a property, such as '\(variable).name'; the variable '\(variable)' itself keeps no record of its changes"
    case .whyTarget(.notProperty):
      return "'why' takes a property such as 'label.text'"
    case .whyTarget(.nilObject(let base)):
      return "'\(base)' is nil; 'why' takes a property of an object"
    case .whyTarget(.notObject(let base, let valueType)):
      return "'why' takes a property of an object; '\(base)' holds a value of type '\(valueType)'"
    }
  }
}
