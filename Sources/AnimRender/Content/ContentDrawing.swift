/// What a shape, gradient or text layer draws of its own, ready to draw into a canvas of any part of its raster.
enum ContentDrawing: Sendable {
    case shape(ShapeContent)
    case gradient(GradientContent)
    case text(TextContent)

    var kind: String {
        switch self {
        case .shape: "shape"
        case .gradient: "gradient"
        case .text: "text"
        }
    }

    /// Draws into `canvas`, whose user space `grid` has set to local units (from the bounds' corner for gradients
    /// and text).
    func draw(on canvas: ContentCanvas, grid: ContentGrid) throws(ContentCanvas.Failure) {
        switch self {
        case .shape(let shape): shape.draw(on: canvas)
        case .gradient(let gradient): try gradient.draw(on: canvas, grid: grid)
        case .text(let text): try text.draw(on: canvas, grid: grid)
        }
        try canvas.check("drawing")
    }
}
