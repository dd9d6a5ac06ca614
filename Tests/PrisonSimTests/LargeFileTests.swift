import Foundation
import PrisonFiles
import Testing

@Suite("Files of any size: lines read a block at a time, outputs written piece by piece, games CSVs over 8 MiB")
struct LargeFileTests {
    /// Every line `reader` gives, with whether it had its line end.
    static func lines(of reader: LineReader) throws -> [(text: String, ended: Bool)] {
        var lines: [(text: String, ended: Bool)] = []
        while let line = try reader.nextLine() { lines.append(line) }
        return lines
    }

    @Test("LineReader gives every line across its blocks, and says when the last one has no line end")
    func linesAcrossBlocks() throws {
        try withTemporaryDirectory { directory in
            // Lines of 0 to 70,000 bytes: some end exactly at, some straddle, some span a 64 KiB block.
            let written = (0..<60).map { String(repeating: Character(UnicodeScalar(UInt8(97 + $0 % 26))), count: $0 * $0 * 19) }
            let ended = try directory.write("ended.txt", written.joined(separator: "\n") + "\n")
            let read = try Self.lines(of: LineReader(path: ended, lineLimit: 100_000))
            #expect(read.map(\.text) == written && read.allSatisfy(\.ended))

            let cut = try directory.write("cut.txt", "a,b\nc,")
            let cutLines = try Self.lines(of: LineReader(path: cut))
            #expect(cutLines.map(\.text) == ["a,b", "c,"] && cutLines.map(\.ended) == [true, false])
            #expect(try Self.lines(of: LineReader(path: directory.write("empty.txt", ""))).isEmpty)
        }
    }

    @Test("LineReader refuses, naming the file and line, a line over its limit, bytes that are not UTF-8, a directory, a missing file")
    func lineReaderRefusals() throws {
        try withTemporaryDirectory { directory in
            let long = try directory.write("long.csv", "short\n" + String(repeating: "x", count: 300_000) + "\n")
            let reader = try LineReader(path: long, what: "CSV file", lineLimit: 100_000)
            #expect(try reader.nextLine()?.text == "short")
            let tooLong = #expect(throws: FileError.self) { try reader.nextLine() }
            #expect(tooLong?.kind == .tooLarge && tooLong?.description.contains("CSV file '\(long)' line 2") == true)

            let binary = directory.path("binary.csv")
            try Data([0x61, 0x0a, 0xff, 0xfe, 0x0a]).write(to: URL(fileURLWithPath: binary))
            let notText = #expect(throws: FileError.self) { try Self.lines(of: LineReader(path: binary)) }
            #expect(notText?.kind == .notText && notText?.description.contains("line 2") == true)
            #expect(throws: FileError.self) { try Self.lines(of: LineReader(path: "/dev/zero", lineLimit: 1000)) }
            #expect((#expect(throws: FileError.self) { try LineReader(path: directory.url.path) })?.kind == .unreadable)
            #expect((#expect(throws: FileError.self) { try LineReader(path: directory.path("none")) })?.kind == .missing)
        }
    }

    @Test("FileWriter: the file appears whole at finish; dropped unfinished, the old file stays and no temporary file is left")
    func fileWriter() throws {
        try withTemporaryDirectory { directory in
            let path = try directory.write("out.csv", "old\n")
            do {
                let writer = try FileWriter(path: path)
                try writer.write(Data(String(repeating: "new row\n", count: 200_000).utf8))
                #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["out.csv"])

            let writer = try FileWriter(path: path)
            for _ in 0..<200_000 { try writer.write(Data("new row\n".utf8)) }
            try writer.finish()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == String(repeating: "new row\n", count: 200_000))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["out.csv"])
            #expect(throws: FileError.self) { try FileWriter(path: directory.path("no/such/folder.csv")) }
        }
    }

    @Test("A games CSV over 8 MiB is resumed and merged: the same bytes, the same summary")
    func largeGamesCSV() throws {
        try withTemporaryDirectory { directory in
            let run = [
                "run", "--games", "70000", "--walls", "1", "--width", "2", "--height", "2", "--colours", "2",
                "--rules-only", "--seed", "5", "--json", "--csv", directory.path("r.csv"),
            ]
            let first = try runSim(run)
            try #require(first.status == 0, "\(first)")
            let written = try Data(contentsOf: URL(fileURLWithPath: directory.path("r.csv")))
            try #require(written.count > 8 << 20, "\(written.count) bytes: not over 8 MiB")

            let resumed = try runSim(run + ["--resume"])
            #expect(resumed.status == 0, "\(resumed)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("r.csv"))) == written)
            #expect(SweepTests.withoutTiming(resumed.stdout) == SweepTests.withoutTiming(first.stdout))

            let merged = try runSim(["merge", directory.path("r.csv"), "--json", "--csv", directory.path("m.csv")])
            #expect(merged.status == 0, "\(merged)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("m.csv"))) == written)
            #expect(SweepTests.withoutTiming(merged.stdout) == SweepTests.withoutTiming(first.stdout))

            // Megabytes of rows are read before the last one is found missing: none of them
            // reaches standard output, and no file is left half written.
            let cut = written.dropLast().lastIndex(of: UInt8(ascii: "\n"))!
            try written[...cut].write(to: URL(fileURLWithPath: directory.path("cut.csv")))
            let refused = try runSim(
                ["merge", directory.path("cut.csv"), "--csv", "/dev/stdout", "--plot", directory.path("cut.svg")])
            #expect(refused.status == 65 && refused.stdout.isEmpty && refused.stderr.contains("holds 69999 of the 70000"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == ["cut.csv", "m.csv", "r.csv"])
        }
    }
}
