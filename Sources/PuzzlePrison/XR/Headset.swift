import CGL
import COpenXR
import Foundation
import PrisonSpace

/// A headset through OpenXR: the runtime's instance, the head-mounted system, a session drawing
/// with OpenGL on the current GLX context, the STAGE space, one swapchain an eye, and the hands'
/// actions.
///
/// The STAGE reference space is the room's space itself, unchanged (the identity): its origin on
/// the floor at the middle of the play area, +y up, -z forward, metres, as the room is laid out
/// (`RoomLayout`). A runtime with no STAGE space gets LOCAL lowered by ``standingEyeHeight``.
final class Headset {
    /// How high a standing player's eyes are above the floor when the runtime knows no floor.
    static let standingEyeHeight: Float = 1.6

    private let instance: XrInstance
    private let xrSession: XrSession
    /// The space poses are located in: the room's.
    private let stage: XrSpace
    /// The head's space, for the gaze.
    private let head: XrSpace
    private let actionSet: XrActionSet
    private let select: XrAction
    private let menu: XrAction
    private let aim: XrAction
    /// The paths of ``userPaths`` (the hands and the gamepad), and their aim spaces, in that order.
    private let hands: [(path: XrPath, aim: XrSpace)]
    /// One an eye, with a framebuffer for each of its images.
    let eyes: [Eye]
    /// The runtime's name and version, for messages and benchmarks.
    let runtimeName: String

    /// An eye's swapchain and the framebuffers drawing into its images.
    struct Eye {
        let swapchain: XrSwapchain
        let size: SIMD2<Int32>
        /// One framebuffer for each swapchain image, with the image as its colour and a depth buffer.
        let framebuffers: [GLuint]
        let depth: GLuint
    }

    /// A view of the room this frame: where an eye is and what it sees.
    struct View {
        let pose: XrPosef
        let fov: XrFovf
    }

    /// A hand's (or the gamepad's) state after a sync.
    struct Hand {
        /// Whether the runtime tracks where this hand points (never the gamepad).
        var isActive: Bool
        /// Where the hand points, in the room, when its pose is known.
        var aim: Ray?
        /// Whether select went down (a press) since the last sync.
        var selectPressed: Bool
        /// Whether menu went down since the last sync.
        var menuPressed: Bool
    }

    /// Opens a session on the OpenXR runtime the loader finds, drawing with the OpenGL context
    /// current on this thread (GLX). Throws a one-sentence error when there is no runtime, no
    /// headset, or the runtime refuses the bindings.
    init() throws(FrontEndError) {
        instance = try Self.makeInstance()
        var properties = XrInstanceProperties()
        properties.type = XR_TYPE_INSTANCE_PROPERTIES
        xrGetInstanceProperties(instance, &properties)
        let version = properties.runtimeVersion
        let runtimeName = "\(cString(properties.runtimeName)) \(version >> 48).\((version >> 32) & 0xffff).\(version & 0xffff_ffff)"
        self.runtimeName = runtimeName
        var systemInfo = XrSystemGetInfo()
        systemInfo.type = XR_TYPE_SYSTEM_GET_INFO
        systemInfo.formFactor = XR_FORM_FACTOR_HEAD_MOUNTED_DISPLAY
        var system = XrSystemId()
        let found = xrGetSystem(instance, &systemInfo, &system)
        if found == XR_ERROR_FORM_FACTOR_UNAVAILABLE {
            xrDestroyInstance(instance)
            throw FrontEndError(
                "no headset is connected to \(runtimeName): plug it in and switch it on (or start its streaming app, such as WiVRn), then try again")
        }
        do throws(XRFailure) {
            try check(found, "xrGetSystem")
            xrSession = try Self.makeSession(instance: instance, system: system)
            stage = try Self.makeStage(xrSession: xrSession)
            head = try Self.referenceSpace(XR_REFERENCE_SPACE_TYPE_VIEW, xrSession: xrSession)
            eyes = try Self.makeEyes(instance: instance, system: system, xrSession: xrSession)
            actionSet = try Self.makeActionSet(instance: instance)
            select = try Self.makeAction(in: actionSet, "select", "Break a group", XR_ACTION_TYPE_BOOLEAN_INPUT, instance: instance)
            menu = try Self.makeAction(in: actionSet, "menu", "Open the menu", XR_ACTION_TYPE_BOOLEAN_INPUT, instance: instance)
            aim = try Self.makeAction(in: actionSet, "aim", "Aim", XR_ACTION_TYPE_POSE_INPUT, instance: instance)
        } catch {
            xrDestroyInstance(instance)
            throw FrontEndError("the OpenXR runtime \(runtimeName) could not start a session: \(error)")
        }
        var handPaths: [XrPath] = []
        for user in Self.userPaths { handPaths.append(Self.path(user, instance)) }
        do throws(FrontEndError) {
            try Self.suggestBindings(["select": select, "menu": menu, "aim": aim], instance: instance, runtimeName: runtimeName)
            var handsMade: [(XrPath, XrSpace)] = []
            for hand in handPaths {
                var info = XrActionSpaceCreateInfo()
                info.type = XR_TYPE_ACTION_SPACE_CREATE_INFO
                info.action = aim
                info.subactionPath = hand
                info.poseInActionSpace = .identity
                var space: XrSpace?
                guard xrCreateActionSpace(xrSession, &info, &space).succeeded, let space else {
                    throw FrontEndError("the OpenXR runtime \(runtimeName) has no space for a controller's aim")
                }
                handsMade.append((hand, space))
            }
            hands = handsMade.map { (path: $0.0, aim: $0.1) }
            var attach = XrSessionActionSetsAttachInfo()
            attach.type = XR_TYPE_SESSION_ACTION_SETS_ATTACH_INFO
            var sets: [XrActionSet?] = [actionSet]
            let attached = sets.withUnsafeMutableBufferPointer { buffer in
                attach.countActionSets = 1
                attach.actionSets = UnsafePointer(buffer.baseAddress)
                return xrAttachSessionActionSets(xrSession, &attach)
            }
            guard attached.succeeded else {
                throw FrontEndError("the OpenXR runtime \(runtimeName) refused the game's controls (\(attached.name))")
            }
        } catch {
            xrDestroyInstance(instance)
            throw error
        }
    }

    deinit {
        for eye in eyes {
            var framebuffers = eye.framebuffers
            glDeleteFramebuffers(GLsizei(framebuffers.count), &framebuffers)
            var depth = eye.depth
            glDeleteRenderbuffers(1, &depth)
        }
        // Destroying the instance destroys everything made from it.
        xrDestroyInstance(instance)
    }

    // MARK: Making

    private static func makeInstance() throws(FrontEndError) -> XrInstance {
        let noRuntime =
            "no OpenXR runtime is installed or running: install and start one (Monado's monado-service, WiVRn's server or SteamVR), or point XR_RUNTIME_JSON at a runtime's manifest"
        var extensionCount: UInt32 = 0
        let listed = xrEnumerateInstanceExtensionProperties(nil, 0, &extensionCount, nil)
        guard listed.succeeded else { throw FrontEndError(noRuntime) }
        var extensions = [XrExtensionProperties](
            repeating: { var e = XrExtensionProperties(); e.type = XR_TYPE_EXTENSION_PROPERTIES; return e }(), count: Int(extensionCount))
        xrEnumerateInstanceExtensionProperties(nil, extensionCount, &extensionCount, &extensions)
        guard extensions.contains(where: { cString($0.extensionName) == XR_KHR_OPENGL_ENABLE_EXTENSION_NAME }) else {
            throw FrontEndError("the OpenXR runtime cannot draw with OpenGL (it lacks \(XR_KHR_OPENGL_ENABLE_EXTENSION_NAME)), which the game draws with")
        }
        var info = XrInstanceCreateInfo()
        info.type = XR_TYPE_INSTANCE_CREATE_INFO
        setCString(&info.applicationInfo.applicationName, "Puzzle Prison")
        info.applicationInfo.applicationVersion = 1
        setCString(&info.applicationInfo.engineName, "PrisonSpace")
        // OpenXR 1.0.0: XR_MAKE_VERSION(1, 0, 0).
        info.applicationInfo.apiVersion = 1 << 48
        var instance: XrInstance?
        let created = XR_KHR_OPENGL_ENABLE_EXTENSION_NAME.withCString { name in
            var names: [UnsafePointer<CChar>?] = [name]
            return names.withUnsafeMutableBufferPointer { buffer in
                info.enabledExtensionCount = 1
                info.enabledExtensionNames = UnsafePointer(buffer.baseAddress)
                return xrCreateInstance(&info, &instance)
            }
        }
        guard created.succeeded, let instance else {
            if created == XR_ERROR_RUNTIME_UNAVAILABLE || created == XR_ERROR_RUNTIME_FAILURE || created == XR_ERROR_INSTANCE_LOST {
                throw FrontEndError(noRuntime)
            }
            throw FrontEndError("the OpenXR runtime refused to start (\(created.name))")
        }
        return instance
    }

    private static func makeSession(instance: XrInstance, system: XrSystemId) throws(XRFailure) -> XrSession {
        // The runtime must be asked which OpenGL it needs before a session is made.
        var function: PFN_xrVoidFunction?
        try check(xrGetInstanceProcAddr(instance, "xrGetOpenGLGraphicsRequirementsKHR", &function), "xrGetInstanceProcAddr")
        let requirements = unsafeBitCast(function, to: PFN_xrGetOpenGLGraphicsRequirementsKHR.self)
        var needs = XrGraphicsRequirementsOpenGLKHR()
        needs.type = XR_TYPE_GRAPHICS_REQUIREMENTS_OPENGL_KHR
        try check(requirements(instance, system, &needs), "xrGetOpenGLGraphicsRequirementsKHR")

        var binding = XrGraphicsBindingOpenGLXlibKHR()
        binding.type = XR_TYPE_GRAPHICS_BINDING_OPENGL_XLIB_KHR
        binding.xDisplay = glXGetCurrentDisplay()
        binding.glxDrawable = glXGetCurrentDrawable()
        binding.glxContext = glXGetCurrentContext()
        var info = XrSessionCreateInfo()
        info.type = XR_TYPE_SESSION_CREATE_INFO
        info.systemId = system
        var xrSession: XrSession?
        let created = withUnsafePointer(to: &binding) { pointer in
            info.next = UnsafeRawPointer(pointer)
            return xrCreateSession(instance, &info, &xrSession)
        }
        try check(created, "xrCreateSession")
        guard let xrSession else { throw XRFailure(call: "xrCreateSession", result: XR_ERROR_RUNTIME_FAILURE) }
        return xrSession
    }

    private static func referenceSpace(
        _ type: XrReferenceSpaceType, xrSession: XrSession, pose: XrPosef = .identity
    ) throws(XRFailure) -> XrSpace {
        var info = XrReferenceSpaceCreateInfo()
        info.type = XR_TYPE_REFERENCE_SPACE_CREATE_INFO
        info.referenceSpaceType = type
        info.poseInReferenceSpace = pose
        var space: XrSpace?
        try check(xrCreateReferenceSpace(xrSession, &info, &space), "xrCreateReferenceSpace")
        guard let space else { throw XRFailure(call: "xrCreateReferenceSpace", result: XR_ERROR_RUNTIME_FAILURE) }
        return space
    }

    /// STAGE as it is: the room's space. Without one, LOCAL (at the eyes) lowered to the floor.
    private static func makeStage(xrSession: XrSession) throws(XRFailure) -> XrSpace {
        let types = try enumerate("xrEnumerateReferenceSpaces", empty: XrReferenceSpaceType(0)) {
            xrEnumerateReferenceSpaces(xrSession, $0, $1, $2)
        }
        if types.contains(XR_REFERENCE_SPACE_TYPE_STAGE) { return try referenceSpace(XR_REFERENCE_SPACE_TYPE_STAGE, xrSession: xrSession) }
        var lowered = XrPosef.identity
        lowered.position.y = -standingEyeHeight
        return try referenceSpace(XR_REFERENCE_SPACE_TYPE_LOCAL, xrSession: xrSession, pose: lowered)
    }

    private static func makeEyes(instance: XrInstance, system: XrSystemId, xrSession: XrSession) throws(XRFailure) -> [Eye] {
        var empty = XrViewConfigurationView()
        empty.type = XR_TYPE_VIEW_CONFIGURATION_VIEW
        let views = try enumerate("xrEnumerateViewConfigurationViews", empty: empty) {
            xrEnumerateViewConfigurationViews(instance, system, XR_VIEW_CONFIGURATION_TYPE_PRIMARY_STEREO, $0, $1, $2)
        }
        let formats = try enumerate("xrEnumerateSwapchainFormats", empty: Int64(0)) { xrEnumerateSwapchainFormats(xrSession, $0, $1, $2) }
        // sRGB images written as they are (GL_FRAMEBUFFER_SRGB stays off): the colours the window
        // shows, which its shaders compute as sRGB values, reach the headset unchanged.
        let format = [Int64(GL_SRGB8_ALPHA8), Int64(GL_RGBA8)].first(where: formats.contains) ?? formats.first ?? Int64(GL_RGBA8)
        var eyes: [Eye] = []
        for view in views {
            var info = XrSwapchainCreateInfo()
            info.type = XR_TYPE_SWAPCHAIN_CREATE_INFO
            info.usageFlags = XrSwapchainUsageFlags(XR_SWAPCHAIN_USAGE_COLOR_ATTACHMENT_BIT | XR_SWAPCHAIN_USAGE_SAMPLED_BIT)
            info.format = format
            info.sampleCount = 1
            info.width = view.recommendedImageRectWidth
            info.height = view.recommendedImageRectHeight
            info.faceCount = 1
            info.arraySize = 1
            info.mipCount = 1
            var swapchain: XrSwapchain?
            try check(xrCreateSwapchain(xrSession, &info, &swapchain), "xrCreateSwapchain")
            guard let swapchain else { throw XRFailure(call: "xrCreateSwapchain", result: XR_ERROR_RUNTIME_FAILURE) }
            var emptyImage = XrSwapchainImageOpenGLKHR()
            emptyImage.type = XR_TYPE_SWAPCHAIN_IMAGE_OPENGL_KHR
            let images = try enumerate("xrEnumerateSwapchainImages", empty: emptyImage) { capacity, count, elements in
                xrEnumerateSwapchainImages(
                    swapchain, capacity, count, UnsafeMutableRawPointer(elements)?.assumingMemoryBound(to: XrSwapchainImageBaseHeader.self))
            }
            let size = SIMD2(Int32(info.width), Int32(info.height))
            var depth: GLuint = 0
            glGenRenderbuffers(1, &depth)
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depth)
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH_COMPONENT24), size.x, size.y)
            var framebuffers = [GLuint](repeating: 0, count: images.count)
            glGenFramebuffers(GLsizei(images.count), &framebuffers)
            for (framebuffer, image) in zip(framebuffers, images) {
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
                glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), image.image, 0)
                glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER), depth)
                guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
                    throw XRFailure(call: "a framebuffer on a swapchain image", result: XR_ERROR_RUNTIME_FAILURE)
                }
            }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            eyes.append(Eye(swapchain: swapchain, size: size, framebuffers: framebuffers, depth: depth))
        }
        return eyes
    }

    private static func makeActionSet(instance: XrInstance) throws(XRFailure) -> XrActionSet {
        var info = XrActionSetCreateInfo()
        info.type = XR_TYPE_ACTION_SET_CREATE_INFO
        setCString(&info.actionSetName, "play")
        setCString(&info.localizedActionSetName, "Play")
        var set: XrActionSet?
        try check(xrCreateActionSet(instance, &info, &set), "xrCreateActionSet")
        guard let set else { throw XRFailure(call: "xrCreateActionSet", result: XR_ERROR_RUNTIME_FAILURE) }
        return set
    }

    private static func makeAction(
        in set: XrActionSet, _ name: String, _ localized: String, _ type: XrActionType, instance: XrInstance
    ) throws(XRFailure) -> XrAction {
        var info = XrActionCreateInfo()
        info.type = XR_TYPE_ACTION_CREATE_INFO
        info.actionType = type
        setCString(&info.actionName, name)
        setCString(&info.localizedActionName, localized)
        var subactions = userPaths.map { path($0, instance) }
        var action: XrAction?
        let created = subactions.withUnsafeMutableBufferPointer { buffer in
            info.countSubactionPaths = UInt32(buffer.count)
            info.subactionPaths = UnsafePointer(buffer.baseAddress)
            return xrCreateAction(set, &info, &action)
        }
        try check(created, "xrCreateAction \(name)")
        guard let action else { throw XRFailure(call: "xrCreateAction", result: XR_ERROR_RUNTIME_FAILURE) }
        return action
    }

    private static func path(_ string: String, _ instance: XrInstance) -> XrPath {
        var path = XrPath()
        xrStringToPath(instance, string, &path)
        return path
    }

    /// Where the controls are: the left hand, the right hand, and a gamepad (which has no aim:
    /// its presses tap along the gaze), in the order ``syncHands(at:)`` gives their states.
    static let userPaths = ["/user/hand/left", "/user/hand/right", "/user/gamepad"]

    /// The controls on each controller the game knows: select on the trigger (the select
    /// button of the simple controller), the menu on the menu button (B on the right hand of
    /// Touch and Index controllers), the aim pose to point with; on a gamepad A selects and the
    /// menu button opens the menu.
    static let bindings: [(profile: String, bindings: [(action: String, path: String)])] = [
        (
            "/interaction_profiles/khr/simple_controller",
            [
                ("select", "/user/hand/left/input/select/click"), ("select", "/user/hand/right/input/select/click"),
                ("menu", "/user/hand/left/input/menu/click"), ("menu", "/user/hand/right/input/menu/click"),
                ("aim", "/user/hand/left/input/aim/pose"), ("aim", "/user/hand/right/input/aim/pose"),
            ]
        ),
        (
            "/interaction_profiles/oculus/touch_controller",
            [
                ("select", "/user/hand/left/input/trigger/value"), ("select", "/user/hand/right/input/trigger/value"),
                ("menu", "/user/hand/left/input/menu/click"), ("menu", "/user/hand/right/input/b/click"),
                ("aim", "/user/hand/left/input/aim/pose"), ("aim", "/user/hand/right/input/aim/pose"),
            ]
        ),
        (
            "/interaction_profiles/valve/index_controller",
            [
                ("select", "/user/hand/left/input/trigger/value"), ("select", "/user/hand/right/input/trigger/value"),
                ("menu", "/user/hand/left/input/b/click"), ("menu", "/user/hand/right/input/b/click"),
                ("aim", "/user/hand/left/input/aim/pose"), ("aim", "/user/hand/right/input/aim/pose"),
            ]
        ),
        (
            "/interaction_profiles/microsoft/xbox_controller",
            [("select", "/user/gamepad/input/a/click"), ("menu", "/user/gamepad/input/menu/click")]
        ),
    ]

    private static func suggestBindings(_ actions: [String: XrAction], instance: XrInstance, runtimeName: String) throws(FrontEndError) {
        for (profile, pairs) in Self.bindings {
            var suggested = pairs.map { XrActionSuggestedBinding(action: actions[$0.action], binding: path($0.path, instance)) }
            var info = XrInteractionProfileSuggestedBinding()
            info.type = XR_TYPE_INTERACTION_PROFILE_SUGGESTED_BINDING
            info.interactionProfile = path(profile, instance)
            let result = suggested.withUnsafeMutableBufferPointer { buffer in
                info.countSuggestedBindings = UInt32(buffer.count)
                info.suggestedBindings = UnsafePointer(buffer.baseAddress)
                return xrSuggestInteractionProfileBindings(instance, &info)
            }
            guard result.succeeded else {
                throw FrontEndError("the OpenXR runtime \(runtimeName) refused the game's controls for \(profile) (\(result.name))")
            }
        }
    }

    // MARK: Running

    /// The next event from the runtime, or nil when there is none.
    func pollEvent() -> XrEventDataBuffer? {
        var event = XrEventDataBuffer()
        event.type = XR_TYPE_EVENT_DATA_BUFFER
        return xrPollEvent(instance, &event) == XR_SUCCESS ? event : nil
    }

    /// Starts the session once the runtime says it is ready.
    func begin() throws(XRFailure) {
        var info = XrSessionBeginInfo()
        info.type = XR_TYPE_SESSION_BEGIN_INFO
        info.primaryViewConfigurationType = XR_VIEW_CONFIGURATION_TYPE_PRIMARY_STEREO
        try check(xrBeginSession(xrSession, &info), "xrBeginSession")
    }

    /// Ends the session once the runtime says it is stopping.
    func end() { xrEndSession(xrSession) }

    /// Asks the runtime to end the session (the player quit): it goes on to STOPPING.
    func requestExit() { xrRequestExitSession(xrSession) }

    /// Waits for the runtime's next frame; its predicted display time and whether to draw it.
    func waitFrame() throws(XRFailure) -> (displayTime: XrTime, shouldRender: Bool) {
        var wait = XrFrameWaitInfo()
        wait.type = XR_TYPE_FRAME_WAIT_INFO
        var state = XrFrameState()
        state.type = XR_TYPE_FRAME_STATE
        try check(xrWaitFrame(xrSession, &wait, &state), "xrWaitFrame")
        var begin = XrFrameBeginInfo()
        begin.type = XR_TYPE_FRAME_BEGIN_INFO
        try check(xrBeginFrame(xrSession, &begin), "xrBeginFrame")
        return (state.predictedDisplayTime, state.shouldRender == XR_TRUE)
    }

    /// Where the eyes are and what they see at `time`, in the room; empty when the runtime does
    /// not know where the head is.
    func views(at time: XrTime) -> [View] {
        var info = XrViewLocateInfo()
        info.type = XR_TYPE_VIEW_LOCATE_INFO
        info.viewConfigurationType = XR_VIEW_CONFIGURATION_TYPE_PRIMARY_STEREO
        info.displayTime = time
        info.space = stage
        var state = XrViewState()
        state.type = XR_TYPE_VIEW_STATE
        var empty = XrView()
        empty.type = XR_TYPE_VIEW
        var views = [XrView](repeating: empty, count: eyes.count)
        var count: UInt32 = 0
        guard xrLocateViews(xrSession, &info, &state, UInt32(views.count), &count, &views).succeeded else { return [] }
        let tracked = XrViewStateFlags(XR_VIEW_STATE_POSITION_VALID_BIT | XR_VIEW_STATE_ORIENTATION_VALID_BIT)
        guard state.viewStateFlags & tracked == tracked else { return [] }
        return views.prefix(Int(count)).map { View(pose: $0.pose, fov: $0.fov) }
    }

    /// The ray straight ahead from between the eyes at `time` (the gaze), when the head is tracked.
    func gaze(at time: XrTime) -> Ray? {
        locate(head, at: time).map { Ray(origin: $0.position.vector, direction: $0.forward) }
    }

    /// Reads the controls: the state of each of ``userPaths`` (left hand, right hand, gamepad) at `time`.
    func syncHands(at time: XrTime) -> [Hand] {
        var active = XrActiveActionSet(actionSet: actionSet, subactionPath: XrPath(XR_NULL_PATH))
        var sync = XrActionsSyncInfo()
        sync.type = XR_TYPE_ACTIONS_SYNC_INFO
        sync.countActiveActionSets = 1
        let synced = withUnsafePointer(to: &active) { pointer in
            sync.activeActionSets = pointer
            return xrSyncActions(xrSession, &sync)
        }
        guard synced.succeeded else { return hands.map { _ in Hand(isActive: false, aim: nil, selectPressed: false, menuPressed: false) } }
        return hands.map { hand in
            var poseState = XrActionStatePose()
            poseState.type = XR_TYPE_ACTION_STATE_POSE
            var info = XrActionStateGetInfo()
            info.type = XR_TYPE_ACTION_STATE_GET_INFO
            info.action = aim
            info.subactionPath = hand.path
            xrGetActionStatePose(xrSession, &info, &poseState)
            let isActive = poseState.isActive == XR_TRUE
            let aimRay = isActive ? locate(hand.aim, at: time).map { Ray(origin: $0.position.vector, direction: $0.forward) } : nil
            return Hand(isActive: isActive, aim: aimRay, selectPressed: pressed(select, hand.path), menuPressed: pressed(menu, hand.path))
        }
    }

    /// Whether the button `action` of the hand `path` went down since the last sync.
    private func pressed(_ action: XrAction, _ path: XrPath) -> Bool {
        var info = XrActionStateGetInfo()
        info.type = XR_TYPE_ACTION_STATE_GET_INFO
        info.action = action
        info.subactionPath = path
        var state = XrActionStateBoolean()
        state.type = XR_TYPE_ACTION_STATE_BOOLEAN
        guard xrGetActionStateBoolean(xrSession, &info, &state).succeeded else { return false }
        return state.isActive == XR_TRUE && state.changedSinceLastSync == XR_TRUE && state.currentState == XR_TRUE
    }

    /// The pose of `space` in the room at `time`, when its position and orientation are known.
    private func locate(_ space: XrSpace, at time: XrTime) -> XrPosef? {
        var location = XrSpaceLocation()
        location.type = XR_TYPE_SPACE_LOCATION
        guard xrLocateSpace(space, stage, time, &location).succeeded else { return nil }
        let valid = XrSpaceLocationFlags(XR_SPACE_LOCATION_POSITION_VALID_BIT | XR_SPACE_LOCATION_ORIENTATION_VALID_BIT)
        return location.locationFlags & valid == valid ? location.pose : nil
    }

    /// Takes `eye`'s next swapchain image to draw into; its framebuffer.
    func acquireImage(of eye: Eye) throws(XRFailure) -> GLuint {
        var acquire = XrSwapchainImageAcquireInfo()
        acquire.type = XR_TYPE_SWAPCHAIN_IMAGE_ACQUIRE_INFO
        var index: UInt32 = 0
        try check(xrAcquireSwapchainImage(eye.swapchain, &acquire, &index), "xrAcquireSwapchainImage")
        var wait = XrSwapchainImageWaitInfo()
        wait.type = XR_TYPE_SWAPCHAIN_IMAGE_WAIT_INFO
        wait.timeout = XrDuration(Int64.max)
        try check(xrWaitSwapchainImage(eye.swapchain, &wait), "xrWaitSwapchainImage")
        return eye.framebuffers[Int(index)]
    }

    /// Gives `eye`'s image back to the runtime, drawn.
    func releaseImage(of eye: Eye) throws(XRFailure) {
        var release = XrSwapchainImageReleaseInfo()
        release.type = XR_TYPE_SWAPCHAIN_IMAGE_RELEASE_INFO
        try check(xrReleaseSwapchainImage(eye.swapchain, &release), "xrReleaseSwapchainImage")
    }

    /// Ends the frame of `time`, showing `views` (one an eye, drawn into their swapchains) as a
    /// projection layer, or nothing when `views` is empty.
    func endFrame(at time: XrTime, views: [View]) throws(XRFailure) {
        var projectionViews = zip(eyes, views).map { eye, view in
            var projected = XrCompositionLayerProjectionView()
            projected.type = XR_TYPE_COMPOSITION_LAYER_PROJECTION_VIEW
            projected.pose = view.pose
            projected.fov = view.fov
            projected.subImage.swapchain = eye.swapchain
            projected.subImage.imageRect = XrRect2Di(
                offset: XrOffset2Di(x: 0, y: 0), extent: XrExtent2Di(width: eye.size.x, height: eye.size.y))
            return projected
        }
        var layer = XrCompositionLayerProjection()
        layer.type = XR_TYPE_COMPOSITION_LAYER_PROJECTION
        layer.space = stage
        var info = XrFrameEndInfo()
        info.type = XR_TYPE_FRAME_END_INFO
        info.displayTime = time
        info.environmentBlendMode = XR_ENVIRONMENT_BLEND_MODE_OPAQUE
        let ended = projectionViews.withUnsafeMutableBufferPointer { buffer in
            layer.viewCount = UInt32(buffer.count)
            layer.views = UnsafePointer(buffer.baseAddress)
            return withUnsafeMutablePointer(to: &layer) { layerPointer in
                layerPointer.withMemoryRebound(to: XrCompositionLayerBaseHeader.self, capacity: 1) { header in
                    var layers: [UnsafePointer<XrCompositionLayerBaseHeader>?] = [UnsafePointer(header)]
                    return layers.withUnsafeMutableBufferPointer { list in
                        info.layerCount = views.isEmpty ? 0 : 1
                        info.layers = UnsafePointer(list.baseAddress)
                        return xrEndFrame(xrSession, &info)
                    }
                }
            }
        }
        try check(ended, "xrEndFrame")
    }
}
