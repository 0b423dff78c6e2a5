import BindSyntax

/// A block registered by `observe … { }` or `on … { }`: its body and the
/// frame it closes over (held strongly: a handler registered inside a
/// function outlives the call, as a Swift closure would).
///
/// A handler runs once per change, so it keeps one spare frame and reuses it
/// instead of allocating a frame per run; a nested run (a handler whose
/// writes trigger itself) takes a fresh one. A body that makes closures
/// (`ResolvedSyntax.needsFrame`) gets a fresh frame on every run, since what
/// it made keeps that run's parameters and variables.
final class ScriptHandler {
  let body: Execution
  private let slotCount: () -> Int
  /// The defining frame, or nil when the body never reaches into it.
  private let parent: Frame?
  private let reusesFrame: Bool
  @exclusivity(unchecked) private var spare: Frame?

  init(body: @escaping Execution, slotCount: @escaping () -> Int, parent: Frame?, reusesFrame: Bool) {
    self.body = body
    self.slotCount = slotCount
    self.parent = parent
    self.reusesFrame = reusesFrame
    // Handlers are made when their statement runs, after the block compiled:
    // its slot count is final.
    sharedFrame = parent == nil && slotCount() == 0 ? Frame(parent: nil) : nil
  }

  /// For a block with no parameters, no variables and nothing it reads
  /// from the defining frame (`{ count += 1 }`): one frame that every run,
  /// nested or not, can share, since nothing is ever stored in it.
  let sharedFrame: Frame?

  /// A frame for a block that has no `sharedFrame`.
  func takeFrame() -> Frame {
    if let frame = spare {
      spare = nil
      return frame
    }
    return Frame(parent: parent, slotCount: max(slotCount(), 2))
  }

  /// A frame of its own, never reused: for a run whose variables may be
  /// captured by what it makes (an effect's run that registers handlers).
  func freshFrame() -> Frame {
    Frame(parent: parent, slotCount: max(slotCount(), 2))
  }

  /// Clears the frame's slots, so a handler never keeps the objects its last
  /// run created alive, and keeps it for the next run.
  func returnFrame(_ frame: Frame) {
    guard reusesFrame else { return }
    frame.slots.withUnsafeMutableBufferPointer { slots in
      for index in slots.indices { slots[index] = .null }
    }
    spare = frame
  }
}
