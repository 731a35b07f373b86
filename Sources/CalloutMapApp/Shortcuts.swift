import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapGtk
import Foundation

/// Every keyboard shortcut, in one table: the application's accelerators are set from it and
/// the Keyboard Shortcuts window lists it, so the two cannot disagree.
@MainActor
enum Shortcuts {
    enum Group: CaseIterable {
        case general, map, callouts

        var title: String {
            switch self {
            case .general: return tr("General")
            case .map: return tr("Map")
            case .callouts: return tr("Callouts")
            }
        }
    }

    struct Shortcut {
        /// The detailed action name ("win.mode::popover"); nil for keys the map handles itself.
        var action: String?
        /// GTK accelerator strings; the first is the one shown unless `shown` says otherwise.
        var accels: [String]
        var title: String
        var group: Group
        /// Bound on the window after its widgets had their turn, not by the application: Escape
        /// must first close an open menu or popover.
        var local = false
        /// What the Keyboard Shortcuts window shows, when it is not the first accelerator: several,
        /// separated by spaces (Ctrl++ and + both zoom in).
        var shown: String?
    }

    static var all: [Shortcut] {
        [
            Shortcut(action: "win.open", accels: ["<Control>o"], title: tr("Open Places"), group: .general),
            Shortcut(action: "win.find", accels: ["<Control>f"], title: tr("Search"), group: .general),
            Shortcut(action: "win.open-tiles-location", accels: ["<Shift><Control>l"], title: tr("Open Tiles Location"), group: .general),
            Shortcut(action: "win.show-panel", accels: ["F9"], title: tr("Show or Hide the Side Panel"), group: .general),
            Shortcut(action: "win.show-help-overlay", accels: ["<Control>question"], title: tr("Keyboard Shortcuts"), group: .general),
            Shortcut(action: "window.close", accels: ["<Control>w"], title: tr("Close Window"), group: .general),
            Shortcut(action: "app.quit", accels: ["<Control>q"], title: tr("Quit"), group: .general),
            Shortcut(action: nil, accels: ["F10"], title: tr("Open the Main Menu"), group: .general),
            Shortcut(action: "win.zoom-in", accels: ["<Control>plus", "plus", "<Control>equal", "equal", "KP_Add", "<Control>KP_Add"],
                     title: tr("Zoom In"), group: .map, shown: "<Control>plus plus"),
            Shortcut(action: "win.zoom-out", accels: ["<Control>minus", "minus", "KP_Subtract", "<Control>KP_Subtract"],
                     title: tr("Zoom Out"), group: .map, shown: "<Control>minus minus"),
            Shortcut(action: nil, accels: ["Left Right Up Down"], title: tr("Move the Map"), group: .map),
            Shortcut(action: nil, accels: ["<Control>Left <Control>Right <Control>Up <Control>Down"], title: tr("Move the Map Faster"), group: .map),
            Shortcut(action: nil, accels: ["Tab"], title: tr("Move Focus to the Pins"), group: .map),
            Shortcut(action: "win.mode::standard", accels: ["1", "KP_1"], title: tr("Standard Callout"), group: .callouts),
            Shortcut(action: "win.mode::custom", accels: ["2", "KP_2"], title: tr("Custom Callout"), group: .callouts),
            Shortcut(action: "win.mode::annotation", accels: ["3", "KP_3"], title: tr("Callout as an Annotation"), group: .callouts),
            Shortcut(action: "win.mode::popover", accels: ["4", "KP_4"], title: tr("Popover"), group: .callouts),
            Shortcut(action: nil, accels: ["Return"], title: tr("Select the Focused Pin"), group: .callouts),
            Shortcut(action: nil, accels: ["<Control>Return"], title: tr("Add the Focused Pin to the Selection or Take It Out"), group: .callouts),
            Shortcut(action: nil, accels: ["<Shift>F10"], title: tr("Open the Context Menu"), group: .callouts, shown: "<Shift>F10 Menu"),
            Shortcut(action: "win.deselect", accels: ["Escape"], title: tr("Close the Callout"), group: .callouts, local: true),
        ]
    }

    /// Sets the application's accelerators: those with a modifier or a key that types nothing
    /// (Ctrl+O, F9). GTK takes an application's accelerators before the focused widget, so a
    /// plain 1 or − there could never be typed into the search entry.
    static func install(on application: UnsafeMutablePointer<GtkApplication>) {
        for shortcut in all where !shortcut.local {
            guard let action = shortcut.action else { continue }
            withCStrings(shortcut.accels.filter { !types($0) }) { gtk_application_set_accels_for_action(application, action, $0) }
        }
    }

    /// Binds the window's own shortcuts in the bubble phase, after the focused widget had its
    /// turn: Escape (an open menu or popover closes first) and the keys that type (1–4, + and −:
    /// the search entry takes them as text, the map as commands).
    static func installLocal(on window: UnsafeMutablePointer<GtkWidget>) {
        bind(all.compactMap { shortcut in
            var local = shortcut
            if !shortcut.local { local.accels = shortcut.accels.filter(types) }
            return local.accels.isEmpty ? nil : local
        }, on: window)
    }

    /// Whether an accelerator is a key that types a character, with no modifier ("1", "plus").
    static func types(_ accel: String) -> Bool {
        guard !accel.contains("<") else { return false }
        return gdk_keyval_to_unicode(gdk_keyval_from_name(accel)) != 0
    }

    /// Binds the application's shortcuts (Ctrl+Q) on a window that is not one of its windows
    /// (the Keyboard Shortcuts window, whose search takes typed keys: the map window's 1–4, +
    /// and − stay out of it), its actions reached as "app.…" from there.
    static func installApplication(_ application: UnsafeMutablePointer<GtkApplication>, on window: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_insert_action_group(window, "app", OpaquePointer(application))
        bind(all.filter { $0.action?.hasPrefix("app.") == true }, on: window)
    }

    private static func bind(_ shortcuts: [Shortcut], on window: UnsafeMutablePointer<GtkWidget>) {
        let controller = gtk_shortcut_controller_new()!
        for shortcut in shortcuts {
            guard let action = shortcut.action else { continue }
            // "win.mode::custom": the action's name, and its target as the shortcut's argument.
            var name: UnsafeMutablePointer<gchar>?
            var target: OpaquePointer?
            guard g_action_parse_detailed_name(action, &name, &target, nil) != 0, let name else { continue }
            defer { g_free(name) }
            for accel in shortcut.accels {
                let trigger = gtk_shortcut_trigger_parse_string(accel)
                let made = gtk_shortcut_new(trigger, gtk_named_action_new(name))
                if let target { gtk_shortcut_set_arguments(made, target) }
                gtk_shortcut_controller_add_shortcut(controller, made)
            }
            if let target { g_variant_unref(target) }
        }
        gtk_widget_add_controller(window, cm_controller(controller.rawObject))
    }

    /// The Keyboard Shortcuts window (GtkShortcutsWindow), for `win.show-help-overlay`; the
    /// caller owns one reference.
    static func makeWindow() -> UnsafeMutablePointer<GtkWidget> {
        var xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"window\"><property name=\"modal\">1</property>"
        xml += "<property name=\"title\">\(markupEscaped(tr("Shortcuts")))</property>"
        xml += "<child><object class=\"GtkShortcutsSection\"><property name=\"section-name\">main</property>"
        xml += "<property name=\"max-height\">16</property>"
        for group in Group.allCases {
            xml += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(markupEscaped(group.title))</property>"
            for shortcut in all where shortcut.group == group {
                xml += "<child><object class=\"GtkShortcutsShortcut\">"
                xml += "<property name=\"title\">\(markupEscaped(shortcut.title))</property>"
                xml += "<property name=\"accelerator\">\(markupEscaped(shortcut.shown ?? shortcut.accels[0]))</property>"
                xml += "</object></child>"
            }
            xml += "</object></child>"
        }
        xml += "</object></child></object></interface>"
        let builder = gtk_builder_new_from_string(xml, -1)!
        let window = cm_widget(gtk_builder_get_object(builder, "window"))!
        g_object_ref(window)  // outlives the builder
        g_object_unref(builder.rawObject)
        return window
    }

    private static func withCStrings(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Void) {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var array: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        array.withUnsafeMutableBufferPointer { body(UnsafePointer($0.baseAddress!)) }
    }
}
