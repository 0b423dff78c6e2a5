import BindPlatform

extension String {
  /// The string as a BindScript string literal that reads back as the same
  /// string: quoted, with `"`, `\\`, newlines, tabs and control characters escaped.
  public var quotedLiteral: String {
    "\"" + TextEscaping.stringLiteral.escape(self) + "\""
  }
}
