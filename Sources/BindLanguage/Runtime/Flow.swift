/// Control flow out of a statement.
enum Flow {
  case next
  case breakLoop
  case continueLoop
  /// `return value`, or `nil` for a bare `return` (nothing to echo).
  case returned(Value?)
}
