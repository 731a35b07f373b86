import CCalloutMapGtk

/// GActions made from Swift closures and added to an application or a window (a GActionMap,
/// which owns them). Menus, buttons (`action-name`) and accelerators then all reach one command.
///
/// Ownership: a new action is ours (transfer full); the map takes a reference of its own when it
/// is added, so ours is dropped at once and the action lives exactly as long as the map. State
/// values are made floating (`g_variant_new_*`) and sunk by the call they are given to.
@MainActor
package enum Actions {
    /// A command without a parameter, such as "quit" or "zoom-in".
    @discardableResult
    package static func add(_ name: String, to map: some GObjectPointer, _ run: @escaping @MainActor () -> Void) -> OpaquePointer {
        let action = g_simple_action_new(name, nil)!
        Signal.connect(action, "activate") { (_: UnsafeMutableRawPointer?) in run() }
        return insert(action, into: map)
    }

    /// A choice among strings, such as the callout mode: menus show it as radio items, toggle
    /// buttons with a target as a linked group. `change` runs before the state is set.
    @discardableResult
    package static func addChoice(_ name: String, to map: some GObjectPointer, state: String,
                          _ change: @escaping @MainActor (String) -> Void) -> OpaquePointer {
        let action = g_simple_action_new_stateful(name, cm_variant_type_string(), g_variant_new_string(state))!
        Signal.connect(action, "change-state") { (value: UnsafeMutableRawPointer?) in
            guard let value else { return }
            let variant = OpaquePointer(value)
            change(String(cString: g_variant_get_string(variant, nil)))
            g_simple_action_set_state(action, variant)
        }
        return insert(action, into: map)
    }

    /// An on/off setting, such as the side panel: a check item in menus, a toggle button.
    @discardableResult
    package static func addSwitch(_ name: String, to map: some GObjectPointer, state: Bool,
                          _ change: @escaping @MainActor (Bool) -> Void) -> OpaquePointer {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(state ? 1 : 0))!
        Signal.connect(action, "change-state") { (value: UnsafeMutableRawPointer?) in
            guard let value else { return }
            let variant = OpaquePointer(value)
            change(g_variant_get_boolean(variant) != 0)
            g_simple_action_set_state(action, variant)
        }
        // Activated without a parameter (a menu item, an accelerator), it flips.
        Signal.connect(action, "activate") { (_: UnsafeMutableRawPointer?) in
            let on = isOn(action)
            g_action_change_state(action, g_variant_new_boolean(on ? 0 : 1))
        }
        return insert(action, into: map)
    }

    package static func isOn(_ action: OpaquePointer) -> Bool {
        guard let state = g_action_get_state(action) else { return false }
        defer { g_variant_unref(state) }
        return g_variant_get_boolean(state) != 0
    }

    package static func setEnabled(_ action: OpaquePointer, _ enabled: Bool) {
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    private static func insert(_ action: OpaquePointer, into map: some GObjectPointer) -> OpaquePointer {
        g_action_map_add_action(cm_action_map(map.rawObject), action)
        g_object_unref(action.rawObject)  // the map holds it now
        return action
    }
}
