import CCalloutMapGtk

/// The Swift side of a custom GtkWidget subclass: GTK's virtual functions call these.
@MainActor
package protocol WidgetImplementation: AnyObject {
    func snapshot(_ snapshot: OpaquePointer)
    func sizeAllocate(width: Int, height: Int)
    /// Called once when GTK disposes the widget; drop children and references here.
    func dispose()
    /// Minimum and natural size along an orientation (GTK's measure); default 0, 0.
    func measure(horizontal: Bool, forSize: Int) -> (minimum: Int, natural: Int)
    /// Whether a point in widget coordinates is part of the widget for picking; nil: its rectangle.
    func contains(_ x: Double, _ y: Double) -> Bool?
    /// Moves keyboard focus within the widget (GTK's focus vfunc): true when it moved; nil leaves
    /// it to GTK (children in the order of their positions).
    func focus(_ direction: GtkDirectionType) -> Bool?
}

extension WidgetImplementation {
    package func measure(horizontal: Bool, forSize: Int) -> (minimum: Int, natural: Int) { (0, 0) }
    package func contains(_ x: Double, _ y: Double) -> Bool? { nil }
    package func focus(_ direction: GtkDirectionType) -> Bool? { nil }
}

/// Registers one GtkWidget subclass per type name whose virtual functions
/// forward to a Swift `WidgetImplementation`. The widget owns the
/// implementation (released when the widget is finalized), so a widget placed
/// in a window keeps working however the Swift side is held.
@MainActor
package enum CustomWidget {
    nonisolated(unsafe) private static var parentClass: UnsafeMutableRawPointer?
    private static let quark = g_quark_from_static_string("calloutmap-implementation")
    private static var types: [String: GType] = [:]

    /// A new floating widget of class `typeName` (CSS name `cssName`) driven by `implementation`.
    package static func make(typeName: String, cssName: String,
                            implementation: WidgetImplementation) -> UnsafeMutablePointer<GtkWidget> {
        let type = register(typeName: typeName, cssName: cssName)
        let object = g_object_new_with_properties(type, 0, nil, nil)!
        let pointer = Unmanaged.passRetained(implementation as AnyObject).toOpaque()
        g_object_set_qdata_full(object, quark, pointer, releaseBoxNotify)
        return cm_widget(object)
    }

    static func implementation(of widget: UnsafeMutableRawPointer?) -> WidgetImplementation? {
        guard let widget, let p = g_object_get_qdata(cm_object(widget), quark) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue() as? WidgetImplementation
    }

    private static func register(typeName: String, cssName: String) -> GType {
        if let type = types[typeName] { return type }
        let classInit: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { klass, cssName in
            CustomWidget.parentClass = g_type_class_peek_parent(klass)
            let widgetClass = cm_widget_class(klass)!
            widgetClass.pointee.snapshot = { widget, snapshot in
                guard let snapshot else { return }
                MainActor.assumeIsolated { CustomWidget.implementation(of: widget)?.snapshot(snapshot) }
            }
            widgetClass.pointee.size_allocate = { widget, width, height, _ in
                MainActor.assumeIsolated {
                    CustomWidget.implementation(of: widget)?.sizeAllocate(width: Int(width), height: Int(height))
                }
            }
            widgetClass.pointee.measure = { widget, orientation, forSize, minimum, natural, minBaseline, natBaseline in
                let (lo, hi) = MainActor.assumeIsolated {
                    CustomWidget.implementation(of: widget)?.measure(horizontal: orientation == GTK_ORIENTATION_HORIZONTAL,
                                                                     forSize: Int(forSize)) ?? (0, 0)
                }
                minimum?.pointee = Int32(lo)
                natural?.pointee = Int32(hi)
                minBaseline?.pointee = -1
                natBaseline?.pointee = -1
            }
            widgetClass.pointee.contains = { widget, x, y in
                let answer = MainActor.assumeIsolated { CustomWidget.implementation(of: widget)?.contains(x, y) }
                if let answer { return answer ? 1 : 0 }
                let parent = cm_widget_class(CustomWidget.parentClass)
                return parent?.pointee.contains?(widget, x, y) ?? 0
            }
            widgetClass.pointee.focus = { widget, direction in
                let answer = MainActor.assumeIsolated { CustomWidget.implementation(of: widget)?.focus(direction) }
                if let answer { return answer ? 1 : 0 }
                let parent = cm_widget_class(CustomWidget.parentClass)
                return parent?.pointee.focus?(widget, direction) ?? 0
            }
            cm_object_class(klass)!.pointee.dispose = { object in
                MainActor.assumeIsolated { CustomWidget.implementation(of: object)?.dispose() }
                let parent = cm_object_class(CustomWidget.parentClass)
                parent?.pointee.dispose?(object)
            }
            if let cssName { gtk_widget_class_set_css_name(widgetClass, cssName.assumingMemoryBound(to: CChar.self)) }
            // A labelled group: the map, and later its pins as children.
            gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_GROUP)
        }
        // The class-init data must outlive the class: intern the CSS name.
        let name = g_intern_string(cssName)
        var info = GTypeInfo(
            class_size: guint16(MemoryLayout<GtkWidgetClass>.size), base_init: nil, base_finalize: nil,
            class_init: classInit, class_finalize: nil,
            class_data: UnsafeRawPointer(name),
            instance_size: guint16(MemoryLayout<GtkWidget>.size), n_preallocs: 0, instance_init: nil, value_table: nil)
        let type = g_type_register_static(gtk_widget_get_type(), typeName, &info, GTypeFlags(0))
        types[typeName] = type
        return type
    }
}
