import BindRuntime
import Observation

// In a file of its own, so that `private(set)` is read-only where the
// tests register it, as in an app.

/// An `@Observable` model, written as an app would, with no change for scripts.
@Observable final class ObservableSettings {
  var volume = 3 {
    didSet { writes.append("volume \(volume)") }
  }
  var device = "speaker"
  var tags: [String] = [] {
    didSet { writes.append("tags \(tags)") }
  }
  /// Every write Swift's setters saw, as Swift code would see them.
  @ObservationIgnored var writes: [String] = []
  var owner: ObservableOwner?
  private(set) var changeCount = 0
  var isLoud: Bool { volume > 7 }
  /// Swift logic on a write: a script's write is clamped, and the script
  /// must see the clamped value, not its own.
  var balance = 0 {
    didSet { if balance > 10 { balance = 10 } }
  }
  @ObservationIgnored let bump = EventStream<Void>()
  @ObservationIgnored private var token: Disposable?

  init() {
    token = bump.on { [unowned self] in
      volume += 1
      changeCount += 1
    }
  }
}

@Observable final class ObservableOwner {
  var name: String
  init(name: String) { self.name = name }
}

/// An `@Observable` value-like class: its `let`s are not tracked by the
/// registrar, so nothing reports on them (a search hit, a to-do's title).
@Observable final class ObservableHit {
  let title: String
  let score: Int
  var label: String { "\(title) (\(score))" }
  init(title: String, score: Int) {
    self.title = title
    self.score = score
  }
}

/// A computed property whose `&&` stops early: what it reads depends on
/// the values (a form's `canSubmit`).
@Observable final class ObservableGate {
  var isOpen = false
  var isArmed = false
  var canFire: Bool { isOpen && isArmed }
}
