import AnimRender

/// The renderers a drawing test runs with. Through the daemon: their `animserverd --renderer` names, every such test
/// running once with each, so the software renderer and GLES stay checked alike. In process: one draw list through
/// both, to compare them.
public enum TestRenderers {
    public static let all = ["software", "gles"]

    /// `list` drawn whole by the software renderer and by GLES (`gles`, else a new one of the list's size), read
    /// back.
    public static func drawBoth(
        _ list: DrawList, gles: GLESRenderer? = nil
    ) throws -> (software: PixelBuffer, gles: PixelBuffer) {
        let area = PixelRect(size: list.size)
        let software = SoftwareRenderer(size: list.size)
        _ = try software.render(list, damage: .full)
        let gpu = try gles ?? GLESRenderer(size: list.size)
        _ = try gpu.render(list, damage: .full)
        return (try software.readPixels(area), try gpu.readPixels(area))
    }
}
