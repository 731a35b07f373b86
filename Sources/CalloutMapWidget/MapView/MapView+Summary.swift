import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

extension MapView {
    /// What is in view, in words — "Paris and 12 other places; 3 groups of places; nearest to
    /// the centre: Louvre" — as a screen reader hears the map (its accessible description) once
    /// the view settles: the biggest town named on the map (else a country named, else the pin
    /// nearest the centre) and how many more places there are (pins and named places), the clusters, and
    /// the pin nearest the centre.
    public var viewSummary: String {
        annotationLayer.layout(viewport)
        let bounds = viewport.bounds
        var pins: [AnnotationView] = [], groups = 0
        for view in annotationLayer.sortedViews where view.frame.intersects(bounds) {
            switch view.annotation {
            case is ClusterAnnotation: groups += 1
            case nil, is OverlayAnchor, is MapFeatureAnnotation, is CalloutAnnotation: break
            default: pins.append(view)
            }
        }
        // Named places, from the last drawing of the map's image (the view and a margin round it).
        let named = (shownPlaceLabels?.placedFrames(in: viewport) ?? []).filter { $0.frame.intersects(bounds) }.map(\.place)
        let middle = Point(x: bounds.width / 2, y: bounds.height / 2)
        func distance(_ v: AnnotationView) -> Double {
            let c = v.frame.center
            return (c.x - middle.x) * (c.x - middle.x) + (c.y - middle.y) * (c.y - middle.y)
        }
        let nearest = pins.min { distance($0) < distance($1) }?.annotation?.title
        let towns = named.filter { $0.kind != .country }
        let lead = (towns.isEmpty ? named : towns).min { $0.rank < $1.rank }?.name ?? nearest
        var parts: [String] = []
        let total = pins.count + named.count
        if let lead, total > 0 {
            parts.append(total == 1 ? lead : String(format: trn("%@ and %d other place", "%@ and %d other places", total - 1), lead, total - 1))
        }
        if groups > 0 { parts.append(String(format: trn("%d group of places", "%d groups of places", groups), groups)) }
        if let nearest, !nearest.isEmpty, total > 1 || named.count == 1 {
            parts.append(String(format: tr("nearest to the centre: %@"), nearest))
        }
        return parts.isEmpty ? tr("No places in view") : parts.joined(separator: "; ")
    }

    /// Tells screen readers what is in view a moment after the view settles (not on every frame),
    /// and lists the place names then drawn.
    func scheduleSummary() {
        reports.cancelSummary()
        reports.summaryTimer = Timer.after(milliseconds: 300) { [weak self] in
            guard let self else { return }
            self.reports.summaryTimer = 0  // fired: its source is gone
            guard let widget = self.widget else { return }
            cm_accessible_set_description(widget, self.viewSummary)
            self.placeNameProxies.sync()
        }
    }
}
