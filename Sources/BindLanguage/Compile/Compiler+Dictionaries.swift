import BindSyntax

extension Compiler {
  /// dictionaryLiteral -> '[' ':' ']' | '[' expression ':' expression (',' …)* ']'
  ///
  /// Keys keep the literal's order. A key written twice is an error, as
  /// Swift's "Dictionary literal contains duplicate keys".
  func compileDictionaryLiteral(_ entries: [DictionaryEntry], range: SourceRange) throws -> Evaluation {
    let keys = try entries.map { try compileExpression($0.key) }
    let values = try entries.map { try compileExpression($0.value) }
    let keyRanges = entries.map(\.key.range)
    let file = self.file
    return locating(range) { frame in
      var dictionary = ScriptDictionary()
      for index in keys.indices {
        let key = try keys[index](frame)
        let value = try values[index](frame)
        let dictionaryKey: DictionaryKey
        do {
          dictionaryKey = try DictionaryKey(key)
        } catch let error as ScriptError {
          throw error.located(at: keyRanges[index], in: file)
        }
        guard dictionary.value(for: dictionaryKey) == nil else {
          throw ScriptError(.call(.duplicateKey(literal: key.literal)), at: keyRanges[index], in: file)
        }
        try Operators.checkNesting([value])
        dictionary.set(value, for: dictionaryKey, keyValue: key)
      }
      return .dictionary(dictionary)
    }
  }
}

extension Builtins {
  /// Read-only members of dictionaries.
  static func dictionaryProperty(_ name: String, of dictionary: ScriptDictionary) -> Value? {
    switch name {
    case "count": return .int(dictionary.count)
    case "isEmpty": return .bool(dictionary.count == 0)
    case "keys": return .array(dictionary.keys)
    case "values": return .array(dictionary.values)
    default: return nil
    }
  }

  static let dictionaryMembers = ["count", "isEmpty", "keys", "values", "removeValue(forKey:)", "removeAll()"]

  /// Mutating dictionary methods; returns the method's result.
  static func mutate(_ dictionary: inout ScriptDictionary, method: String, arguments: [Value]) throws -> Value {
    switch method {
    case "removeValue":
      guard arguments.count == 1 else { throw ScriptError(.call(.dictionaryMethodArguments(method: "removeValue(forKey:)", count: 1))) }
      return try dictionary.setValue(nil, forKey: arguments[0]) ?? .null
    case "removeAll":
      guard arguments.isEmpty else { throw ScriptError(.call(.dictionaryMethodArguments(method: "removeAll()", count: 0))) }
      dictionary = ScriptDictionary()
      return .null
    default:
      let guess = suggestion(for: method, among: ["removeValue", "removeAll"])
      throw ScriptError(
        .noMember(name: method, valueType: Value.dictionary(dictionary).typeName, memberKind: "method", suggestion: guess))
    }
  }
}
