import Foundation
import PrisonSpace
import Testing

// A real OpenXR runtime for the headset tests: Monado 25.0.0 built by scripts/monado, its
// service started per test with the remote driver (a headset and two controllers whose whole
// state a test sends over a local socket) and the null compositor (no GPU, no display).

/// The repository's scripts folder, found from this file's place in the checkout.
private let scripts = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts")

/// Monado's build folder, built by `scripts/monado` the first time it is asked for (a few
/// minutes; later runs find its stamp), or why it cannot be had here.
let monadoBuild: Result<URL, MissingTool> = {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("puzzle-prison-monado-\(UUID().uuidString).log")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", "bash \"$0\" 2>\"$1\"", scripts.appendingPathComponent("monado").path, log.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return .failure(MissingTool(description: "cannot run scripts/monado: \(error)")) }
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    defer { try? FileManager.default.removeItem(at: log) }
    guard process.terminationStatus == 0 else {
        let said = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(3).joined(separator: " / ")
        return .failure(MissingTool(description: "Monado could not be built (scripts/monado: \(said))"))
    }
    return .success(URL(fileURLWithPath: printed.trimmingCharacters(in: .whitespacesAndNewlines)))
}()

/// The build folder, or the test cancelled with "skipped: " and the reason: never a pass.
func requireMonado() throws -> URL {
    switch monadoBuild {
    case .success(let build): return build
    case .failure(let reason): try Test.cancel(Comment(rawValue: "skipped: \(reason)"))
    }
}

/// `monado-service` running with the remote driver on a port of its own, its runtime and
/// configuration folders in `folder`; stopped by ``stop()`` (SIGTERM to its process id).
final class MonadoService {
    let build: URL
    let port: UInt16
    /// XDG_RUNTIME_DIR, where its socket is: clients must be given the same.
    let runtimeFolder: URL
    /// XDG_CONFIG_HOME, where its configuration (`monado/config_v0.json`) is.
    let configFolder: URL
    /// The service's process id.
    private let process: pid_t
    private var exited = false
    private let log: URL

    /// Starts the service in `folder` and waits until it takes clients; cancels the test as
    /// skipped when it does not start.
    init(build: URL, folder: URL) throws {
        self.build = build
        port = try freePort()
        runtimeFolder = folder.appendingPathComponent("runtime")
        configFolder = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: runtimeFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let monadoConfig = configFolder.appendingPathComponent("monado")
        try FileManager.default.createDirectory(at: monadoConfig, withIntermediateDirectories: true)
        try #"{"active": "remote", "remote": {"version": 0, "port": \#(port), "view_count": 2}}"#
            .write(to: monadoConfig.appendingPathComponent("config_v0.json"), atomically: true, encoding: .utf8)
        log = folder.appendingPathComponent("monado-service.log")
        let client = Self.clientEnvironment(build: build, runtimeFolder: runtimeFolder, configFolder: configFolder)
        let environment = ProcessInfo.processInfo.environment.merging(client) { $1 }.merging([
            "XRT_COMPOSITOR_NULL": "1", "P_OVERRIDE_ACTIVE_CONFIG": "remote", "XRT_NO_STDIN": "1",
        ]) { $1 }
        process = try spawn(build.appendingPathComponent("src/xrt/targets/service/monado-service").path, environment: environment, log: log.path)
    }

    /// Waits until the service takes clients (its socket is there: well under a second here);
    /// cancels the test as skipped when it does not start.
    func waitUntilReady() throws {
        let socket = runtimeFolder.appendingPathComponent("monado_comp_ipc").path
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: socket), isRunning, Date() < deadline { usleep(10_000) }
        guard FileManager.default.fileExists(atPath: socket) else {
            stop()
            try Test.cancel(Comment(rawValue: "skipped: monado-service did not start: \(output.suffix(500))"))
        }
    }

    private var isRunning: Bool {
        guard !exited else { return false }
        var status: Int32 = 0
        // Gone, or already reaped by someone else (Foundation reaps the children it starts).
        let waited = waitpid(process, &status, WNOHANG)
        if waited == process || (waited == -1 && errno == ECHILD) { exited = true }
        return !exited
    }

    /// What a client of this service needs: the runtime's manifest and the service's folders.
    var runtimeEnvironment: [String: String] {
        Self.clientEnvironment(build: build, runtimeFolder: runtimeFolder, configFolder: configFolder)
    }

    private static func clientEnvironment(build: URL, runtimeFolder: URL, configFolder: URL) -> [String: String] {
        [
            "XR_RUNTIME_JSON": build.appendingPathComponent("openxr_monado-dev.json").path,
            "XDG_RUNTIME_DIR": runtimeFolder.path, "XDG_CONFIG_HOME": configFolder.path,
        ]
    }

    /// Stops the service, exactly the process this started: SIGTERM, and SIGKILL if it is still
    /// there after 10 seconds.
    func stop() {
        guard isRunning else { return }
        kill(process, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while isRunning, Date() < deadline { usleep(10_000) }
        if isRunning {
            kill(process, SIGKILL)
            var status: Int32 = 0
            waitpid(process, &status, 0)
            exited = true
        }
    }

    /// What the service printed.
    var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
}

/// Starts `path` with `environment`, its output going to the file `log`, with SIGTERM handled
/// the default way and no signal blocked (a test runner may hand its children SIGTERM ignored or
/// blocked); its process id.
private func spawn(_ path: String, environment: [String: String], log: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGTERM)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = [strdup(path), nil]
    let variables = environment.map { strdup("\($0)=\($1)") } + [nil]
    defer { (argv + variables).forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, variables)
    guard spawned == 0 else { throw MissingTool(description: "cannot start \(path): error \(spawned)") }
    return pid
}

/// A TCP port nothing listens on now, as the system picks one.
private func freePort() throws -> UInt16 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
    }
    guard bound else { throw MissingTool(description: "cannot find a free TCP port") }
    return UInt16(bigEndian: address.sin_port)
}

/// A pose in the room: where, and which way (OpenXR's: -z forward, +y up).
struct Pose {
    var position: SIMD3<Float>
    var orientation = simd_quatf(angle: 0, axis: [0, 1, 0])

    /// A pose at `position` pointing its -z at `target`.
    static func at(_ position: SIMD3<Float>, pointingAt target: SIMD3<Float>) -> Pose {
        let direction = target - position
        return Pose(position: position, orientation: simd_quatf(from: [0, 0, -1], to: direction / (direction * direction).sum().squareRoot()))
    }
}

/// One controller as the remote driver takes it.
struct RemoteController {
    var pose: Pose
    var isActive = true
    /// The trigger, 0 to 1: select is bound to more than 0.7.
    var trigger: Float = 0
    /// The B button: the menu.
    var bClick = false
}

/// The whole state of the remote driver's headset and controllers: one message.
struct RemoteState {
    var head = Pose(position: [0, 1.6, 0])
    var left = RemoteController(pose: Pose(position: [-0.2, 1.3, -0.5]))
    var right = RemoteController(pose: Pose(position: [0.2, 1.3, -0.5]))

    /// The size of Monado 25.0.0's `r_remote_data` (the driver checks no version: pinned here).
    static let size = 376

    /// The packed little-endian message.
    var bytes: [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(Self.size)
        func float(_ value: Float) { withUnsafeBytes(of: value.bitPattern.littleEndian) { out += $0 } }
        func pose(_ pose: Pose) {
            let q = pose.orientation.vector
            [q.x, q.y, q.z, q.w, pose.position.x, pose.position.y, pose.position.z].forEach(float)
        }
        out += Array("mndrmt3".utf8) + [0]
        // Two views left at their defaults ("per-view data valid" false below).
        out += [UInt8](repeating: 0, count: 96)
        pose(head)
        out += [0, 0, 0, 0]
        for controller in [left, right] {
            pose(controller.pose)
            (0..<6).forEach { _ in float(0) }  // linear and angular velocity
            (0..<5).forEach { _ in float(0) }  // hand curl
            float(controller.trigger)
            float(0)  // squeeze value
            float(0)  // squeeze force
            float(0)
            float(0)  // thumbstick
            float(0)  // trackpad force
            float(0)
            float(0)  // trackpad
            // hand tracking active, active, system click/touch, a click/touch, b click/touch,
            // trigger click/touch, thumbstick click/touch, trackpad touch, 3 padding.
            let bools = [false, controller.isActive, false, false, false, false, controller.bClick, controller.bClick, controller.trigger > 0.99, controller.trigger > 0, false, false, false]
            out += bools.map { $0 ? 1 : 0 } + [0, 0, 0]
        }
        return out
    }
}

/// A connection to the remote driver's hub, sending whole states.
final class RemoteDriver {
    private let socket: Int32

    /// Connects to the hub on `port` of this machine.
    init(port: UInt16) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw MissingTool(description: "cannot connect to Monado's remote driver on port \(port): errno \(errno)")
        }
    }

    deinit { close(socket) }

    /// Sends `state`: the headset and controllers take it whole.
    func send(_ state: RemoteState) throws {
        let bytes = state.bytes
        try #require(bytes.count == RemoteState.size, "the remote driver's message is \(RemoteState.size) bytes, not \(bytes.count)")
        let sent = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        try #require(sent == bytes.count, "the remote driver took \(sent) of \(bytes.count) bytes")
    }
}
