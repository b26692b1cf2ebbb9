import AnimRender

/// The tolerances rendering tests state for whole frames, each defined once (the scene suite, the daemon's
/// goldens and the GLES-against-software draw lists use these; a test with its own bound states it at the check).
public enum RenderTolerance {
    /// The software renderer against its goldens: no channel off by more than 2/255 on 99.9 % of pixels (goldens
    /// are recorded from the software renderer; pixman's rounding is stable across builds).
    public static let software = PixelComparison.Tolerance(maxChannelDifference: 2, requiredFraction: 0.999)

    /// GLES (llvmpipe) against the software renderer or a golden, for whole scenes: no channel off by more than
    /// 2/255 on 99 % of pixels and none by more than 64/255 anywhere (antialiased edges and bilinear sampling of
    /// rotated images round differently in float shaders and pixman's fixed point).
    public static let gles = PixelComparison.Tolerance(
        maxChannelDifference: 2, requiredFraction: 0.99, worstChannelDifference: 64)

    /// GPU against CPU on the renderer tests' draw lists (axis-aligned, no rotated images): no channel off by more
    /// than 2/255 on 99.9 % of the pixels.
    public static let crossRenderer = PixelComparison.Tolerance(maxChannelDifference: 2, requiredFraction: 0.999)

    /// The golden tolerance of a frame drawn by `renderer` (an `animserverd --renderer` name): `gles` for
    /// "gles", else `software`.
    public static func golden(renderer: String) -> PixelComparison.Tolerance {
        renderer == "gles" ? gles : software
    }
}
