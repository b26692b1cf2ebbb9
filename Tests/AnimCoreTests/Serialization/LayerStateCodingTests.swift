import Foundation
import Testing

@testable import AnimCore

@Suite("LayerState JSON form")
struct LayerStateCodingTests {
    @Test func onlyTheGivenPropertiesAreSet() throws {
        let state = try JSONTest.decode(
            LayerState.self,
            #"""
            {"class": "CALayer", "properties": {"opacity": 0.5, "position": {"x": 10, "y": 20},
             "backgroundColor": "#ff0000", "cornerRadius": 4, "hidden": true, "name": "card", "borderColor": null,
             "speed": 2, "fillMode": "both"}}
            """#)
        var expected = LayerState()
        expected.opacity = 0.5
        expected.position = Point(x: 10, y: 20)
        expected.backgroundColor = Color(red: 1, green: 0, blue: 0)
        expected.cornerRadius = 4
        expected.hidden = true
        expected.name = "card"
        expected.borderColor = nil
        expected.timing.speed = 2
        expected.timing.fillMode = .both
        #expect(state == expected)
        #expect(try JSONTest.decode(LayerState.self, "{}") == LayerState())
        #expect(try JSONTest.decode(LayerState.self, #"{"class": "CAShapeLayer"}"#) == LayerState(layerClass: .shape))
    }

    @Test func encodingWritesTheClassAndTheNonDefaultProperties() throws {
        var state = LayerState()
        state.opacity = 0.25
        state.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        state.borderColor = nil
        #expect(
            try JSONTest.encode(state)
                == #"{"class":"CALayer","properties":{"borderColor":null,"bounds":[0,0,100,50],"opacity":0.25}}"#)
        #expect(try JSONTest.encode(LayerState(layerClass: .text)) == #"{"class":"CATextLayer","properties":{}}"#)
    }

    @Test func specialClassesRoundTrip() throws {
        var shape = LayerState(layerClass: .shape)
        shape.special.modifyShape {
            $0.path = try! BezierPath(pathData: "M 0 0 L 10 0 L 10 10 Z")
            $0.fillColor = nil
            $0.strokeColor = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
            $0.lineDashPattern = [4, 2]
            $0.strokeEnd = 0.5
            $0.lineCap = "round"
        }
        shape.transform = .rotation(0.5, 0, 0, 1)
        var text = LayerState(layerClass: .text)
        text.special.modifyText {
            $0.string = "Hello"
            $0.isWrapped = true
            $0.font = "Menlo"
        }
        var gradient = LayerState(layerClass: .gradient)
        gradient.special.modifyGradient {
            $0.colors = [.black, .white]
            $0.locations = [0, 1]
            $0.gradientType = "radial"
        }
        var emitter = LayerState(layerClass: .emitter)
        emitter.special.modifyEmitter {
            $0.emitterScale = 2
            $0.emitterPreservesDepth = true
        }
        var replicator = LayerState(layerClass: .replicator)
        replicator.special.modifyReplicator {
            $0.instanceCount = 3
            $0.instanceTransform = .translation(10, 0, 0)
            $0.replicatorPreservesDepth = true
        }
        for state in [shape, text, gradient, emitter, replicator] {
            let text = try JSONTest.encode(state)
            #expect(try JSONTest.decode(LayerState.self, text) == state, "\(text)")
        }
        // CA's property names, not the Swift ones: "wrapped", "type", "scale", "preservesDepth".
        let textJSON = try JSONTest.encode(text)
        #expect(textJSON.contains(#""wrapped":true"#) && textJSON.contains(#""string":"Hello""#))
        #expect(try JSONTest.encode(gradient).contains(#""type":"radial""#))
        #expect(try JSONTest.encode(emitter).contains(#""preservesDepth":true,"scale":2"#))
    }

    @Test func invalidPropertiesAreErrorsAtTheirPath() {
        func error(_ json: String) -> String? { JSONTest.error(LayerState.self, json) }
        #expect(
            error(#"{"class": "CAView"}"#)
                == "class: unknown layer class 'CAView' (one of CALayer, CAShapeLayer, CATextLayer, CAGradientLayer, "
                + "CAReplicatorLayer, CAEmitterLayer, CAScrollLayer, CATiledLayer, CATransformLayer)")
        #expect(
            error(#"{"propertes": {}}"#)
                == "propertes: unknown field 'propertes' in a layer (known fields: class, properties)")
        #expect(
            error(##"{"properties": {"fillColor": "#000"}}"##)
                == "properties.fillColor: unknown key path 'fillColor' for layer class CALayer")
        #expect(
            error(#"{"properties": {"alpha": 1}}"#)
                == "properties.alpha: unknown key path 'alpha' for layer class CALayer")
        #expect(
            error(#"{"properties": {"opacity": "half"}}"#)
                == #"properties.opacity: expected a number, got a string "half""#)
        #expect(
            error(#"{"properties": {"cornerRadius": -1}}"#)
                == "properties.cornerRadius: -1 is out of range (allowed: ≥ 0.0)")
        #expect(
            error(#"{"properties": {"contentsGravity": "stretch"}}"#)
                == "properties.contentsGravity: 'stretch' is not one of center, top, bottom, left, right, topLeft, "
                + "topRight, bottomLeft, bottomRight, resize, resizeAspect, resizeAspectFill")
        #expect(
            error(#"{"class": "CATextLayer", "properties": {"font": null}}"#) == "properties.font: font cannot be null")
        #expect(error(#"{"properties": {"opacity": null}}"#) == "properties.opacity: expected a number, got null")
        #expect(
            error(#"{"properties": [1]}"#) == "properties: expected the layer's properties (an object), got an array")
    }
}
