import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift` (`enum BuildCommit { static let id }`) into the target it is applied to: the commit
/// the sources were built from, as `git describe --always --dirty` names it, or "unknown" outside a git checkout
/// (a source tarball). No network; the file is only rewritten when the commit changes, so an unchanged tree does
/// not recompile the target.
@main
struct BuildCommit: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appending(path: "generated")
    let script = """
      dir=$1; out=$2
      mkdir -p "$out" || exit 1
      id=$(git -C "$dir" describe --always --dirty --abbrev=12 2>/dev/null) || id=unknown
      text="enum BuildCommit { static let id = \\"$id\\" }"
      [ "$(cat "$out/BuildCommit.swift" 2>/dev/null)" = "$text" ] || printf '%s\\n' "$text" >"$out/BuildCommit.swift"
      """
    return [
      .prebuildCommand(
        displayName: "Recording the commit of \(target.name)", executable: URL(filePath: "/bin/sh"),
        arguments: [
          "-c", script, "sh", context.package.directoryURL.path(percentEncoded: false),
          output.path(percentEncoded: false),
        ],
        outputFilesDirectory: output)
    ]
  }
}
