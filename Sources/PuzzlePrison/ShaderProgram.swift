import CGL
import Foundation

/// A linked GLSL program built from `NAME.vert` and `NAME.frag` in the Shaders folder.
final class ShaderProgram {
    let id: GLuint
    private var locations: [String: GLint] = [:]

    init(named name: String, in folder: URL) throws(FrontEndError) {
        let vertex = try Self.compile(folder.appendingPathComponent("\(name).vert"), type: GLenum(GL_VERTEX_SHADER))
        let fragment: GLuint
        do throws(FrontEndError) {
            fragment = try Self.compile(folder.appendingPathComponent("\(name).frag"), type: GLenum(GL_FRAGMENT_SHADER))
        } catch {
            glDeleteShader(vertex)
            throw error
        }
        defer {
            glDeleteShader(vertex)
            glDeleteShader(fragment)
        }
        id = glCreateProgram()
        glAttachShader(id, vertex)
        glAttachShader(id, fragment)
        glLinkProgram(id)
        var linked: GLint = 0
        glGetProgramiv(id, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = Self.log(id, length: glGetProgramiv, text: glGetProgramInfoLog)
            glDeleteProgram(id)
            throw FrontEndError("the shaders '\(name)' in \(folder.path) do not link: \(log)")
        }
    }

    deinit { glDeleteProgram(id) }

    func use() { glUseProgram(id) }

    /// The location of uniform `name` (looked up once).
    func uniform(_ name: String) -> GLint {
        if let known = locations[name] { return known }
        let location = glGetUniformLocation(id, name)
        locations[name] = location
        return location
    }

    func set(_ name: String, _ matrix: [Float]) {
        matrix.withUnsafeBufferPointer { glUniformMatrix4fv(uniform(name), 1, GLboolean(GL_FALSE), $0.baseAddress) }
    }

    func set(_ name: String, _ v: SIMD4<Float>) { glUniform4f(uniform(name), v.x, v.y, v.z, v.w) }
    func set(_ name: String, _ v: SIMD3<Float>) { glUniform3f(uniform(name), v.x, v.y, v.z) }
    func set(_ name: String, _ v: SIMD2<Float>) { glUniform2f(uniform(name), v.x, v.y) }
    func set(_ name: String, _ v: Float) { glUniform1f(uniform(name), v) }
    func set(_ name: String, _ v: Int32) { glUniform1i(uniform(name), v) }

    private static func compile(_ file: URL, type: GLenum) throws(FrontEndError) -> GLuint {
        let source = try text(of: file.path, what: "shader")
        let shader = glCreateShader(type)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = Self.log(shader, length: glGetShaderiv, text: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw FrontEndError("the shader \(file.path) does not compile: \(log)")
        }
        return shader
    }

    private static func log(
        _ object: GLuint,
        length: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        text: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var size: GLint = 0
        length(object, GLenum(GL_INFO_LOG_LENGTH), &size)
        var buffer = [GLchar](repeating: 0, count: Int(max(size, 1)))
        text(object, GLsizei(buffer.count), nil, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A failure of the desktop front end a player can act on: printed as one message, exit code 1.
struct FrontEndError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
