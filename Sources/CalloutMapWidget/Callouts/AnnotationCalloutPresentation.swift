import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// The callout-as-annotation approach: the callout is an annotation at the pin's
/// coordinate, attached to the map's annotation layer (not one of its
/// `annotations`), drawn and hit with the pins, so it moves with the map. Its
/// "ⓘ" reports as a `.callout` control; an invisible button over it takes keyboard focus and
/// screen readers (it is drawn, not a widget), in the tab order after the pin.
@MainActor
package final class AnnotationCalloutPresentation: CalloutPresentation {
    private unowned let host: CalloutHost
    /// The pins' layer, where the callout lives as an annotation.
    private unowned let layer: AnnotationLayer
    private let setting: CalloutSetting
    private let controls: CalloutTapReporter
    private var callout: CalloutAnnotation?
    private var calloutView: CalloutAnnotationView?
    /// The keyboard's and screen readers' way to the drawn "ⓘ".
    private var detailsButton: UnsafeMutablePointer<GtkWidget>?

    init(host: CalloutHost, view: AnnotationView, layer: AnnotationLayer, setting: CalloutSetting) {
        self.host = host
        self.layer = layer
        self.setting = setting
        controls = CalloutTapReporter(host: host, view: view)
    }

    func present(for view: AnnotationView) -> Bool {
        guard let pin = view.annotation, pin.title?.isEmpty == false else { return false }
        let calloutView = Self.attachCallout(to: view, pin: pin, in: layer) as! CalloutAnnotationView
        calloutView.onDetailsTapped = { [controls] in controls.tapped(CalloutControl(position: .callout, label: tr("Details"))) }
        if let parent = host.parentWidget {
            let button = gtk_button_new()!
            gtk_widget_add_css_class(button, "drawn-control")
            cm_accessible_set_label(button, tr("Details"))
            gtk_widget_set_focus_on_click(button, 0)
            gtk_widget_set_can_target(button, 0)  // the pointer's click is the map's (it hits the drawn ⓘ)
            Signal.connect(button, "clicked") { [weak calloutView] in calloutView?.onDetailsTapped?() }
            gtk_widget_set_parent(button, parent)
            detailsButton = button
        }
        callout = calloutView.annotation as? CalloutAnnotation
        self.calloutView = calloutView
        layer.layout(setting.viewport)
        return true
    }

    /// Puts a callout annotation over a pin's view in a layer (also for `calloutmap render`).
    @discardableResult
    package static func attachCallout(to view: AnnotationView, pin: any Annotation, in layer: AnnotationLayer) -> AnnotationView {
        let callout = CalloutAnnotation(pin: pin)
        let calloutView = CalloutAnnotationView(annotation: callout, reuseIdentifier: nil)
        calloutView.pinView = view
        layer.attach(callout, view: calloutView)
        return calloutView
    }

    var bodySize: Size? { calloutView?.annotation == nil ? nil : calloutView?.bodySize }

    func layout(_ placement: CalloutPlacement?) {
        guard let calloutView, calloutView.annotation != nil, let placement else { return }
        // Moved on its pin: hit-tested where it is now drawn.
        if calloutView.place(placement) { layer.remeasure() }
        if let detailsButton {
            let f = CalloutBubble.frame(for: placement), b = calloutView.buttonFrame
            var rect = GtkAllocation(x: Int32((f.minX + b.minX).rounded()), y: Int32((f.minY + b.minY).rounded()),
                                     width: Int32(b.width), height: Int32(b.height))
            gtk_widget_size_allocate(detailsButton, &rect, -1)
        }
    }

    func contains(_ point: Point) -> Bool { false }  // hit with the pins, as an annotation

    func frame(for placement: CalloutPlacement?) -> Rect? {
        guard calloutView != nil, let placement else { return nil }
        return CalloutBubble.frame(for: placement)
    }

    func dismiss(animated: Bool) {
        if let detailsButton { gtk_widget_unparent(detailsButton) }
        detailsButton = nil
        guard let callout else { return }
        self.callout = nil
        calloutView = nil
        layer.detach(callout)
    }

    var widget: UnsafeMutablePointer<GtkWidget>? { nil }

    /// The invisible button over the "ⓘ" (drawn only for its focus ring).
    var controlWidget: UnsafeMutablePointer<GtkWidget>? { detailsButton }
}
