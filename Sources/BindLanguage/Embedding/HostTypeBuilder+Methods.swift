import BindRuntime

// One overload per parameter count (0 to 4), sync and async; generated
// alike, so each reads as the one before it with a parameter more.
extension HostTypeBuilder {
  public func method<R, E: Error>(_ signature: String, _ body: @escaping (Root) throws(E) -> R) {
    addMethod(signature, [], R.self, isAsync: false, isThrowing: E.self != Never.self) { _, r in
      return { receiver, _ in
        let root = unsafeDowncast(receiver!, to: Root.self)
        return .value(r(try body(root)))
      }
    }
  }

  public func method<R, E: Error>(_ signature: String, _ body: @escaping (Root) async throws(E) -> R) {
    addMethod(signature, [], R.self, isAsync: true, isThrowing: E.self != Never.self) { _, r in
      return { receiver, _ in
        let root = unsafeDowncast(receiver!, to: Root.self)
        return .task { r(try await body(root)) }
      }
    }
  }

  public func method<A, R, E: Error>(_ signature: String, _ body: @escaping (Root, A) throws(E) -> R) {
    addMethod(signature, [A.self], R.self, isAsync: false, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      return { receiver, values in
        let root = unsafeDowncast(receiver!, to: Root.self)
        let a: A = try ba.argument(values, 0)
        return .value(r(try body(root, a)))
      }
    }
  }

  public func method<A, R, E: Error>(_ signature: String, _ body: @escaping (Root, A) async throws(E) -> R) {
    addMethod(signature, [A.self], R.self, isAsync: true, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      return { receiver, values in
        let root = unsafeDowncast(receiver!, to: Root.self)
        let a: A = try ba.argument(values, 0)
        return .task { r(try await body(root, a)) }
      }
    }
  }

  public func method<A, B, R, E: Error>(_ signature: String, _ body: @escaping (Root, A, B) throws(E) -> R) {
    addMethod(signature, [A.self, B.self], R.self, isAsync: false, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      let bb = p[1]
      return { receiver, values in
        let root = unsafeDowncast(receiver!, to: Root.self)
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        return .value(r(try body(root, a, b)))
      }
    }
  }

  public func method<A, B, R, E: Error>(_ signature: String, _ body: @escaping (Root, A, B) async throws(E) -> R) {
    addMethod(signature, [A.self, B.self], R.self, isAsync: true, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      let bb = p[1]
      return { receiver, values in
        let root = unsafeDowncast(receiver!, to: Root.self)
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        return .task { r(try await body(root, a, b)) }
      }
    }
  }

  public func method<A, B, C, R, E: Error>(_ signature: String, _ body: @escaping (Root, A, B, C) throws(E) -> R) {
    addMethod(signature, [A.self, B.self, C.self], R.self, isAsync: false, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      let bb = p[1]
      let bc = p[2]
      return { receiver, values in
        let root = unsafeDowncast(receiver!, to: Root.self)
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        let c: C = try bc.argument(values, 2)
        return .value(r(try body(root, a, b, c)))
      }
    }
  }

  public func method<A, B, C, R, E: Error>(_ signature: String, _ body: @escaping (Root, A, B, C) async throws(E) -> R) {
    addMethod(signature, [A.self, B.self, C.self], R.self, isAsync: true, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      let bb = p[1]
      let bc = p[2]
      return { receiver, values in
        let root = unsafeDowncast(receiver!, to: Root.self)
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        let c: C = try bc.argument(values, 2)
        return .task { r(try await body(root, a, b, c)) }
      }
    }
  }

  public func method<A, B, C, D, R, E: Error>(_ signature: String, _ body: @escaping (Root, A, B, C, D) throws(E) -> R) {
    addMethod(signature, [A.self, B.self, C.self, D.self], R.self, isAsync: false, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      let bb = p[1]
      let bc = p[2]
      let bd = p[3]
      return { receiver, values in
        let root = unsafeDowncast(receiver!, to: Root.self)
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        let c: C = try bc.argument(values, 2)
        let d: D = try bd.argument(values, 3)
        return .value(r(try body(root, a, b, c, d)))
      }
    }
  }

  public func method<A, B, C, D, R, E: Error>(_ signature: String, _ body: @escaping (Root, A, B, C, D) async throws(E) -> R) {
    addMethod(signature, [A.self, B.self, C.self, D.self], R.self, isAsync: true, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      let bb = p[1]
      let bc = p[2]
      let bd = p[3]
      return { receiver, values in
        let root = unsafeDowncast(receiver!, to: Root.self)
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        let c: C = try bc.argument(values, 2)
        let d: D = try bd.argument(values, 3)
        return .task { r(try await body(root, a, b, c, d)) }
      }
    }
  }
}
