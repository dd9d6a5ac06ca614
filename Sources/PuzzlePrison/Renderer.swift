import CGL
import Foundation
import PrisonHost
import PrisonSession
import PrisonSpace

/// Where a frame is drawn: a framebuffer object (0: the window's own) and its size in pixels.
struct RenderTarget: Equatable {
    var framebuffer: GLuint
    var size: SIMD2<Int32>
}

/// Where the room is seen from: world space to clip space, the eye's place in the world, and the
/// plane beyond which blocks are cut away (``SceneFrame/cutaway``), nil when none are.
struct Viewpoint {
    var viewProjection: simd_float4x4
    var eye: SIMD3<Float>
    var cutaway: SIMD4<Float>?

    /// The window's camera, as the session framed it in `scene`.
    init(of scene: SceneFrame) {
        self.init(viewProjection: scene.viewProjection, eye: scene.eye, cutaway: scene.cutaway)
    }

    init(viewProjection: simd_float4x4, eye: SIMD3<Float>, cutaway: SIMD4<Float>?) {
        self.viewProjection = viewProjection
        self.eye = eye
        self.cutaway = cutaway
    }
}

/// Draws the room (instanced cubes, the prison cell around them) and the HUD with OpenGL 3.3 core,
/// from any viewpoint into any framebuffer: the window's camera into the window, or each eye of a
/// headset into its swapchain image.
final class Renderer {
    /// The direction toward the light, a unit vector: from above, a little right and behind.
    private static let lightDirection: SIMD3<Float> = {
        let direction = SIMD3<Float>(0.2, 0.9, 0.25)
        return direction / (direction * direction).sum().squareRoot()
    }()

    private let blocks: ShaderProgram
    private let pieces: ShaderProgram
    private let cell: ShaderProgram
    private let hud: ShaderProgram
    private let panel: ShaderProgram
    private var cubeVAO: GLuint = 0, cubeVBO: GLuint = 0, cubeIBO: GLuint = 0, instanceVBO: GLuint = 0
    private var pieceVAO: GLuint = 0, pieceVBO: GLuint = 0
    private var cellVAO: GLuint = 0, cellVBO: GLuint = 0
    private var hudVAO: GLuint = 0, hudVBO: GLuint = 0
    private var panelVAO: GLuint = 0, panelVBO: GLuint = 0
    private var instanceCapacity = 0
    private var pieceCapacity = 0
    private var hudCapacity = 0
    private var cellCapacity = 0
    /// The cell whose triangles the cell's buffer holds, and how many vertices they are: built
    /// again only when the cell changes (its walls open).
    private var cellDrawn: (cell: Surroundings, vertexCount: Int)?
    /// Whether each wall's blocks are drawn in one flat colour of its own and the cell in flat
    /// greys, with no light: tests find the blocks of a wall by their exact colour.
    var flatColours = false
    /// The HUD's fonts, baked for the HUD's scale (``HUDPainter/scale(contentScale:framebuffer:)``).
    private(set) var text: Font
    private(set) var title: Font
    /// The fonts' files, read once: baking them again at another scale reads no file.
    private let fontFiles: (text: (data: Data, path: String), title: (data: Data, path: String))

    /// Builds the programs and buffers; `scale` is the HUD's scale.
    init(resources: Resources, scale: Float) throws(FrontEndError) {
        blocks = try ShaderProgram(named: "block", in: resources.shaders)
        pieces = try ShaderProgram(named: "piece", in: resources.shaders)
        cell = try ShaderProgram(named: "cell", in: resources.shaders)
        hud = try ShaderProgram(named: "hud", in: resources.shaders)
        panel = try ShaderProgram(named: "panel", in: resources.shaders)
        let text = resources.fonts.appendingPathComponent("DejaVuSans.ttf").path
        let title = resources.fonts.appendingPathComponent("DejaVuSans-Bold.ttf").path
        fontFiles = ((try contents(of: text, what: "font"), text), (try contents(of: title, what: "font"), title))
        (self.text, self.title) = try Self.fonts(fontFiles, scale: scale)
        makeCube()
        makeCell()
        makeHUD()
        makePanel()
    }

    /// Bakes the HUD's fonts again for the HUD's scale `scale` (the window grew or shrank, or
    /// moved to a screen of another content scale).
    func setScale(_ scale: Float) throws(FrontEndError) {
        (text, title) = try Self.fonts(fontFiles, scale: scale)
    }

    private static func fonts(
        _ files: (text: (data: Data, path: String), title: (data: Data, path: String)), scale: Float
    ) throws(FrontEndError) -> (Font, Font) {
        (
            try Font(data: files.text.data, pixelHeight: (18 * scale).rounded(), source: files.text.path),
            try Font(data: files.title.data, pixelHeight: (34 * scale).rounded(), source: files.title.path)
        )
    }

    deinit {
        var buffers = [cubeVBO, cubeIBO, instanceVBO, pieceVBO, cellVBO, hudVBO, panelVBO]
        glDeleteBuffers(GLsizei(buffers.count), &buffers)
        var arrays = [cubeVAO, pieceVAO, cellVAO, hudVAO, panelVAO]
        glDeleteVertexArrays(GLsizei(arrays.count), &arrays)
    }

    /// Draws `scene` seen from `viewpoint`, its blocks packed as `instances`
    /// (``BlockInstances/packed(_:)``) and the pieces of its breaks as `pieces`
    /// (``BlockInstances/pieces(_:)``), then `panel` standing in the room when there is one, the
    /// points rising from the breaks, and then the HUD (panels, then text, then titles) into `target`.
    func draw(
        _ scene: SceneFrame, from viewpoint: Viewpoint, instances: [Float], pieces: [Float] = [], panel: Panel? = nil,
        hud layers: [(Font, HUDBatch)], into target: RenderTarget
    ) {
        let size = target.size
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        glViewport(0, 0, size.x, size.y)
        let surroundings = scene.surroundings
        let daylight = surroundings.opening
        let sky = flatColours ? SIMD3<Float>(0, 0, 0) : scene.background + (SIMD3<Float>(0.55, 0.7, 0.9) - scene.background) * daylight
        glClearColor(sky.x, sky.y, sky.z, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | GLbitfield(GL_DEPTH_BUFFER_BIT))
        glEnable(GLenum(GL_DEPTH_TEST))
        glEnable(GLenum(GL_CULL_FACE))
        glDisable(GLenum(GL_BLEND))
        let viewProjection = viewpoint.viewProjection.floats

        let count = instances.count / BlockInstances.floatsPerInstance
        if count > 0 {
            use(blocks, from: viewpoint)
            blocks.set("time", scene.time)
            blocks.set("showSymbols", Int32(scene.showsSymbols ? 1 : 0))
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceVBO)
            upload(instances, capacity: &instanceCapacity)
            glBindVertexArray(cubeVAO)
            glDrawElementsInstanced(GLenum(GL_TRIANGLES), 36, GLenum(GL_UNSIGNED_SHORT), nil, GLsizei(count))
        }

        // The cell after the blocks: the depth test skips what they hide.
        cell.use()
        cell.set("viewProjection", viewProjection)
        cell.set("lamp", surroundings.lamp)
        cell.set("lampReach", max(surroundings.innerDistance, surroundings.wallHeight) * 1.1)
        cell.set("daylight", daylight)
        cell.set("flatColours", Int32(flatColours ? 1 : 0))
        glBindVertexArray(cellVAO)
        if cellDrawn?.cell != surroundings {
            let vertices = CellGeometry.vertices(of: surroundings)
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), cellVBO)
            upload(vertices, capacity: &cellCapacity)
            cellDrawn = (surroundings, vertices.count / CellGeometry.floatsPerVertex)
        }
        glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(cellDrawn?.vertexCount ?? 0))
        drawPieces(pieces, viewpoint: viewpoint)

        if let panel {
            // Over the room, its picture's colours already multiplied by their alpha.
            glDisable(GLenum(GL_CULL_FACE))
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
            self.panel.use()
            self.panel.set("viewProjection", viewProjection)
            self.panel.set("model", panel.model.floats)
            self.panel.set("picture", Int32(0))
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), panel.picture.texture ?? 0)
            glBindVertexArray(panelVAO)
            glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)
        }
        drawLayers(pointLayers(scene.points, viewProjection: viewpoint.viewProjection, size: size) + layers, size: size)
    }

    /// Uses `program`, a program of lit cubes (blocks, pieces), with the uniforms they share for
    /// `viewpoint`: the camera, the eye, the light, flat colours and the cutaway.
    private func use(_ program: ShaderProgram, from viewpoint: Viewpoint) {
        program.use()
        program.set("viewProjection", viewpoint.viewProjection.floats)
        program.set("eye", viewpoint.eye)
        program.set("lightDirection", Self.lightDirection)
        program.set("flatColours", Int32(flatColours ? 1 : 0))
        program.set("cutaway", viewpoint.cutaway ?? SIMD4(0, 0, 0, .greatestFiniteMagnitude))
    }

    /// Draws the pieces of the breaks, `instances` packed by ``BlockInstances/pieces(_:)``, over
    /// the room in one instanced draw, blended by their opacity.
    private func drawPieces(_ instances: [Float], viewpoint: Viewpoint) {
        let count = instances.count / BlockInstances.floatsPerInstance
        guard count > 0 else { return }
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        use(pieces, from: viewpoint)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), pieceVBO)
        upload(instances, capacity: &pieceCapacity)
        glBindVertexArray(pieceVAO)
        glDrawElementsInstanced(GLenum(GL_TRIANGLES), 36, GLenum(GL_UNSIGNED_SHORT), nil, GLsizei(count))
        glDisable(GLenum(GL_BLEND))
    }

    /// The points rising from the breaks as text in the HUD's title font, facing the viewer: each
    /// where its place in the room is seen from `viewProjection` in a `size` picture, as tall as
    /// its height there; the multiplier beside it in the combo's colour.
    private func pointLayers(_ points: [ScenePoints], viewProjection: simd_float4x4, size: SIMD2<Int32>) -> [(Font, HUDBatch)] {
        guard !points.isEmpty else { return [] }
        let pixels = SIMD2(Float(size.x), Float(size.y))
        func onScreen(_ position: SIMD3<Float>) -> SIMD2<Float>? {
            let clip = viewProjection * SIMD4(position, 1)
            guard clip.w > 0.05 else { return nil }
            return SIMD2((clip.x / clip.w + 1) / 2 * pixels.x, (1 - clip.y / clip.w) / 2 * pixels.y)
        }
        var batch = HUDBatch()
        for rising in points {
            guard let middle = onScreen(rising.position), let top = onScreen(rising.position + SIMD3(0, rising.height, 0)) else { continue }
            let scale = simd_length(top - middle) / title.pixelHeight
            let score = "+" + HUDText.number(rising.points)
            let combo = rising.multiplier > 1 ? " \u{D7}\(rising.multiplier)" : ""
            let comboScale = scale * 1.2
            let width = title.width(of: score) * scale + title.width(of: combo) * comboScale
            let baseline = SIMD2(middle.x - width / 2, middle.y + title.pixelHeight * scale * 0.35)
            let shadow = SIMD4<Float>(0, 0, 0, 0.6 * rising.opacity), offset = SIMD2<Float>(1, 1) * max(1, 2 * scale)
            let warm = Shatter.glowColour(multiplier: rising.multiplier)
            for (origin, colour, comboColour) in [
                (baseline + offset, shadow, shadow),
                (baseline, SIMD4(1, 0.96, 0.82, rising.opacity), SIMD4(warm, rising.opacity)),
            ] {
                title.layout(score, at: origin, scale: scale, colour: colour, into: &batch)
                title.layout(combo, at: origin + SIMD2(title.width(of: score) * scale, 0), scale: comboScale, colour: comboColour, into: &batch)
            }
        }
        return [(title, batch)]
    }

    /// Draws `layers` (a HUD, a menu) alone into `picture`, clear where they draw nothing, its
    /// colours multiplied by their alpha: what a ``Panel`` shows.
    func draw(_ layers: [(Font, HUDBatch)], into picture: OffscreenFramebuffer) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), picture.renderTarget.framebuffer)
        glViewport(0, 0, picture.renderTarget.size.x, picture.renderTarget.size.y)
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        drawLayers(layers, size: picture.renderTarget.size)
    }

    /// Draws the HUD's `layers` over what the bound `size` framebuffer holds.
    private func drawLayers(_ layers: [(Font, HUDBatch)], size: SIMD2<Int32>) {
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glEnable(GLenum(GL_BLEND))
        // Alpha adds up as coverage does, so a picture drawn on a clear background can be laid
        // over another with its colours premultiplied.
        glBlendFuncSeparate(
            GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        hud.use()
        hud.set("viewport", SIMD2(Float(size.x), Float(size.y)))
        hud.set("glyphs", Int32(0))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindVertexArray(hudVAO)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), hudVBO)
        for (font, batch) in layers where batch.vertexCount > 0 {
            glBindTexture(GLenum(GL_TEXTURE_2D), font.texture)
            upload(batch.vertices, capacity: &hudCapacity)
            glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(batch.vertexCount))
        }
        glBindVertexArray(0)
    }

    /// Streams `floats` into the bound array buffer, growing it when needed.
    private func upload(_ floats: [Float], capacity: inout Int) {
        let bytes = floats.count * MemoryLayout<Float>.stride
        floats.withUnsafeBytes { raw in
            if bytes > capacity {
                capacity = max(bytes, capacity * 2)
                glBufferData(GLenum(GL_ARRAY_BUFFER), capacity, nil, GLenum(GL_STREAM_DRAW))
            }
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, bytes, raw.baseAddress)
        }
    }

    private func makeCube() {
        // Four vertices a face (position, normal, face coordinates), so faces light flat.
        var vertices: [Float] = []
        var indices: [UInt16] = []
        let faces: [(normal: SIMD3<Float>, u: SIMD3<Float>, v: SIMD3<Float>)] = [
            ([1, 0, 0], [0, 0, -1], [0, 1, 0]), ([-1, 0, 0], [0, 0, 1], [0, 1, 0]),
            ([0, 1, 0], [1, 0, 0], [0, 0, -1]), ([0, -1, 0], [1, 0, 0], [0, 0, 1]),
            ([0, 0, 1], [1, 0, 0], [0, 1, 0]), ([0, 0, -1], [-1, 0, 0], [0, 1, 0]),
        ]
        for face in faces {
            let start = UInt16(vertices.count / 8)
            for (s, t) in [(Float(0), Float(0)), (1, 0), (1, 1), (0, 1)] {
                let p = face.normal * 0.5 + face.u * (s - 0.5) + face.v * (t - 0.5)
                vertices += [p.x, p.y, p.z, face.normal.x, face.normal.y, face.normal.z, s, t]
            }
            indices += [start, start + 1, start + 2, start, start + 2, start + 3]
        }
        glGenVertexArrays(1, &cubeVAO)
        glBindVertexArray(cubeVAO)
        cubeVBO = Self.buffer(GL_ARRAY_BUFFER, vertices)
        cubeIBO = Self.buffer(GL_ELEMENT_ARRAY_BUFFER, indices)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), cubeVBO)
        Self.attribute(0, size: 3, stride: 8, offset: 0)
        Self.attribute(1, size: 3, stride: 8, offset: 3)
        Self.attribute(2, size: 2, stride: 8, offset: 6)
        instanceVBO = Self.instanceBuffer()
        // The pieces: the same cube, with instances of their own.
        glGenVertexArrays(1, &pieceVAO)
        glBindVertexArray(pieceVAO)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), cubeVBO)
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), cubeIBO)
        Self.attribute(0, size: 3, stride: 8, offset: 0)
        Self.attribute(1, size: 3, stride: 8, offset: 3)
        Self.attribute(2, size: 2, stride: 8, offset: 6)
        pieceVBO = Self.instanceBuffer()
        glBindVertexArray(0)
    }

    /// A new buffer of instances for the bound vertex array: a model matrix, then two vectors,
    /// ``BlockInstances/floatsPerInstance`` floats each, at locations 3 to 8.
    private static func instanceBuffer() -> GLuint {
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let stride = BlockInstances.floatsPerInstance
        for column in 0..<4 {
            attribute(GLuint(3 + column), size: 4, stride: stride, offset: column * 4, perInstance: true)
        }
        attribute(7, size: 4, stride: stride, offset: 16, perInstance: true)
        attribute(8, size: 4, stride: stride, offset: 20, perInstance: true)
        return buffer
    }

    private func makeCell() {
        glGenVertexArrays(1, &cellVAO)
        glBindVertexArray(cellVAO)
        glGenBuffers(1, &cellVBO)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), cellVBO)
        let stride = CellGeometry.floatsPerVertex
        Self.attribute(0, size: 3, stride: stride, offset: 0)
        Self.attribute(1, size: 3, stride: stride, offset: 3)
        Self.attribute(2, size: 3, stride: stride, offset: 6)
        glBindVertexArray(0)
    }

    private func makeHUD() {
        glGenVertexArrays(1, &hudVAO)
        glBindVertexArray(hudVAO)
        glGenBuffers(1, &hudVBO)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), hudVBO)
        Self.attribute(0, size: 2, stride: HUDBatch.floatsPerVertex, offset: 0)
        Self.attribute(1, size: 2, stride: HUDBatch.floatsPerVertex, offset: 2)
        Self.attribute(2, size: 4, stride: HUDBatch.floatsPerVertex, offset: 4)
        glBindVertexArray(0)
    }

    private func makePanel() {
        glGenVertexArrays(1, &panelVAO)
        glBindVertexArray(panelVAO)
        let corners: [Float] = [0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1]
        panelVBO = Self.buffer(GL_ARRAY_BUFFER, corners)
        Self.attribute(0, size: 2, stride: 2, offset: 0)
        glBindVertexArray(0)
    }

    private static func buffer<T>(_ target: Int32, _ contents: [T]) -> GLuint {
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(target), buffer)
        contents.withUnsafeBytes { glBufferData(GLenum(target), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        return buffer
    }

    /// A float attribute of `size` components, `offset` floats into vertices `stride` floats apart.
    private static func attribute(_ location: GLuint, size: Int32, stride: Int, offset: Int, perInstance: Bool = false) {
        glEnableVertexAttribArray(location)
        glVertexAttribPointer(
            location, size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), GLsizei(stride * MemoryLayout<Float>.stride),
            UnsafeRawPointer(bitPattern: offset * MemoryLayout<Float>.stride))
        if perInstance { glVertexAttribDivisor(location, 1) }
    }

    /// The pixels of `target`, RGBA rows top first, opaque as the window shows them (the HUD's
    /// blending leaves its alpha below 1 where panels are drawn).
    func readPixels(of target: RenderTarget) -> [UInt8] {
        let size = target.size
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), target.framebuffer)
        let rowBytes = Int(size.x) * 4
        var pixels = [UInt8](repeating: 0, count: rowBytes * Int(size.y))
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glReadPixels(0, 0, size.x, size.y, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        // GL's rows run bottom up.
        var flipped = [UInt8](repeating: 0, count: pixels.count)
        for row in 0..<Int(size.y) {
            let from = (Int(size.y) - 1 - row) * rowBytes
            flipped[row * rowBytes..<(row + 1) * rowBytes] = pixels[from..<from + rowBytes]
        }
        for alpha in stride(from: 3, to: flipped.count, by: 4) { flipped[alpha] = 255 }
        return flipped
    }
}
