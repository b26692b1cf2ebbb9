import AnimKeyboard
import Foundation
import Testing

@testable import AnimServer

/// The xkbcommon keyboard: keymaps from names, key codes to keysyms, text and modifiers, and back.
@Suite struct KeymapTests {
    @Test func theUSKeymapGivesKeysymsTextAndModifiers() throws {
        let keyboard = try Keyboard()
        let a = keyboard.key(30, pressed: true)
        #expect(a == KeyOutcome(keysym: 0x61, text: "a", modifiers: 0, repeats: true))
        _ = keyboard.key(30, pressed: false)
        let shift = keyboard.key(EvdevKey.leftShift, pressed: true)
        #expect(shift.modifiers == 1)
        #expect(!shift.repeats)
        #expect(keyboard.key(2, pressed: true) == KeyOutcome(keysym: 0x21, text: "!", modifiers: 1, repeats: true))
        #expect(keyboard.heldKeys == [2, EvdevKey.leftShift])
        keyboard.releaseAll()
        #expect(keyboard.modifiers == 0)
        #expect(keyboard.heldKeys.isEmpty)
        let ctrl = keyboard.key(EvdevKey.leftControl, pressed: true)
        #expect(ctrl.modifiers == 4)
        let caps = keyboard.key(58, pressed: true)
        _ = keyboard.key(58, pressed: false)
        #expect(caps.keysym == 0xffe5)  // Caps_Lock
        #expect(keyboard.modifiers == 4 | 2, "Lock stays on after its key is up")
    }

    @Test func theGermanKeymapSwapsYAndZAndTypesAtWithAltGr() throws {
        let keyboard = try Keyboard(names: KeymapNames(layout: "de"))
        // KEY_Y (21) types z on a German keyboard.
        #expect(keyboard.key(21, pressed: true).text == "z")
        _ = keyboard.key(21, pressed: false)
        let at = try keyboard.strokes(forText: "@")
        #expect(at == [KeyStroke(code: 16, modifiers: [EvdevKey.rightAlt])])  // AltGr + q
    }

    @Test func namesAndTextBecomeKeyStrokes() throws {
        let keyboard = try Keyboard()
        #expect(try keyboard.stroke(forKeysymNamed: "Return") == KeyStroke(code: 28))
        #expect(try keyboard.stroke(forKeysymNamed: "A") == KeyStroke(code: 30, modifiers: [EvdevKey.leftShift]))
        #expect(try keyboard.stroke(forKeysymNamed: "return") == KeyStroke(code: 28), "case-insensitive fallback")
        #expect(
            try keyboard.strokes(forText: "a B\n") == [
                KeyStroke(code: 30), KeyStroke(code: 57), KeyStroke(code: 48, modifiers: [EvdevKey.leftShift]),
                KeyStroke(code: 28),
            ])
        #expect(throws: KeyboardError.unknownKeysymName("NoSuchKey")) {
            try keyboard.stroke(forKeysymNamed: "NoSuchKey")
        }
        #expect(throws: KeyboardError.characterNotInKeymap("✓")) { try keyboard.strokes(forText: "✓") }
        #expect(Keyboard.name(ofKeysym: 0xff0d) == "Return")
    }

    @Test func aLayoutXKBDoesNotKnowIsRefused() {
        #expect(throws: KeyboardError.keymap(KeymapNames(layout: "no-such-layout"))) {
            try Keyboard(names: KeymapNames(layout: "no-such-layout"))
        }
    }

    @Test func theConfigurationReadsTheKeyboardObject() throws {
        let configuration = try ServerConfiguration(
            json: Data(
                #"{"keyboard": {"layout": "de", "variant": "nodeadkeys", "repeatDelay": 0.4, "repeatRate": 30}}"#.utf8))
        #expect(configuration.keyboard.names == KeymapNames(layout: "de", variant: "nodeadkeys"))
        #expect(configuration.keyboard.repeatDelay == 0.4)
        #expect(configuration.keyboard.repeatRate == 30)
        #expect(ServerConfiguration().keyboard.names.layout == "us")
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration(json: Data(#"{"keyboard": {"layout": "no-such-layout"}}"#.utf8))
        }
        do {
            _ = try ServerConfiguration(json: Data(#"{"keyboard": {"repeatRate": -1}}"#.utf8))
            Issue.record("a negative rate was accepted")
        } catch {
            #expect(error.key == "keyboard.repeatRate")
            #expect(error.value == "-1")
        }
        do {
            _ = try ServerConfiguration(json: Data(#"{"keyboard": {"layuot": "us"}}"#.utf8))
            Issue.record("an unknown key was accepted")
        } catch {
            #expect(error.key == "keyboard.layuot")
        }
    }
}
