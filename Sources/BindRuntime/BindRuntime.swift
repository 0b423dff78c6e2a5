// Placeholder while the runtime is written; replaced by the real module.
public enum BindRuntimeVersion { public static let string = "0.1.0" }
