import CXKBCommon
import Glibc

/// A keymap and the keyboard state it is read through (xkbcommon): key codes to keysyms, UTF-8 text and
/// modifiers, and the reverse, keysym names and text to the key strokes that type them (synthetic input).
/// One keyboard state is shared by every device, as one seat has one set of modifiers.
///
/// Not thread-safe: the server uses it on its loop thread.
public final class Keyboard {
    public let names: KeymapNames
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private var state: OpaquePointer
    /// Keys down now (evdev codes), by the number of presses not yet released (two devices may hold one key).
    private var held: [UInt32: Int] = [:]

    /// Compiles the keymap; throws `KeyboardError.keymap` when xkbcommon cannot.
    public init(names: KeymapNames = KeymapNames()) throws(KeyboardError) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else { throw .keymap(names) }
        let compiled = Self.compile(names, in: context)
        guard let keymap = compiled, let state = xkb_state_new(keymap) else {
            if let compiled { xkb_keymap_unref(compiled) }
            xkb_context_unref(context)
            throw .keymap(names)
        }
        self.names = names
        self.context = context
        self.keymap = keymap
        self.state = state
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    private static func compile(_ names: KeymapNames, in context: OpaquePointer) -> OpaquePointer? {
        // Empty names are passed as NULL: xkbcommon's defaults (evdev rules, pc105, us).
        func duplicate(_ s: String) -> UnsafeMutablePointer<CChar>? { s.isEmpty ? nil : strdup(s) }
        let strings = [names.rules, names.model, names.layout, names.variant, names.options].map(duplicate)
        defer { for s in strings { free(s) } }
        var rules = xkb_rule_names(
            rules: strings[0], model: strings[1], layout: strings[2], variant: strings[3], options: strings[4])
        return xkb_keymap_new_from_names(context, &rules, XKB_KEYMAP_COMPILE_NO_FLAGS)
    }

    /// A key (evdev code) went down or up: what it gives, with the modifiers after it.
    public func key(_ code: UInt32, pressed: Bool) -> KeyOutcome {
        let keycode = code + 8
        let keysym = xkb_state_key_get_one_sym(state, keycode)
        let text = pressed ? utf8(of: keycode) : ""
        if pressed {
            held[code, default: 0] += 1
            // A second press of a key already down (another device) changes no state.
            if held[code] == 1 { _ = xkb_state_update_key(state, keycode, XKB_KEY_DOWN) }
        } else if let count = held[code] {
            held[code] = count > 1 ? count - 1 : nil
            if count == 1 { _ = xkb_state_update_key(state, keycode, XKB_KEY_UP) }
        }
        return KeyOutcome(
            keysym: keysym, text: text, modifiers: modifiers, repeats: xkb_keymap_key_repeats(keymap, keycode) != 0)
    }

    /// What a held key gives again when it repeats (the state as it is now).
    public func repeatOf(_ code: UInt32) -> KeyOutcome {
        let keycode = code + 8
        return KeyOutcome(
            keysym: xkb_state_key_get_one_sym(state, keycode), text: utf8(of: keycode), modifiers: modifiers,
            repeats: true)
    }

    /// The keys down now (evdev codes), ascending.
    public var heldKeys: [UInt32] { held.keys.sorted() }

    /// Every key is up again, with every modifier (a device gone, the seat paused).
    public func releaseAll() {
        held.removeAll()
        if let fresh = xkb_state_new(keymap) {
            xkb_state_unref(state)
            state = fresh
        }
    }

    /// The active modifiers in X11's mask order (Shift 1, Lock 2, Control 4, Mod1 8, …, Mod5 0x80).
    public var modifiers: UInt32 {
        var mask: UInt32 = 0
        for (bit, name) in Self.realModifiers.enumerated()
        where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) == 1 {
            mask |= 1 << UInt32(bit)
        }
        return mask
    }

    private static let realModifiers = ["Shift", "Lock", "Control", "Mod1", "Mod2", "Mod3", "Mod4", "Mod5"]

    private func utf8(of keycode: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = xkb_state_key_get_utf8(state, keycode, &buffer, buffer.count)
        guard count > 0 else { return "" }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: Synthetic input

    /// The keysym with this name (`a`, `A`, `Return`, `BackSpace`, `F1`, `Control_L`); a name that differs only
    /// in case is taken when no name matches exactly.
    public static func keysym(named name: String) throws(KeyboardError) -> UInt32 {
        var keysym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        if keysym == 0 { keysym = xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE) }
        guard keysym != 0 else { throw .unknownKeysymName(name) }
        return keysym
    }

    /// The keysym's name (`Return`), or its number in hex when it has none.
    public static func name(ofKeysym keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = xkb_keysym_get_name(keysym, &buffer, buffer.count)
        guard count > 0 else { return "0x" + String(keysym, radix: 16) }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The key stroke that types the keysym named `name` on the first layout.
    public func stroke(forKeysymNamed name: String) throws(KeyboardError) -> KeyStroke {
        let keysym = try Self.keysym(named: name)
        guard let stroke = stroke(for: keysym) else { throw .keysymNotInKeymap(name: name) }
        return stroke
    }

    /// The key strokes that type `text`, one per character (a newline is Return, a tab Tab).
    public func strokes(forText text: String) throws(KeyboardError) -> [KeyStroke] {
        var strokes: [KeyStroke] = []
        for character in text {
            let keysym: UInt32
            switch character {
            case "\n", "\r", "\r\n": keysym = 0xff0d  // XKB_KEY_Return
            case "\t": keysym = 0xff09  // XKB_KEY_Tab
            default:
                guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else {
                    throw .characterNotInKeymap(character)
                }
                keysym = xkb_utf32_to_keysym(scalar.value)
            }
            guard keysym != 0, let stroke = stroke(for: keysym) else { throw .characterNotInKeymap(character) }
            strokes.append(stroke)
        }
        return strokes
    }

    /// The lowest key code that gives `keysym` at some level of the first layout, with the modifier keys that
    /// select that level; levels that need other modifiers than Shift, AltGr, Control or Alt are skipped.
    private func stroke(for keysym: UInt32) -> KeyStroke? {
        let low = xkb_keymap_min_keycode(keymap)
        let high = xkb_keymap_max_keycode(keymap)
        guard low >= 8, low <= high else { return nil }
        var best: KeyStroke?
        for keycode in low...high {
            let levels = xkb_keymap_num_levels_for_key(keymap, keycode, 0)
            for level in 0..<levels {
                var syms: UnsafePointer<xkb_keysym_t>?
                let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, 0, level, &syms)
                guard count == 1, let syms, syms[0] == keysym else { continue }
                guard let modifierKeys = modifierKeys(selecting: level, of: keycode) else { continue }
                let stroke = KeyStroke(code: keycode - 8, modifiers: modifierKeys)
                // Fewer modifiers first (a plain key before the keypad's or a shifted one), then the lower code.
                if best == nil || stroke.modifiers.count < best!.modifiers.count { best = stroke }
                if stroke.modifiers.isEmpty { return stroke }
            }
        }
        return best
    }

    /// The modifier keys to hold so that `keycode` gives `level`: the first of the level's masks made only of
    /// Shift, Control, Mod1 (Alt) and Mod5 (AltGr, ISO_Level3_Shift), or nil when none is.
    private func modifierKeys(selecting level: UInt32, of keycode: UInt32) -> [UInt32]? {
        var masks = [xkb_mod_mask_t](repeating: 0, count: 16)
        let count = xkb_keymap_key_get_mods_for_level(keymap, keycode, 0, level, &masks, masks.count)
        let keys: [(String, UInt32)] = [
            ("Shift", EvdevKey.leftShift), ("Control", EvdevKey.leftControl), ("Mod1", EvdevKey.leftAlt),
            ("Mod5", EvdevKey.rightAlt),
        ]
        for mask in masks.prefix(Int(count)) {
            var remaining = mask
            var pressed: [UInt32] = []
            for (name, key) in keys {
                let index = xkb_keymap_mod_get_index(keymap, name)
                guard index != XKB_MOD_INVALID, mask & (1 << index) != 0 else { continue }
                remaining &= ~(1 << index)
                pressed.append(key)
            }
            if remaining == 0 { return pressed }
        }
        return nil
    }
}
