import Foundation
import PackagePlugin

/// Writes `BuildStamp.swift`, compiled into the target, before every build: the commit the package
/// was built from (`git rev-parse --short=12 HEAD`, with `+changes` when tracked files differ from
/// it), or "unknown" when the package is not the top of a git work tree of its own (git does not
/// look above it) or there is no git. Git takes no lock (a build never makes a commit fail) and
/// trusts the package's folder whoever owns it. The file is rewritten only when the stamp
/// changes, so an unchanged tree compiles nothing again.
@main
struct BuildStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let file = output.appendingPathComponent("BuildStamp.swift").path
        let package = context.package.directoryURL.path
        let script = """
            package="$1" file="$2"
            export GIT_CEILING_DIRECTORIES="$(dirname "$package")"
            git() { command git --no-optional-locks -c safe.directory="$package" -C "$package" "$@"; }
            commit=$(git rev-parse --short=12 HEAD 2>/dev/null) || commit=unknown
            if [ "$commit" != unknown ] && [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
                commit="$commit+changes"
            fi
            mkdir -p "$(dirname "$file")"
            text="/// The commit this program was built from, or \\"unknown\\".
            let buildCommit = \\"$commit\\""
            [ -f "$file" ] && [ "$(cat "$file")" = "$text" ] || printf '%s\\n' "$text" > "$file"
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
