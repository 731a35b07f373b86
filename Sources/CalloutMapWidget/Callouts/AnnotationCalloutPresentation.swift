import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// The callout-as-annotation approach: the callout is an annotation at the pin's
/// coordinate, attached to the map's annotation layer (not one of its
/// `annotations`), drawn and hit with the pins, so it moves with the map. Its
/// "ⓘ" reports as a `.callout` control.
@MainActor
package final class AnnotationCalloutPresentation: CalloutPresentation {
    private unowned let map: MapView
    private let controls: CalloutControls
    private var callout: CalloutAnnotation?
    private var calloutView: CalloutAnnotationView?
    private var needsAutoPan = false

    init(map: MapView, view: AnnotationView) {
        self.map = map
        controls = CalloutControls(map: map, view: view)
    }

    func present(for view: AnnotationView) -> Bool {
        guard let pin = view.annotation, pin.title?.isEmpty == false else { return false }
        let calloutView = Self.attachCallout(to: view, pin: pin, in: map.annotationLayer) as! CalloutAnnotationView
        calloutView.onDetailsTapped = { [controls] in controls.tapped(CalloutControl(position: .callout, label: tr("Details"))) }
        callout = calloutView.annotation as? CalloutAnnotation
        self.calloutView = calloutView
        map.annotationLayer.layout(map.viewport)
        needsAutoPan = true
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

    func layout() {
        guard needsAutoPan, let calloutView, calloutView.annotation != nil else { return }
        needsAutoPan = false
        let pan = map.callouts.placer.panToShow(calloutView.frame, in: map.viewport.bounds)
        if pan != .zero { map.animatePan(by: pan) }
    }

    func contains(_ point: Point) -> Bool { false }  // hit with the pins, as an annotation

    var frame: Rect? { calloutView?.frame }

    func dismiss(animated: Bool) {
        guard let callout else { return }
        self.callout = nil
        calloutView = nil
        map.annotationLayer.detach(callout)
    }

    var widget: UnsafeMutablePointer<GtkWidget>? { nil }
}
