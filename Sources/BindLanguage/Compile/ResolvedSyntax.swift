import BindSyntax

/// What the resolver (``Resolver``) decided about a piece of syntax, once,
/// before the compiler and `check` look at it: which scopes need a frame of
/// their own, what each closure's anonymous parameters are, which handler
/// blocks may write observable values, which names are used before their
/// declaration, and (for `check`) how each name is bound and where members
/// are used.
///
/// A class: the compiler asks it about every name it compiles, and a
/// struct of a dozen tables would be copied (each table retained and
/// released) on each question.
package final class ResolvedSyntax {
  /// A scope the compiler asks about, named by where it is written.
  package enum Scope: Hashable {
    /// A block `{ … }`: a branch, a loop body (with its loop variables), or
    /// the body of a function, closure, handler, timer, effect or accessor.
    case block(SourceRange)
    /// An `if` with conditions (`if let a = x, a > 0 { … }`): the names
    /// they bind and its `then` block, keyed by the `if` statement.
    case conditions(SourceRange)
    /// A `switch` case, an `if case` or a `catch` clause: the names its
    /// patterns bind, its `where` condition and its body, keyed by the
    /// case, the `if` statement or the clause.
    case patterns(SourceRange)
  }

  /// What a scope's syntax does, nested scopes included.
  package struct Facts: Equatable {
    /// Whether it makes anything that may outlive a run of the scope and
    /// read its variables later: a closure, a timer, a `func`, an `on` or
    /// `observe` handler, an effect or its cleanup. Such a scope needs a
    /// frame of its own on each entry (each loop iteration, each handler
    /// run, each matching `case`), which what it made keeps; any other
    /// scope shares and reuses the enclosing frame.
    package var makesClosures = false
    /// Whether running it may write observable values, conservatively: an
    /// observer block that may write runs as one batch, one that cannot
    /// (`{ count += 1 }`, `{ print(new) }`) skips the cost of a transaction
    /// on every change. A property or subscript assignment, `emit`, a call
    /// other than `print`, and every construct not known to be harmless
    /// count as writes.
    package var mayWrite = false

    static func | (lhs: Facts, rhs: Facts) -> Facts {
      Facts(makesClosures: lhs.makesClosures || rhs.makesClosures, mayWrite: lhs.mayWrite || rhs.mayWrite)
    }

    /// Something that both makes a closure and may write (a handler, a timer).
    static let closure = Facts(makesClosures: true, mayWrite: true)
    /// A statement that makes no closure itself but is not known to be harmless.
    static let write = Facts(makesClosures: false, mayWrite: true)
  }

  /// The `$0`, `$1`, … a closure body names outside nested closures.
  package struct AnonymousParameters {
    /// One more than the highest `$N` named (0 if none).
    package var count = 0
    /// The first one named, for the error of a closure that also declares parameters.
    package var first: Identifier?
  }

  /// A name used before the declaration, in an enclosing local scope or
  /// at the top level, that it was meant to refer to (Swift: "closure
  /// captures 'x' before it is declared").
  package struct EarlyUse {
    /// The declaration written after the use.
    package let declaration: Identifier
    /// Whether the use is in a closure (a function, handler, …) made before it.
    package let isCapture: Bool
    /// Whether the declaration is in a local scope rather than at the top level.
    package var isLocal = true
  }

  /// A local variable as a use sees it: `depth` frames out from the
  /// use's own frame (0: that frame), at `slot`.
  package struct LocalSlot: Hashable {
    package let depth: Int
    package let slot: Int
  }

  /// A name used at a place in the source. The name is part of it: the
  /// operator function `>` is the closure `{ $0 > $1 }`, both names at
  /// the operator's range.
  package struct NameSite: Hashable {
    package let name: String
    package let range: SourceRange

    /// By where it is only: hashing the name (or every part of the range)
    /// was a tenth of `check`, and sites that share a range are rare.
    package func hash(into hasher: inout Hasher) {
      hasher.combine(range.start.offset)
      hasher.combine(range.end.offset)
    }
  }

  /// A variable of an enclosing frame that a function-like body uses:
  /// the body's frames must keep the frame they are made in.
  package struct Capture: Hashable {
    /// Seen from the body's own frame (1: the frame it is made in).
    package let variable: LocalSlot
    /// For the `self` of an implicit `self.name`: the name, a capture
    /// only if it is a member of `self` (the resolver does not know the
    /// members of a type declared elsewhere).
    package let implicitMember: String?
  }

  /// What each scope does, by scope.
  package var scopes: [Scope: Facts] = [:]
  /// The local variable each name used in a local frame names. A name
  /// used in the global frame, or naming a global, a type, a member of
  /// `self` or anything else the compiler looks up by name, has none.
  /// Inside a method, a name no local variable has may be a member of
  /// the type (`count` for `self.count`): `self` at the same place is then
  /// the method's `self`.
  package var localNames: [NameSite: LocalSlot] = [:]
  /// The frame slot of each local variable, by the range of the name
  /// that declares it (a function's parameters come first, in order).
  package var declarationSlots: [SourceRange: Int] = [:]
  /// What each function-like body captures, by the body's range (one
  /// that captures nothing has none).
  package var captures: [SourceRange: [Capture]] = [:]
  /// The anonymous parameters of each closure, by the closure's range.
  package var anonymousParameters: [SourceRange: AnonymousParameters] = [:]
  /// Names used before their local declaration, by the use's range: such
  /// a name does not resolve where it is used.
  package var earlyUses: [SourceRange: EarlyUse] = [:]
  /// Top-level variables used before their declaration outside any
  /// function, in source order: such a name resolves (top-level names are
  /// hoisted), so the compiler rejects the statement that uses it.
  package var earlyTopLevelUses: [(range: SourceRange, use: EarlyUse)] = []
  /// Top-level variables named in a function or method above their
  /// declaration, by the use's range: Swift's script mode allows it, but
  /// a call made before the declaration has run would read `nil`, so the
  /// compiler reads them checked (the declaration is the value).
  package var topLevelUsesInCalledBodies: [SourceRange: Identifier] = [:]
  /// How the file binds its names and uses members, when asked for (`check`).
  package var bindings = NameBindings()

  package init() {}

  /// Whether `scope` needs a frame of its own on each run. A scope the
  /// resolver did not see (none should exist) gets one: that is always
  /// right, only slower.
  package func needsFrame(_ scope: Scope) -> Bool {
    scopes[scope]?.makesClosures ?? true
  }

  /// Whether running `scope` may write observable values (an unknown one may).
  package func mayWrite(_ scope: Scope) -> Bool {
    scopes[scope]?.mayWrite ?? true
  }
}

/// How a file binds its names and where it uses members: what the
/// static receiver types of `check` are worked out from (see
/// ``ReceiverTypes`` and ``MemberCheck``).
package struct NameBindings {
  /// How a name was bound.
  package enum Binding {
    case variable(VariableDeclaration, isTopLevel: Bool)
    case typed(TypeAnnotation?)
    /// `func make() -> T`: its calls return a `T` (the interpreter checks each `return`).
    case function(FunctionDeclaration, isTopLevel: Bool)
    /// `if let x = value` or `guard let x = value`: the value unwrapped.
    case unwrapped(Expression)
    case other
  }

  /// Where a member is used: run-time errors differ by use.
  package enum Use {
    case read, write, reactive
  }

  /// One use of a member, in the order the file reads.
  package enum MemberUse {
    /// `receiver.name` (or `receiver?.name`) read, written, bound, observed or emitted.
    case property(base: Expression, name: Identifier, optional: Bool, use: Use)
    /// `receiver.name(…)` or `receiver?.name(…)`.
    case method(base: Expression, name: Identifier, arguments: [Argument], optional: Bool)
    /// `State.lodaing` or `State.loaded(…)`: maybe a case named through its enum.
    case enumCase(base: Expression, name: Identifier)
    /// A place written (`vm.count = 1`, `vm.items[0] += 1`, `bind x ->
    /// vm.count`), or the receiver of a method call that writes it when the
    /// method mutates (`vm.items.append(x)`, `method` the call's name).
    case place(Expression, method: Identifier?)
  }

  /// A member use, with where it is.
  package struct Site {
    package let use: MemberUse
    /// The index of the top-level statement it is in.
    package let statement: Int
    /// The script `type` or `struct` whose method, derived property or
    /// setter it is in, where `self` has that type.
    package let selfTypeName: String?
  }

  package var names: [String: [Binding]] = [:]
  /// Names assigned to (`x = …`, `x += …`) anywhere.
  package var assigned: Set<String> = []
  /// Members of the file's declared types: inside methods, a bare name may be one.
  package var memberNames: Set<String> = []
  /// How often each type name is declared in the file.
  package var typeDeclarations: [String: Int] = [:]
  /// Where each type's declaration starts: a type is made when its
  /// declaration runs, so `T()` or `x: T` written before it is not trusted.
  package var typeDeclarationOffsets: [String: Int] = [:]
  package var hasImports = false
  /// Every member use, in source order.
  package var memberUses: [Site] = []
}
