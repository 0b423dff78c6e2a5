import CTaskHooks

/// The code (a script statement) during which Swift tasks were started,
/// held by those tasks until they end: how a session finds the tasks it
/// left running, whatever they wait for.
///
/// A session runs each statement under an origin of its own
/// (``Scheduler/trackingTasks(label:_:)``), bound as a task-local value.
/// Every `Task { … }` made there copies it, as it copies every task-local
/// (a main-actor task, and a task a task starts, too), and the runtime lets
/// go of a task's task-locals when the task completes. So the references an
/// origin has beyond the scheduler's are its tasks still running: a
/// main-actor task whose first job waits on the main queue, a task asleep
/// on the script's clock, or one awaiting a continuation or a stream that
/// nothing resumes, none of which the executor hooks or the clock can see.
public final class TaskOrigin: @unchecked Sendable {
  /// The origin of the code running now, which tasks made here inherit.
  @TaskLocal public static var current: TaskOrigin?

  // Written on the session's thread only, while its statement runs or
  // right after; the tasks holding the origin never read them.
  /// What started the tasks: a statement's text and place.
  public internal(set) var label = ""
  /// The Swift methods seen starting tasks (`LoginModel.refresh()`), once each.
  public private(set) var starters: [String] = []

  public init() {}

  /// How many references the origin has now, its tasks' among them; a
  /// caller compares two readings to learn whether code it ran in between
  /// started (or ended) tasks.
  public var referenceCount: Int { bindscript_strong_count(Unmanaged.passUnretained(self).toOpaque()) }

  /// Notes that `method` started tasks here.
  public func noteStarter(_ method: @autoclosure () -> String) {
    let name = method()
    if !starters.contains(name) { starters.append(name) }
  }
}

extension Scheduler {
  /// A statement's tasks still running at the end of a session.
  public struct RunningTasks: Sendable {
    /// What started them (``TaskOrigin/label``).
    public let label: String
    /// The Swift methods that started them, where known.
    public let starters: [String]
    /// How many still run.
    public let count: Int
    /// How many of those are asleep on the ``clock`` (listed by
    /// ``pendingSleeps`` too).
    public let sleeping: Int
  }
}
