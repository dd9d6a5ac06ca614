import Foundation
import PrisonFiles
import Testing

@Suite("Writing outputs atomically, or straight through")
struct WritingTests {
    @Test("A regular file is replaced whole, through a symbolic link, leaving no temporary file")
    func atomicReplace() throws {
        try withFolder { folder throws in
            let path = folder.appendingPathComponent("summary.csv").path
            try writeFile(Data("old\n".utf8), toPath: path)
            try writeFile(Data("new\n".utf8), toPath: path)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
            let link = folder.appendingPathComponent("link.csv").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
            try writeFile(Data("through the link\n".utf8), toPath: link)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "through the link\n")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == path)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.csv", "summary.csv"])
        }
    }

    @Test("A file written piece by piece appears only when finished; dropped unfinished, the old file stays")
    func pieceByPiece() throws {
        try withFolder { folder throws in
            let path = folder.appendingPathComponent("games.csv").path
            try writeFile(Data("old\n".utf8), toPath: path)
            do {
                let writer = try FileWriter(path: path)
                try writer.write(Data("half".utf8))
                #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["games.csv"])
            let writer = try FileWriter(path: path)
            try writer.write(Data("a\n".utf8))
            try writer.write(Data(repeating: UInt8(ascii: "b"), count: 1 << 21))
            try writer.finish()
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 2 + 1 << 21)
        }
    }

    @Test("An atomic write that fails says why, removes its temporary file and leaves the old one")
    func failedAtomicWrite() throws {
        try withFolder { folder throws in
            // A directory where the file should go: the rename over it fails.
            let target = folder.appendingPathComponent("results")
            try FileManager.default.createDirectory(at: target.appendingPathComponent("inside"), withIntermediateDirectories: true)
            let error = fileError { try writeAtomically(Data("new".utf8), toPath: target.path, name: "results") }
            #expect(error?.kind == .unwritable && error?.description.hasPrefix("cannot write 'results': ") == true)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["results"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["inside"])
            // writeFile refuses a directory before writing anything.
            #expect(fileError { try writeFile(Data(), toPath: target.path) } == FileError(.unwritable, "'\(target.path)' is a directory, not a file"))
        }
    }

    @Test("A write into a missing folder, or to an empty path, is refused before anything is written")
    func missingFolder() throws {
        try withFolder { folder throws in
            let path = folder.appendingPathComponent("missing/out.svg").path
            let expected = FileError(.unwritable, "cannot write '\(path)': the directory '\(folder.path)/missing' does not exist")
            #expect(fileError { try writeFile(Data("x".utf8), toPath: path) } == expected)
            #expect(fileError { try checkCanCreate(path) } == expected)
            #expect(fileError { try writeFile(Data(), toPath: "") } == FileError(.unwritable, "cannot write '': an empty path names no file"))
            let fine = folder.appendingPathComponent("out.svg").path
            try checkCanCreate(fine)
            #expect(!FileManager.default.fileExists(atPath: fine))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    @Test("A device is written straight through, never replaced; a full one is an error")
    func straightThrough() throws {
        try writeFile(Data("discarded".utf8), toPath: "/dev/null")
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        if FileManager.default.fileExists(atPath: "/dev/full") {
            let error = fileError { try writeFile(Data("x".utf8), toPath: "/dev/full") }
            #expect(error?.kind == .unwritable && error?.description.hasPrefix("cannot write '/dev/full': ") == true)
        }
    }

    @Test("Temporary files of writers that died are removed; those of a running one are kept")
    func staleTemporaryFiles() throws {
        try withFolder { folder throws in
            let dead = ".player.sqlite3.99999999.\(UUID().uuidString).tmp"
            let alive = ".player.sqlite3.\(getpid()).\(UUID().uuidString).tmp"
            let other = ".settings.json.99999999.\(UUID().uuidString).tmp"
            for name in [dead, alive, other] {
                _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data())
            }
            #expect(removeStaleTemporaryFiles(in: folder, for: ["player.sqlite3"]) == [dead])
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [alive, other].sorted())
        }
    }
}
