import Foundation
import PrisonSession
import Testing

@Suite("prison-sim --version")
struct VersionTests {
    @Test("--version prints the package's version, the one the window's About page shows")
    func versionIsThePackages() throws {
        let run = try runSim(["--version"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "prison-sim \(About.packageVersion)\n", "\(run)")
    }
}
