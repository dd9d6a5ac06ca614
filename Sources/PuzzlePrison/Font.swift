import CGL
import CSTB
import Foundation

/// A TrueType font baked at one pixel size into a GL texture (Latin-1), for the HUD. Laying text
/// out needs no GL context: the texture is made when first drawn.
final class Font {
    let pixelHeight: Float
    private let glyphs: [stbtt_bakedchar]
    private let atlasSize: Int32
    /// The baked glyphs, one byte a texel, until the texture is made.
    private var bitmap: [UInt8]
    private var madeTexture: GLuint?
    /// The first character baked, and how many.
    private static let first: Int32 = 32
    private static let count: Int32 = 224

    /// Bakes the font in `data` at `pixelHeight` pixels; `source` names the file in errors.
    init(data: Data, pixelHeight: Float, source: String) throws(FrontEndError) {
        self.pixelHeight = pixelHeight
        var size: Int32 = 256
        var glyphs = [stbtt_bakedchar](repeating: stbtt_bakedchar(), count: Int(Self.count))
        var bitmap: [UInt8] = []
        while true {
            bitmap = [UInt8](repeating: 0, count: Int(size * size))
            let fitted = data.withUnsafeBytes { font in
                stbtt_BakeFontBitmap(
                    font.bindMemory(to: UInt8.self).baseAddress, 0, pixelHeight, &bitmap, size, size,
                    Self.first, Self.count, &glyphs)
            }
            if fitted > 0 { break }
            // 0 means no glyph fitted (not a font); negative means only some did: grow the atlas.
            guard fitted < 0, size < 4096 else {
                throw FrontEndError("the font \(source) cannot be read (is it a TrueType file?)")
            }
            size *= 2
        }
        // Texel (0, 0) is solid, so panels can be drawn with the same texture. The baker leaves
        // a one-texel border, so no glyph uses it.
        bitmap[0] = 255
        self.glyphs = glyphs
        self.bitmap = bitmap
        atlasSize = size
    }

    /// The GL texture of the glyphs, made in the current context on first use.
    var texture: GLuint {
        if let madeTexture { return madeTexture }
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, atlasSize, atlasSize, 0, GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), bitmap)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        madeTexture = texture
        bitmap = []
        return texture
    }

    deinit {
        guard var texture = madeTexture else { return }
        glDeleteTextures(1, &texture)
    }

    /// The glyph of `character`, or of `?` for characters the font was not baked with.
    private func glyph(_ character: Unicode.Scalar) -> stbtt_bakedchar {
        let index = Int32(character.value) - Self.first
        return glyphs[Int((0..<Self.count).contains(index) ? index : Int32(UInt8(ascii: "?")) - Self.first)]
    }

    /// How wide `text` is, in pixels.
    func width(of text: String) -> Float {
        text.unicodeScalars.reduce(0) { $0 + glyph($1).xadvance }
    }

    /// `text` as it fits in `available` pixels: whole when it fits, otherwise with its middle
    /// taken out and "..." in its place, keeping more of the end (a file name) than of the start.
    func fitted(_ text: String, within available: Float) -> String {
        guard width(of: text) > available else { return text }
        let characters = Array(text)
        for kept in stride(from: characters.count - 1, through: 0, by: -1) {
            let start = kept / 3
            let candidate = String(characters[..<start]) + "..." + String(characters[(characters.count - (kept - start))...])
            if width(of: candidate) <= available { return candidate }
        }
        return "..."
    }

    /// The texture coordinates of the solid texel.
    var solid: SIMD2<Float> { SIMD2(repeating: 0.5 / Float(atlasSize)) }

    /// Appends the quads of `text` with its baseline starting at `origin` (pixels, top left
    /// origin), `scale` times the baked size (at 1, on whole pixels).
    func layout(_ text: String, at origin: SIMD2<Float>, scale: Float = 1, colour: SIMD4<Float>, into batch: inout HUDBatch) {
        var x = origin.x
        let texel = 1 / Float(atlasSize)
        for scalar in text.unicodeScalars {
            let g = glyph(scalar)
            var corner = SIMD2(x + g.xoff * scale, origin.y + g.yoff * scale)
            if scale == 1 { corner.round(.toNearestOrAwayFromZero) }
            let w = Float(g.x1) - Float(g.x0), h = Float(g.y1) - Float(g.y0)
            if w > 0, h > 0 {
                batch.quad(
                    from: corner, to: corner + SIMD2(w, h) * scale,
                    uv: SIMD2(Float(g.x0), Float(g.y0)) * texel, SIMD2(Float(g.x1), Float(g.y1)) * texel,
                    colour: colour)
            }
            x += g.xadvance * scale
        }
    }
}

/// Quads of the HUD for one texture, as interleaved vertices: position, texture coordinate, colour.
struct HUDBatch {
    private(set) var vertices: [Float] = []

    static let floatsPerVertex = 8

    mutating func removeAll() { vertices.removeAll(keepingCapacity: true) }

    var vertexCount: Int { vertices.count / Self.floatsPerVertex }

    /// A quad from `a` to `b` (pixels) textured from `uvA` to `uvB`, as two triangles.
    mutating func quad(from a: SIMD2<Float>, to b: SIMD2<Float>, uv uvA: SIMD2<Float>, _ uvB: SIMD2<Float>, colour: SIMD4<Float>) {
        for (p, t) in [(a, uvA), (SIMD2(b.x, a.y), SIMD2(uvB.x, uvA.y)), (b, uvB), (a, uvA), (b, uvB), (SIMD2(a.x, b.y), SIMD2(uvA.x, uvB.y))] {
            vertices += [p.x, p.y, t.x, t.y, colour.x, colour.y, colour.z, colour.w]
        }
    }
}
