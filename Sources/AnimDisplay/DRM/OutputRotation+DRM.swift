import AnimOutputSettings

extension OutputRotation {
    /// The DRM plane `rotation` property bit that shows an upright buffer turned this way. DRM's angles run
    /// counter-clockwise (`DRM_MODE_ROTATE_90` turns the picture a quarter turn counter-clockwise), ours clockwise.
    public var drmPlaneRotation: UInt64 {
        switch self {
        case .none: 1 << 0  // DRM_MODE_ROTATE_0
        case .clockwise90: 1 << 3  // DRM_MODE_ROTATE_270
        case .upsideDown: 1 << 2  // DRM_MODE_ROTATE_180
        case .clockwise270: 1 << 1  // DRM_MODE_ROTATE_90
        }
    }
}
