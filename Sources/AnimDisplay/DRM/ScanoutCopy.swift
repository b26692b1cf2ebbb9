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
        source.bytes.withUnsafeBufferPointer { src in
            for y in area.y..<area.maxY {
                var from = ((y - origin.y) * source.size.width + (area.x - origin.x)) * 4
                for x in area.x..<area.maxX {
                    let (px, py) = rotation.panelPixel(x: x, y: y, scene: scene)
                    let to = py * pitch + px * 4
                    destination[to] = src[from + 2]
                    destination[to + 1] = src[from + 1]
                    destination[to + 2] = src[from]
                    destination[to + 3] = 0xFF
                    from += 4
                }
            }
        }
    }
}
