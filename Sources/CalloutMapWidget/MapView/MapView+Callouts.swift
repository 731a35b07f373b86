import CCalloutMapGtk
import CalloutMapCore

/// The map as its open callouts see it (`CalloutsMap`).
extension MapView: CalloutsMap {
    var calloutParent: UnsafeMutablePointer<GtkWidget>? { widget }
    var isDark: Bool { style.isDark }
    var isHeld: Bool { motion.isHeld }

    func calloutObstacles(selectedPins: [Rect]) -> [Rect] {
        CalloutObstacles.rects(plates: scene().plates, zoomButtons: zoomControls.frame(mapWidth: viewport.size.width, margins: layoutMargins),
                               margins: layoutMargins, size: viewport.size, selectedPins: selectedPins)
    }

    func report(_ event: CalloutReport) {
        switch event {
        case .shown(let view): delegate?.mapView(self, didShowCalloutFor: view)
        case .hidden(let view): delegate?.mapView(self, didHideCalloutFor: view)
        case .placed(let view, let frame): delegate?.mapView(self, didPlaceCalloutFor: view, frame: frame)
        case .controlTapped(let control, let view): delegate?.mapView(self, annotationView: view, calloutAccessoryControlTapped: control)
        case .popoverClosing(let view): delegate?.mapView(self, didCloseCalloutPopoverFor: view)
        case .closedByUser(let view): calloutWasClosed(for: view)
        }
    }
}
