import BindSyntax

/// Where a statement is, for the errors it raises after it ran (a binding's
/// later writes): closures that outlive the statement share this one
/// reference instead of each holding a copy of the range and the file.
final class SourceSite {
  let range: SourceRange
  let file: SourceFile

  init(_ range: SourceRange, in file: SourceFile) {
    self.range = range
    self.file = file
  }
}
