import BindSyntax

/// The built-in types that stand in for UI controls: state as properties,
/// user actions as events. Declared in BindScript itself, so they behave
/// exactly like script types.
///
/// An interpreter declares them when a script first names one
/// (`Interpreter.loadPreludeIfNamed`), not when it is created: parsing and
/// declaring them was a fifth of the instructions `bindscript run` spent
/// before running an empty script.
enum Prelude {
  /// The types `source` declares.
  static let typeNames: Set<String> = ["Label", "TextField", "Button", "Switch", "Slider"]

  /// Whether `bytes[start..<end]` contains one of ``typeNames`` (anywhere,
  /// even inside a longer word: a false "yes" only declares the types).
  static func mayBeNamed(in bytes: [UInt8], from start: Int, to end: Int) -> Bool {
    let end = min(end, bytes.count)
    var index = max(0, start)
    return bytes.withUnsafeBufferPointer { text in
      func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= end else { return false }
        let letters = word.utf8Start
        for offset in 1..<count where text[index + offset] != letters[offset] { return false }
        return true
      }
      while index < end {
        switch text[index] {
        case UInt8(ascii: "L"): if matches("Label") { return true }
        case UInt8(ascii: "T"): if matches("TextField") { return true }
        case UInt8(ascii: "B"): if matches("Button") { return true }
        case UInt8(ascii: "S"): if matches("Switch") || matches("Slider") { return true }
        default: break
        }
        index += 1
      }
      return false
    }
  }

  static let source = """
    type Label {
      var text: String?
      var isHidden: Bool = false
    }
    type TextField {
      var text: String = ""
      var placeholder: String?
      var isEnabled: Bool = true
      event editingChanged
      event returnPressed
    }
    type Button {
      var title: String?
      var isEnabled: Bool = true
      event tap
    }
    type Switch {
      var isOn: Bool = false
      event valueChanged
    }
    type Slider {
      var value: Double = 0
      var minimum: Double = 0
      var maximum: Double = 1
      event valueChanged
    }
    """
}
