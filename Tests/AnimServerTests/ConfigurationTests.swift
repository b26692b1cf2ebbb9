import AnimDisplay
import Foundation
import Testing

@testable import AnimServer

@Suite("Configuration file")
struct ConfigurationTests {
    static func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animserver-config-\(getpid())-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func defaults() {
        let c = ServerConfiguration()
        #expect(c.maxLayers == 10000)
        #expect(c.maxAnimations == 10000)
        #expect(c.maxMessageBytes == 1_048_576)
        #expect(c.maxImageBytes == 268_435_456)
        #expect(c.frameRate == 60)
        #expect(c.helloTimeout == 10)
        #expect(c.maxConnections == 1024)
        #expect(c.maxConnectionsPerUser == 1024)
    }

    @Test func connectionLimitsAndTheHelloTimeoutAreRead() throws {
        let c = try ServerConfiguration(
            json: Data(#"{"helloTimeout": 0.5, "maxConnections": 3, "maxConnectionsPerUser": 2}"#.utf8))
        #expect(c.helloTimeout == 0.5)
        #expect(c.maxConnections == 3)
        #expect(c.maxConnectionsPerUser == 2)
    }

    @Test func theTouchOutputAndTheCursorAreRead() throws {
        #expect(ServerConfiguration().touchOutput == nil)
        #expect(ServerConfiguration().cursor == .auto)
        #expect(!ServerConfiguration().absolutePointerAsTouch)
        let c = try ServerConfiguration(
            json: Data(#"{"touchOutput": "HDMI-A-1", "cursor": "never", "absolutePointerAsTouch": true}"#.utf8))
        #expect(c.touchOutput == "HDMI-A-1")
        #expect(c.cursor == .never)
        #expect(c.absolutePointerAsTouch)
    }

    @Test func aGoodFileSetsWhatItNames() throws {
        let path = try Self.write(#"{"maxLayers": 500, "maxImageBytes": 1048576, "frameRate": 30}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let c = try ServerConfiguration.load(path: path)
        #expect(c.maxLayers == 500)
        #expect(c.maxImageBytes == 1_048_576)
        #expect(c.frameRate == 30)
        #expect(c.maxAnimations == 10000)
        #expect(try ServerConfiguration(json: Data("{}".utf8)) == ServerConfiguration())
    }

    @Test(arguments: [
        (#"{"maxLayer": 5}"#, "maxLayer", "5"),
        (#"{"maxLayers": "many"}"#, "maxLayers", "\"many\""),
        (#"{"maxLayers": -1}"#, "maxLayers", "-1"),
        (#"{"maxLayers": 1.5}"#, "maxLayers", "1.5"),
        (#"{"maxLayers": true}"#, "maxLayers", "true"),
        (#"{"maxAnimations": 0}"#, "maxAnimations", "0"),
        (#"{"maxMessageBytes": 2000000}"#, "maxMessageBytes", "2000000"),
        (#"{"frameRate": null}"#, "frameRate", "null"),
        (#"{"frameRate": 0}"#, "frameRate", "0"),
        (#"{"helloTimeout": 0}"#, "helloTimeout", "0"),
        (#"{"maxConnections": 0}"#, "maxConnections", "0"),
        (#"{"maxConnectionsPerUser": 2.5}"#, "maxConnectionsPerUser", "2.5"),
        (#"{"cursor": "sometimes"}"#, "cursor", "\"sometimes\""),
        (#"{"touchOutput": 1}"#, "touchOutput", "1"),
        (#"{"absolutePointerAsTouch": "yes"}"#, "absolutePointerAsTouch", "\"yes\""),
    ])
    func badValuesAreNamed(text: String, key: String, value: String) throws {
        let error = #expect(throws: ConfigurationError.self) { try ServerConfiguration(json: Data(text.utf8)) }
        #expect(error?.key == key)
        #expect(error?.value == value)
    }

    @Test func unreadableOrMalformedFiles() throws {
        let missing = #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.load(path: "/nonexistent/animserver-config.json")
        }
        #expect(missing?.reason.contains("cannot read") == true)
        let path = try Self.write("[1, 2]")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let notObject = #expect(throws: ConfigurationError.self) { try ServerConfiguration.load(path: path) }
        #expect(notObject?.path == path)
        #expect(notObject?.description.hasPrefix(path) == true)
    }
}
