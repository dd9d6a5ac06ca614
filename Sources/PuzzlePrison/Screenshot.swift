import CSTB
import Foundation

/// PNG bytes of RGBA pixels (rows top first), encoded by stb_image_write.
func pngData(rgba pixels: [UInt8], width: Int, height: Int) throws(FrontEndError) -> Data {
    guard width > 0, height > 0, pixels.count == width * height * 4 else {
        throw FrontEndError("there is no picture to save (the window is \(width) x \(height))")
    }
    final class Sink { var data = Data() }
    let sink = Sink()
    let context = Unmanaged.passUnretained(sink).toOpaque()
    let written = pixels.withUnsafeBytes { bytes in
        stbi_write_png_to_func(
            { context, data, size in
                guard let context, let data, size > 0 else { return }
                Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().data.append(data.assumingMemoryBound(to: UInt8.self), count: Int(size))
            }, context, Int32(width), Int32(height), 4, bytes.baseAddress, Int32(width * 4))
    }
    guard written != 0, !sink.data.isEmpty else { throw FrontEndError("the PNG encoder failed") }
    return sink.data
}
