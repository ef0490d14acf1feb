import ImageCache

/// What `--version` prints under every name: the version and the commit the binary was built from (written at
/// build time by the BuildCommit plugin).
public enum ToolVersion {
  public static let text = "\(ImageCacheVersion.string) (commit \(BuildCommit.id))"
}
