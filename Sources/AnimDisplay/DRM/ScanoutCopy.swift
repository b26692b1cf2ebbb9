import AnimRender

/// Copies the renderer's pixels into a scan-out buffer: premultiplied RGBA8 (top row first) in, XRGB8888
/// (`DRM_FORMAT_XRGB8888`: bytes B, G, R, X in memory) out, turned by the output's rotation. The output's
/// clear colour is opaque, so premultiplied colour is the colour.
public enum ScanoutCopy {
    /// Copies `source`, the scene pixels of the rectangle at `origin` of its size (the whole scene when
    /// `scene` is nil), into `destination`, a buffer of the panel's size with rows `pitch` bytes apart. Pixels
    /// outside the scene or the buffer are left alone.
    public static func copy(
        _ source: PixelBuffer, origin: (x: Int, y: Int) = (0, 0), scene: PixelSize? = nil,
        rotation: OutputRotation, into destination: UnsafeMutableRawBufferPointer, pitch: Int
    ) {
        let scene = scene ?? source.size
        let panel = rotation.sceneSize(panel: scene)
        let placed = PixelRect(x: origin.x, y: origin.y, width: source.size.width, height: source.size.height)
        guard let area = placed.intersection(PixelRect(size: scene)), panel.height > 0,
            pitch >= panel.width * 4, destination.count >= pitch * (panel.height - 1) + panel.width * 4
        else { return }
        // Scene pixel (x, y) lands at byte `rowStart(y) + x * step` of the buffer: the turn is worked out once
        // per row, not per pixel.
        let w = scene.width
        let h = scene.height
        let step: Int
        let rowStart: (Int) -> Int
        switch rotation {
        case .none:
            step = 4
            rowStart = { y in y * pitch }
        case .clockwise90:
            step = pitch
            rowStart = { y in (h - 1 - y) * 4 }
        case .upsideDown:
            step = -4
            rowStart = { y in (h - 1 - y) * pitch + (w - 1) * 4 }
        case .clockwise270:
            step = -pitch
            rowStart = { y in (w - 1) * pitch + y * 4 }
        }
        guard let out = destination.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        source.bytes.withUnsafeBufferPointer { src in
            guard let input = src.baseAddress else { return }
            for y in area.y..<area.maxY {
                var from = input + ((y - origin.y) * source.size.width + (area.x - origin.x)) * 4
                var to = out + rowStart(y) + area.x * step
                for _ in area.x..<area.maxX {
                    to[0] = from[2]
                    to[1] = from[1]
                    to[2] = from[0]
                    to[3] = 0xFF
                    from += 4
                    to += step
                }
            }
        }
    }
}
