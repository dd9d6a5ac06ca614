import Foundation
import PrisonSession
import Testing

/// The shipped palettes keep their colours apart, for normal colour vision and for the three
/// common kinds of colour blindness: each colour is passed through a simulation of the
/// deficiency (Machado, Oliveira and Fernandes 2009, severity 1, on linear RGB), turned into
/// CIELAB (D65), and every pair must stay at least a CIEDE2000 distance apart. About 2 is a
/// just-noticeable difference; 10 and more is told apart at a glance.
@Suite struct ColourVisionTests {
    enum Vision: String, CaseIterable, CustomTestStringConvertible {
        case normal, protanopia, deuteranopia, tritanopia
        var testDescription: String { rawValue }

        /// The simulation's matrix on linear RGB, row by row.
        var matrix: [SIMD3<Double>] {
            switch self {
            case .normal: [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
            case .protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
            case .deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
            case .tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
            }
        }

        /// The CIELAB colour a person with this vision sees for sRGB `colour` (components 0...1).
        func lab(_ colour: SIMD3<Float>) -> SIMD3<Double> {
            let linear = SIMD3<Double>(colour).map { c in c <= 0.04045 ? max(c, 0) / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            let seen = SIMD3(matrix.map { ($0 * linear).sum() }).clamped(lowerBound: .zero, upperBound: .one)
            let xyz = SIMD3(
                (SIMD3(0.4124564, 0.3575761, 0.1804375) * seen).sum(), (SIMD3(0.2126729, 0.7151522, 0.0721750) * seen).sum(),
                (SIMD3(0.0193339, 0.1191920, 0.9503041) * seen).sum())
            let f = (xyz / SIMD3(0.95047, 1, 1.08883)).map { t in t > pow(6.0 / 29, 3) ? cbrt(t) : t / (3 * pow(6.0 / 29, 2)) + 4.0 / 29 }
            return [116 * f.y - 16, 500 * (f.x - f.y), 200 * (f.y - f.z)]
        }
    }

    /// How far apart each palette's colours stay, at the least, for a vision: among the first
    /// five (a default game's colours) and among all ten.
    struct Requirement {
        let firstFive: Double
        let all: Double
    }

    /// Every palette: apart at a glance for everyone in a default game (five colours), and for
    /// normal vision in any game; the colour-blind palette (which also draws a symbol on every
    /// colour) far apart for every vision in every game. Beyond five colours the other palettes
    /// only stay distinguishable (3.5) for colour-blind eyes.
    static func requirement(for palette: Palette, vision: Vision) -> Requirement {
        switch (palette.showsSymbols, vision) {
        case (false, .normal): Requirement(firstFive: 19, all: 10)
        case (false, _): Requirement(firstFive: 9.5, all: 3.5)
        case (true, .normal): Requirement(firstFive: 29, all: 17)
        case (true, _): Requirement(firstFive: 19.5, all: 9.5)
        }
    }

    static let palettes: [Palette] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/palettes.json")
        return (try? Palette.palettes(at: file)) ?? []
    }()

    @Test(arguments: Vision.allCases)
    func everyPaletteKeepsItsColoursApart(for vision: Vision) throws {
        try #require(Self.palettes.count >= 3)
        for palette in Self.palettes {
            let seen = palette.colours.prefix(10).map(vision.lab)
            let required = Self.requirement(for: palette, vision: vision)
            for i in seen.indices {
                for j in seen.indices where j > i {
                    let distance = Self.ciede2000(seen[i], seen[j])
                    let least = i < 5 && j < 5 ? required.firstFive : required.all
                    #expect(
                        distance >= least,
                        "\(palette.name), \(vision): colours \(i + 1) and \(j + 1) are \(distance) apart, less than \(least)")
                }
            }
        }
    }

    /// The distance on pairs from Sharma, Wu and Dalal's CIEDE2000 test data.
    @Test func theColourDistanceIsCIEDE2000() {
        #expect(abs(Self.ciede2000([50, 2.6772, -79.7751], [50, 0, -82.7485]) - 2.0425) < 1e-4)
        #expect(abs(Self.ciede2000([50, 0, 0], [50, -1, 2]) - 2.3669) < 1e-4)
        #expect(abs(Self.ciede2000([50, 2.5, 0], [73, 25, -18]) - 27.1492) < 1e-4)
    }

    /// The simulations see what they should: red and green merge for the red-green kinds, blue
    /// and green for tritanopia, and nothing changes for normal vision.
    @Test func theSimulationsLoseTheRightContrasts() {
        let red: SIMD3<Float> = [0.8, 0.2, 0.1], green: SIMD3<Float> = [0.35, 0.55, 0.1]
        let normal = Self.ciede2000(Vision.normal.lab(red), Vision.normal.lab(green))
        #expect(Self.ciede2000(Vision.deuteranopia.lab(red), Vision.deuteranopia.lab(green)) < normal / 3)
        #expect(Self.ciede2000(Vision.protanopia.lab(red), Vision.protanopia.lab(green)) < normal / 2)
        #expect(Self.ciede2000(Vision.tritanopia.lab(red), Vision.tritanopia.lab(green)) > normal / 2)
    }

    /// CIEDE2000 between two CIELAB colours.
    static func ciede2000(_ one: SIMD3<Double>, _ two: SIMD3<Double>) -> Double {
        func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let (l1, a1, b1, l2, a2, b2) = (one.x, one.y, one.z, two.x, two.y, two.z)
        let meanC = (hypot(a1, b1) + hypot(a2, b2)) / 2
        let g = 0.5 * (1 - (pow(meanC, 7) / (pow(meanC, 7) + pow(25, 7))).squareRoot())
        let (a1p, a2p) = ((1 + g) * a1, (1 + g) * a2)
        let (c1, c2) = (hypot(a1p, b1), hypot(a2p, b2))
        func hue(_ b: Double, _ a: Double) -> Double {
            let h = degrees(atan2(b, a))
            return h < 0 ? h + 360 : h
        }
        let (h1, h2) = (hue(b1, a1p), hue(b2, a2p))
        var dh = 0.0
        if c1 * c2 != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dL = l2 - l1, dC = c2 - c1
        let dH = 2 * (c1 * c2).squareRoot() * sin(radians(dh / 2))
        let meanL = (l1 + l2) / 2, meanCp = (c1 + c2) / 2
        var meanH = h1 + h2
        if c1 * c2 != 0 {
            meanH = abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : (h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2)
        }
        let t =
            1 - 0.17 * cos(radians(meanH - 30)) + 0.24 * cos(radians(2 * meanH)) + 0.32 * cos(radians(3 * meanH + 6))
            - 0.20 * cos(radians(4 * meanH - 63))
        let rotation = 30 * exp(-pow((meanH - 275) / 25, 2))
        let rc = 2 * (pow(meanCp, 7) / (pow(meanCp, 7) + pow(25, 7))).squareRoot()
        let sl = 1 + 0.015 * pow(meanL - 50, 2) / (20 + pow(meanL - 50, 2)).squareRoot()
        let sc = 1 + 0.045 * meanCp, sh = 1 + 0.015 * meanCp * t
        let rt = -sin(radians(2 * rotation)) * rc
        let (x, y, z) = (dL / sl, dC / sc, dH / sh)
        return (x * x + y * y + z * z + rt * y * z).squareRoot()
    }
}

extension SIMD3<Double> {
    fileprivate func map(_ transform: (Double) -> Double) -> SIMD3<Double> { [transform(x), transform(y), transform(z)] }
}
