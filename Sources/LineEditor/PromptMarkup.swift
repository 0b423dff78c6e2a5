/// Marks a prompt's ANSI escape sequences as invisible for libedit.
///
/// libedit computes the cursor column from the prompt's characters; colour
/// codes take no columns, so each sequence is wrapped in the literal-ignore
/// character registered with `EL_PROMPT_ESC`. Without it the cursor drifts
/// right by the length of the codes and redraws go wrong.
enum PromptMarkup {
  /// The literal-ignore character (SOH), which never appears in a prompt.
  static let ignore: Character = "\u{1}"

  /// `prompt` with every `ESC [ … final` (CSI) and `ESC ] … BEL` (OSC)
  /// sequence wrapped in `ignore`. Stray `ignore` characters are dropped.
  static func mark(_ prompt: String) -> String {
    var output = ""
    var scalars = prompt.unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let scalar = pending {
      pending = scalars.next()
      if scalar == "\u{1}" { continue }
      guard scalar == "\u{1B}" else {
        output.unicodeScalars.append(scalar)
        continue
      }
      var sequence = String.UnicodeScalarView([scalar])
      if let introducer = pending, introducer == "[" || introducer == "]" {
        sequence.append(introducer)
        pending = scalars.next()
        while let next = pending {
          pending = scalars.next()
          sequence.append(next)
          let endsCSI = introducer == "[" && (0x40...0x7E).contains(next.value)
          let endsOSC = introducer == "]" && (next == "\u{7}" || next == "\\")
          if endsCSI || endsOSC { break }
        }
      } else if let next = pending {
        sequence.append(next)  // A two-character escape such as ESC 7.
        pending = scalars.next()
      }
      output.append(ignore)
      output.unicodeScalars.append(contentsOf: sequence)
      output.append(ignore)
    }
    return output
  }
}
