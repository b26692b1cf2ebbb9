import AnimCore
import AnimProtocol

// AnimKit does not re-export AnimCore: its `Animation`, `BasicAnimation`… structs would clash with the SDK's
// classes. The value types an app needs are named here instead.

public typealias Point = AnimCore.Point
public typealias Size = AnimCore.Size
public typealias Rect = AnimCore.Rect
public typealias Color = AnimCore.Color
public typealias Transform3D = AnimCore.Transform3D
public typealias AffineTransform = AnimCore.AffineTransform
public typealias BezierPath = AnimCore.BezierPath
public typealias TimingFunction = AnimCore.TimingFunction
public typealias FillMode = AnimCore.FillMode
public typealias ValueFunction = AnimCore.ValueFunction
public typealias SpringParameters = AnimCore.SpringParameters
public typealias EmitterCell = AnimCore.EmitterCell
/// An entry of `filters` or `backgroundFilters` (`gaussianBlur`, `colorMatrix`).
public typealias LayerFilter = AnimCore.LayerFilter
public typealias FilterType = AnimCore.FilterType
public typealias FilterParameter = AnimCore.FilterParameter
/// The `compositingFilter` blend modes.
public typealias BlendMode = AnimCore.BlendMode
public typealias LayerClass = AnimCore.LayerClass
public typealias LayerID = AnimCore.LayerID
public typealias ImageID = AnimCore.ImageID
/// A layer's presentation values, as `Layer.presentation(at:)` returns them (read-only results).
public typealias LayerState = AnimCore.LayerState
/// A value for a key path: what `value(forKeyPath:)` returns and `setValue(_:forKeyPath:)` takes; animations take
/// it or any `AnimationValueConvertible` (`1`, `Point(…)`).
public typealias AnimationValue = AnimCore.PropertyValue
/// The kind of value a key path holds.
public typealias ValueKind = AnimCore.ValueKind
/// Why the client refused a value or key path (field, value, reason).
public typealias ValueError = AnimCore.AnimCoreError
public typealias CalculationMode = AnimCore.KeyframeAnimation.CalculationMode
public typealias RotationMode = AnimCore.KeyframeAnimation.RotationMode
public typealias TransitionType = AnimCore.TransitionAnimation.TransitionType
public typealias TransitionSubtype = AnimCore.TransitionAnimation.Subtype
/// The server's error codes (ErrorReport).
public typealias ServerErrorCode = AnimProtocol.WireErrorCode
/// What `Connection.clock(_:)` asks of the server clock.
public typealias ClockAction = AnimProtocol.WireClockAction
public typealias ClockMode = AnimProtocol.WireClockMode
/// What `Connection.inspect(_:)` asks.
public typealias WireInspectQuery = AnimProtocol.WireInspectQuery
/// The typed inspection documents (`Connection.inspectStatus()`…) and their one JSON form.
public typealias InspectionDocuments = AnimProtocol.InspectionDocuments
public typealias InspectionJSON = AnimProtocol.InspectionJSON
