import BindPlatform

/// A path in a fresh temporary folder.
func temporaryPath(_ name: String) -> String {
  try! FileSystem.makeTemporaryDirectory(prefix: "bindscript-tests") + "/" + name
}
