import CEGL
import CGL
import CGLFW
import Foundation
import PrisonSession

/// Where frames go: a window on the screen, or a framebuffer with no screen at all.
protocol Surface: AnyObject {
    /// The size in pixels frames are drawn at.
    var framebufferSize: SIMD2<Int32> { get }
    /// The framebuffer frames are drawn into, at ``framebufferSize``.
    var renderTarget: RenderTarget { get }
    /// Pixels per screen point: cursor positions and script clicks are in points.
    var pixelsPerPoint: SIMD2<Float> { get }
    /// The content scale the HUD's text is sized by (2 on a HiDPI screen).
    var contentScale: Float { get }
    var shouldClose: Bool { get }
    /// Shows the frame just drawn (after any pixels were read from it).
    func present()
    /// Handles the window system's events, calling the session.
    func pollEvents()
    /// Waits up to `seconds` for an event, then handles what came.
    func waitForEvents(seconds: Double)
    func close()
    /// Goes fullscreen on the primary monitor, or back to the window it was.
    func toggleFullscreen()
    /// Hides and captures the cursor, so the mouse turns the head, or shows it again.
    func setMouseLook(_ on: Bool)
    /// What the GL driver calls itself, for benchmarks.
    var description: String { get }
}

/// The GL renderer and version strings of the current context.
func glDescription() -> String {
    func string(_ name: Int32) -> String {
        guard let bytes = glGetString(GLenum(name)) else { return "?" }
        return String(cString: bytes)
    }
    return "\(string(GL_RENDERER)), OpenGL \(string(GL_VERSION))"
}

// MARK: GLFW window

/// The last error GLFW reported (GLFW calls back on the thread that called it: the main thread).
nonisolated(unsafe) private var lastGLFWError = ""

/// A resizable GLFW window with an OpenGL 3.3 core context, feeding input to a session.
final class WindowSurface: Surface {
    private let window: OpaquePointer
    weak var session: Session?
    private var dragFrom: SIMD2<Double>?
    private var lookFrom: SIMD2<Double>?
    /// Where the window was before it went fullscreen.
    private var windowedFrame: (x: Int32, y: Int32, width: Int32, height: Int32)

    /// Opens a window `size` points big (or fullscreen), or a hidden one that only holds an OpenGL
    /// context; throws when there is no display.
    init(size: SIMD2<Int32>, fullscreen: Bool, vsync: Bool, visible: Bool = true) throws(FrontEndError) {
        glfwSetErrorCallback { _, description in
            lastGLFWError = description.map { String(cString: $0) } ?? "unknown error"
        }
        guard glfwInit() == GLFW_TRUE else {
            throw FrontEndError(
                "cannot open a window: \(lastGLFWError). With no display, run under xvfb-run (xvfb-run -a puzzle-prison) or render offscreen with --screenshot FILE")
        }
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE)
        glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE)
        let monitor = fullscreen ? glfwGetPrimaryMonitor() : nil
        var width = size.x, height = size.y
        if let monitor, let mode = glfwGetVideoMode(monitor) {
            width = mode.pointee.width
            height = mode.pointee.height
        }
        guard let window = glfwCreateWindow(width, height, "Puzzle Prison", monitor, nil) else {
            let reason = lastGLFWError
            glfwTerminate()
            throw FrontEndError("cannot open an OpenGL 3.3 core window: \(reason)")
        }
        self.window = window
        windowedFrame = (80, 80, size.x, size.y)
        glfwMakeContextCurrent(window)
        glfwSwapInterval(vsync ? 1 : 0)
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        installCallbacks()
    }

    deinit {
        glfwDestroyWindow(window)
        glfwTerminate()
    }

    private static func surface(_ window: OpaquePointer?) -> WindowSurface? {
        guard let window, let pointer = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<WindowSurface>.fromOpaque(pointer).takeUnretainedValue()
    }

    private func installCallbacks() {
        glfwSetKeyCallback(window) { window, code, _, action, mods in
            guard let surface = WindowSurface.surface(window), let session = surface.session,
                let key = Key(glfwKeyCode: Int(code))
            else { return }
            switch action {
            case GLFW_PRESS:
                session.press(KeyChord(key, modifiers: Modifiers(glfwModifiers: Int(mods))))
            case GLFW_RELEASE: session.release(key)
            default: break
            }
        }
        glfwSetMouseButtonCallback(window) { window, button, action, _ in
            guard let surface = WindowSurface.surface(window), let session = surface.session else { return }
            let point = surface.cursorPoint
            switch (button, action) {
            case (GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS):
                session.click(at: point * surface.pixelsPerPoint)
            case (GLFW_MOUSE_BUTTON_RIGHT, GLFW_PRESS):
                surface.dragFrom = SIMD2(Double(point.x), Double(point.y))
            case (GLFW_MOUSE_BUTTON_RIGHT, GLFW_RELEASE):
                surface.dragFrom = nil
            default: break
            }
        }
        glfwSetCursorPosCallback(window) { window, x, y in
            guard let surface = WindowSurface.surface(window), let session = surface.session else { return }
            let point = SIMD2(x, y)
            if let from = surface.dragFrom ?? (surface.session?.isMouseLookOn == true ? surface.lookFrom : nil) {
                session.drag(by: SIMD2<Float>(point - from))
                if surface.dragFrom != nil { surface.dragFrom = point }
            }
            surface.lookFrom = point
            session.moveCursor(to: SIMD2<Float>(point) * surface.pixelsPerPoint)
        }
        glfwSetCursorEnterCallback(window) { window, entered in
            guard entered == GLFW_FALSE, let surface = WindowSurface.surface(window) else { return }
            surface.session?.moveCursor(to: nil)
        }
        glfwSetWindowFocusCallback(window) { window, focused in
            // Keys let go of in another window never come up here.
            guard focused == GLFW_FALSE, let surface = WindowSurface.surface(window) else { return }
            surface.session?.releaseAllKeys()
            surface.dragFrom = nil
        }
    }

    private var cursorPoint: SIMD2<Float> {
        var x = 0.0, y = 0.0
        glfwGetCursorPos(window, &x, &y)
        return SIMD2(Float(x), Float(y))
    }

    var framebufferSize: SIMD2<Int32> {
        var width: Int32 = 0, height: Int32 = 0
        glfwGetFramebufferSize(window, &width, &height)
        return SIMD2(width, height)
    }

    var renderTarget: RenderTarget { RenderTarget(framebuffer: 0, size: framebufferSize) }

    var pixelsPerPoint: SIMD2<Float> {
        var width: Int32 = 0, height: Int32 = 0
        glfwGetWindowSize(window, &width, &height)
        let framebuffer = framebufferSize
        guard width > 0, height > 0 else { return [1, 1] }
        return SIMD2(Float(framebuffer.x) / Float(width), Float(framebuffer.y) / Float(height))
    }

    var contentScale: Float {
        var x: Float = 1, y: Float = 1
        glfwGetWindowContentScale(window, &x, &y)
        return max(1, max(x, y))
    }

    var shouldClose: Bool { glfwWindowShouldClose(window) == GLFW_TRUE }
    func present() { glfwSwapBuffers(window) }
    func pollEvents() { glfwPollEvents() }
    func close() { glfwSetWindowShouldClose(window, GLFW_TRUE) }
    var description: String { "window, \(glDescription())" }

    func waitForEvents(seconds: Double) { glfwWaitEventsTimeout(seconds) }

    func toggleFullscreen() {
        if glfwGetWindowMonitor(window) == nil {
            guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor) else { return }
            var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
            glfwGetWindowPos(window, &x, &y)
            glfwGetWindowSize(window, &width, &height)
            windowedFrame = (x, y, width, height)
            glfwSetWindowMonitor(window, monitor, 0, 0, mode.pointee.width, mode.pointee.height, mode.pointee.refreshRate)
        } else {
            let frame = windowedFrame
            glfwSetWindowMonitor(window, nil, frame.x, frame.y, frame.width, frame.height, 0)
        }
    }

    func setMouseLook(_ on: Bool) {
        // The first motion after the switch starts from wherever GLFW puts the captured cursor.
        lookFrom = nil
        glfwSetInputMode(window, GLFW_CURSOR, on ? GLFW_CURSOR_DISABLED : GLFW_CURSOR_NORMAL)
        // Unaccelerated motion where the system offers it: turns follow the hand, not the pointer's speed-up.
        if glfwRawMouseMotionSupported() == GLFW_TRUE {
            glfwSetInputMode(window, GLFW_RAW_MOUSE_MOTION, on ? GLFW_TRUE : GLFW_FALSE)
        }
    }
}

// MARK: EGL offscreen

/// An OpenGL 3.3 core context with no window system (EGL surfaceless), drawing into a
/// framebuffer object: screenshots and benchmarks with no X server.
final class OffscreenSurface: Surface {
    private let display: EGLDisplay
    private let context: EGLContext
    /// Where frames are drawn; gone before the context it lives in.
    private var target: OffscreenFramebuffer?
    let renderTarget: RenderTarget

    init(size: SIMD2<Int32>) throws(FrontEndError) {
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil),
            eglInitialize(display, nil, nil) == EGL_TRUE
        else { throw FrontEndError("cannot render offscreen: EGL has no surfaceless display (is libegl-mesa0 installed?)") }
        self.display = display
        eglBindAPI(EGLenum(EGL_OPENGL_API))
        let configAttributes: [EGLint] = [EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE]
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglChooseConfig(display, configAttributes, &config, 1, &count) == EGL_TRUE, count > 0 else {
            eglTerminate(display)
            throw FrontEndError("cannot render offscreen: EGL offers no OpenGL configuration")
        }
        let contextAttributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
        ]
        guard let context = eglCreateContext(display, config, nil, contextAttributes),
            eglMakeCurrent(display, nil, nil, context) == EGL_TRUE
        else {
            eglTerminate(display)
            throw FrontEndError("cannot render offscreen: EGL cannot make an OpenGL 3.3 core context")
        }
        self.context = context
        let target = try OffscreenFramebuffer(size: size)
        self.target = target
        renderTarget = target.renderTarget
    }

    deinit {
        target = nil
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
        eglTerminate(display)
    }

    var framebufferSize: SIMD2<Int32> { renderTarget.size }
    var pixelsPerPoint: SIMD2<Float> { [1, 1] }
    var contentScale: Float { 1 }
    private(set) var shouldClose = false
    /// Waits for the frame to be drawn, as a swap does.
    func present() { glFinish() }
    func pollEvents() {}
    func waitForEvents(seconds: Double) {}
    func close() { shouldClose = true }
    func toggleFullscreen() {}
    func setMouseLook(_ on: Bool) {}
    var description: String { "offscreen (EGL surfaceless), \(glDescription())" }
}

/// A framebuffer object of its own colour (RGBA8) and depth buffers, in the current context:
/// what offscreen frames and a benchmark's headset eyes are drawn into; with its colour in a
/// texture, a picture drawn to be shown again (the headset's panel).
final class OffscreenFramebuffer {
    private var framebuffer: GLuint
    private var renderbuffers: [GLuint]
    /// The colour, when it is a texture to draw with.
    private(set) var texture: GLuint?
    let renderTarget: RenderTarget

    /// A framebuffer `size` pixels big; with `colourTexture`, its colour is a texture (and it
    /// has no depth buffer: a picture of layers needs none).
    init(size: SIMD2<Int32>, colourTexture: Bool = false) throws(FrontEndError) {
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        var renderbuffers: [GLuint] = []
        if colourTexture {
            var texture: GLuint = 0
            glGenTextures(1, &texture)
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, size.x, size.y, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
            for (parameter, value) in [
                (GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR), (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE),
                (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE),
            ] {
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), value)
            }
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
            self.texture = texture
        } else {
            renderbuffers = [0, 0]
            glGenRenderbuffers(2, &renderbuffers)
            for (buffer, (format, attachment)) in zip(renderbuffers, [(GL_RGBA8, GL_COLOR_ATTACHMENT0), (GL_DEPTH_COMPONENT24, GL_DEPTH_ATTACHMENT)]) {
                glBindRenderbuffer(GLenum(GL_RENDERBUFFER), buffer)
                glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(format), size.x, size.y)
                glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(attachment), GLenum(GL_RENDERBUFFER), buffer)
            }
        }
        self.framebuffer = framebuffer
        self.renderbuffers = renderbuffers
        renderTarget = RenderTarget(framebuffer: framebuffer, size: size)
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw FrontEndError("cannot render offscreen: the \(size.x) x \(size.y) framebuffer is incomplete")
        }
    }

    deinit {
        if !renderbuffers.isEmpty { glDeleteRenderbuffers(GLsizei(renderbuffers.count), renderbuffers) }
        if var texture { glDeleteTextures(1, &texture) }
        glDeleteFramebuffers(1, &framebuffer)
    }
}
