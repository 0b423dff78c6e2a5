extension ObservableValue {
  /// Tells observers and dependents that the value changed although it
  /// compares equal (Vue's `triggerRef`, MobX's `reportChanged`): for a value
  /// mutated in a way its equality does not see, or one whose custom
  /// equality (`isSame`) hides a change that matters.
  ///
  /// Observers receive `(old, new)` with both the current value. Derived
  /// values, effects and bindings that read it run again, and apply their
  /// own equality to what they compute. Inside a transaction, it is
  /// delivered at the transaction's end like a write.
  public func notifyChange() throws {
    let graph = ReactiveGraph.shared
    try graph.withPropagation {
      graph.writeGeneration &+= 1
      changedAt = graph.writeGeneration
      try graph.willChange(self, hasObservers: !observers.isEmpty, counts: graph.currentWriterRef != nil, old: storage)
      forcedNotificationEpoch = graph.epoch
      if graph.recordsCauses { graph.recordNotification(of: self, value: storage) }
      graph.enqueueDownstream(of: self)
    }
  }
}
