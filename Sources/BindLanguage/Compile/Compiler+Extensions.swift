import BindSyntax

// `extension Name { … }`. One in the file that declares `Name` is merged into
// that declaration by the parser (`Parser.mergingExtensions`); what is left
// here extends a type declared before, in another file or an earlier REPL
// entry: methods and static members, as Swift's extensions add them.
extension Compiler {
  func compileExtension(_ declaration: TypeDeclaration) throws -> Execution {
    let name = qualifiedTypeName(declaration.name.name)
    for member in declaration.members {
      switch member {
      case .property(let property):
        if case .stored = property.value {
          throw error(.declaration(.storedPropertyInExtension(property: property.name.name, typeName: name)), at: property.name.range)
        }
      case .event(let event):
        throw error(.declaration(.eventInExtension(event: event.name.name, typeName: name)), at: event.name.range)
      case .enumCase(let enumCase):
        throw error(.declaration(.caseInExtension), at: enumCase.name.range)
      case .method:
        continue
      }
    }
    let hasMembers = !declaration.members.isEmpty || !declaration.staticMembers.isEmpty
      || !declaration.initializers.isEmpty || !declaration.nestedTypes.isEmpty
    guard hasMembers else { return { _ in .next } }
    if let unsupported = declaration.properties.first?.name ?? declaration.initializers.first?.name
      ?? declaration.nestedTypes.first?.name
    {
      throw error(
        .declaration(.extensionElsewhere(typeName: name, member: unsupported.name)),
        at: unsupported.range)
    }
    var extended = declaration
    extended.name = Identifier(name, range: declaration.name.range)
    typeNamespaces.append(name)
    defer { typeNamespaces.removeLast() }
    if let type = interpreter.registry.types[name], type.host == nil {
      let methods = try declareMethods(extended, kind: "type")
      for method in methods.keys where type.scriptMethods[method] != nil {
        throw error(.redeclaration(name: method, container: "'\(name)'"), at: extended.methods.first { $0.name.name == method }!.name.range)
      }
      type.scriptMethods.merge(methods) { existing, _ in existing }
      type.scriptMethodOrder += extended.methods.map(\.name.name)
      try compileMethodBodies(
        extended, methods, members: Set(type.memberNames).union(type.scriptMethods.keys), selfValueType: nil)
    } else if let members = interpreter.registry.structTypes[name]?.scriptMembers ?? interpreter.registry.enumTypes[name]?.scriptMembers {
      let selfType: ValueType = interpreter.registry.structTypes[name].map { .structure($0) } ?? .enumeration(interpreter.registry.enumTypes[name]!)
      let methods = try declareMethods(extended, kind: interpreter.registry.structTypes[name] == nil ? "enum" : "struct")
      members.methods.merge(methods) { existing, _ in existing }
      members.order += extended.methods.map(\.name.name)
      var names = Set(members.methods.keys).union(members.computed.keys)
      if case .structure(let type) = selfType { names.formUnion(type.fields.map(\.name)) }
      try compileMethodBodies(extended, methods, members: names, selfValueType: selfType)
    } else if !extended.methods.isEmpty {
      // At run time, where `check` (which runs no import) cannot know the
      // type, it is no error there.
      let missing = ScriptError(
        .declaration(.extendedTypeMissing(typeName: name)), at: declaration.name.range, in: file)
      return { _ in throw missing }
    }
    declareStaticMembers(of: extended)
    return try compileStaticMembers(of: extended)
  }
}
