/// A compiled expression: evaluates in a frame.
typealias Evaluation = (Frame) throws -> Value
/// A compiled statement: runs in a frame and says how control continues.
typealias Execution = (Frame) throws -> Flow
