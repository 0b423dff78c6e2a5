import BindSyntax

/// The built-in types that stand in for UI controls: state as properties,
/// user actions as events. Declared in BindScript itself, so they behave
/// exactly like script types.
enum Prelude {
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
