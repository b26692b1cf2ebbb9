import AnimRender

/// Copies the renderer's pixels into a scan-out buffer: premultiplied RGBA8 (top row first) in, XRGB8888
/// (`DRM_FORMAT_XRGB8888`: bytes B, G, R, X in memory) out, turned by the output's rotation. The output's
/// clear colour is opaque, so premultiplied colour is the colour.
public enum ScanoutCopy {
    /// Copies the scene pixels `region` (all of them when nil) of `source` into `destination`, a buffer of
    /// the panel's size (`rotation.sceneSize` swapped back) with rows `pitch` bytes apart.
    public static func copy(
        _ source: PixelBuffer, rotation: OutputRotation, region: PixelRect? = nil,
        into destination: UnsafeMutableRawBufferPointer, pitch: Int
    ) {
        let scene = source.size
        let panel = rotation.sceneSize(panel: scene)
        guard let area = (region ?? PixelRect(size: scene)).intersection(PixelRect(size: scene)),
            pitch >= panel.width * 4, destination.count >= pitch * (panel.height - 1) + panel.width * 4
        else { return }
        source.bytes.withUnsafeBufferPointer { src in
            for y in area.y..<area.maxY {
                var from = (y * scene.width + area.x) * 4
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
