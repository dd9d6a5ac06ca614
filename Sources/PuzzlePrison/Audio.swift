import COpenAL
import Foundation
import PrisonHost
import PrisonSession

/// Plays the game's sound effects through OpenAL's default device.
///
/// Without an audio device it plays nothing, and says so once on standard error; a sound whose
/// file is missing or damaged is named there and left out.
final class AudioPlayer: SoundPlayer {
    /// The open device and what lives in it, or nil when playing silently.
    private let output: Output?
    /// The source the next sound plays from.
    private var nextSource = 0

    /// How many sounds can play at once; a further one cuts off the oldest.
    static let voices = 8

    /// Opens the default device and loads every effect's file from `soundsDirectory`; with no
    /// folder (screenshots, benchmarks) it opens nothing and plays nothing.
    init(soundsDirectory: URL?) {
        guard let soundsDirectory else {
            output = nil
            return
        }
        do throws(HostError) {
            output = try Output(soundsDirectory: soundsDirectory)
        } catch {
            printWarning("\(error); playing silently")
            output = nil
        }
    }

    /// Whether a device is open to play on.
    var isAvailable: Bool { output != nil }

    /// Plays `effect`, its pitch (and speed) scaled by `pitch`, held to 0.25 to 4.
    func play(_ effect: SoundEffect, pitch: Float = 1) {
        guard let output, let buffer = output.buffers[effect] else { return }
        let source = output.sources[nextSource]
        nextSource = (nextSource + 1) % output.sources.count
        alSourceStop(source)
        alSourcei(source, AL_BUFFER, ALint(bitPattern: buffer))
        alSourcef(source, AL_PITCH, min(max(pitch, 0.25), 4))
        alSourcePlay(source)
    }

    deinit {
        output?.close()
    }
}

/// An open device with its context, sources, and a buffer for each sound that loaded.
private struct Output {
    let device: OpaquePointer
    let context: OpaquePointer
    let sources: [ALuint]
    let buffers: [SoundEffect: ALuint]

    /// Opens the default device; a sound that does not load is reported and left out.
    init(soundsDirectory: URL) throws(HostError) {
        // ALSA and OpenAL write their own lines when there is no device: ours is the one that counts.
        guard let device = withStandardErrorSilenced({ alcOpenDevice(nil) }) else {
            throw HostError("no audio device (OpenAL could not open one)")
        }
        guard let context = withStandardErrorSilenced({ alcCreateContext(device, nil) }) else {
            alcCloseDevice(device)
            throw HostError("no audio context (OpenAL could not create one)")
        }
        var sources = [ALuint](repeating: 0, count: AudioPlayer.voices)
        alGetError()
        if alcMakeContextCurrent(context) != 0 { alGenSources(ALsizei(sources.count), &sources) }
        guard alcGetCurrentContext() == context, alGetError() == AL_NO_ERROR else {
            Self.close(device, context)
            throw HostError("no audio sources (OpenAL could not set up \(sources.count) to play from)")
        }
        var buffers: [SoundEffect: ALuint] = [:]
        for effect in SoundEffect.allCases {
            let file = soundsDirectory.appendingPathComponent(effect.fileName)
            do throws(HostError) {
                buffers[effect] = try Self.buffer(of: WAV(contentsOf: file), source: file.path)
            } catch {
                printWarning("\(error); playing on without that sound")
            }
        }
        self.device = device
        self.context = context
        self.sources = sources
        self.buffers = buffers
    }

    /// An OpenAL buffer holding `wav`.
    private static func buffer(of wav: WAV, source: String) throws(HostError) -> ALuint {
        var buffer: ALuint = 0
        alGetError()
        alGenBuffers(1, &buffer)
        let format = wav.channels == 2 ? AL_FORMAT_STEREO16 : AL_FORMAT_MONO16
        wav.samples.withUnsafeBytes { bytes in
            alBufferData(buffer, format, bytes.baseAddress, ALsizei(bytes.count), ALsizei(wav.sampleRate))
        }
        let error = alGetError()
        guard error == AL_NO_ERROR else {
            alDeleteBuffers(1, &buffer)
            throw HostError("\(source): OpenAL refused the sound (error 0x\(String(error, radix: 16)))")
        }
        return buffer
    }

    /// Frees the sources and buffers, then the context and the device.
    func close() {
        var sources = sources
        alSourceStopv(ALsizei(sources.count), &sources)
        alDeleteSources(ALsizei(sources.count), &sources)
        var buffers = Array(buffers.values)
        alDeleteBuffers(ALsizei(buffers.count), &buffers)
        Self.close(device, context)
    }

    private static func close(_ device: OpaquePointer, _ context: OpaquePointer) {
        alcMakeContextCurrent(nil)
        alcDestroyContext(context)
        alcCloseDevice(device)
    }
}

/// Runs `body` with standard error (file descriptor 2) sent to /dev/null.
private func withStandardErrorSilenced<Result>(_ body: () -> Result) -> Result {
    let saved = dup(2)
    let null = open("/dev/null", O_WRONLY)
    if saved >= 0, null >= 0 { dup2(null, 2) }
    defer {
        if saved >= 0 {
            dup2(saved, 2)
            close(saved)
        }
        if null >= 0 { close(null) }
    }
    return body()
}
