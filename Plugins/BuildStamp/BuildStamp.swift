import Foundation
import PackagePlugin

/// Writes `BuildStamp.swift` into the target before every build: the commit the package was built
/// from (`git rev-parse --short=12 HEAD`, with `+changes` when tracked files differ from it), or
/// "unknown" outside a git work tree or without git. The file is rewritten only when the stamp
/// changes, so an unchanged tree compiles nothing again.
@main
struct BuildStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let file = output.appendingPathComponent("BuildStamp.swift").path
        let package = context.package.directoryURL.path
        let script = """
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null) || commit=unknown
            if [ "$commit" != unknown ] && [ -n "$(git -C "$1" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
                commit="$commit+changes"
            fi
            mkdir -p "$(dirname "$2")"
            text="/// The commit this program was built from, or \\"unknown\\".
            let buildCommit = \\"$commit\\""
            [ -f "$2" ] && [ "$(cat "$2")" = "$text" ] || printf '%s\\n' "$text" > "$2"
            """
        return [
            .prebuildCommand(
                displayName: "Stamping the build with its commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "stamp", package, file],
                outputFilesDirectory: output)
        ]
    }
}
