import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// Tooltips: resting the pointer on a pin or shape shows its title and subtitle (GTK's own
/// tooltip, after its delay), and so does keyboard focus (`FocusTooltip`). None while the map
/// moves or a pin is dragged, none for an item whose callout is open, none over a callout or
/// while a menu or the chooser is open.
extension MapView {
    /// What a tooltip is about: its identity (to tell a new one from the same), text, and the
    /// area it stays valid over (map coordinates).
    struct TooltipItem {
        var id: ObjectIdentifier
        var title: String
        var text: String
        var area: Rect
    }

    func installTooltips() {
        gtk_widget_set_has_tooltip(widget, 1)
        Signal.connect(widget, "query-tooltip") { [weak self] (x: Int32, y: Int32, _: Bool, tooltip: OpaquePointer?) -> Bool in
            guard let self, let tooltip, let item = self.tooltipItem(at: Point(x: Double(x), y: Double(y))) else {
                self?.tooltips.noneShown()
                return false
            }
            gtk_tooltip_set_text(tooltip, item.text)  // plain text: never markup
            var area = GdkRectangle(x: Int32(item.area.minX.rounded(.down)), y: Int32(item.area.minY.rounded(.down)),
                                    width: Int32(item.area.width.rounded(.up)), height: Int32(item.area.height.rounded(.up)))
            gtk_tooltip_set_tip_area(tooltip, &area)
            self.reportTooltip(item)
            return true
        }
    }

    /// The pin or shape a tooltip would be for at a point, if one should show now.
    func tooltipItem(at point: Point) -> TooltipItem? {
        guard !isMoving, input.draggedPin == nil, !contextMenu.isShowing, !chooser.isShowing, !callouts.contains(point) else { return nil }
        if let view = annotationView(at: point), let a = view.annotation {
            guard !(a is CalloutAnnotation || a is OverlayAnchor || a is MapFeatureAnnotation), !callouts.isShowing(for: view) else { return nil }
            return Self.tooltip(for: a, area: view.frame)
        }
        guard let shape = overlays(at: point, slack: Self.pointerSlack).first,
              !selectedOverlays.contains(where: { $0 === shape }) else { return nil }
        let area = overlayLayer.screenFrame(of: shape, in: viewport) ?? Rect(x: point.x - 8, y: point.y - 8, width: 16, height: 16)
        return Self.tooltip(for: shape, title: shape.title, subtitle: shape.subtitle, area: area)
    }

    private static func tooltip(for a: any Annotation, area: Rect) -> TooltipItem? {
        if let cluster = a as? ClusterAnnotation {
            let text = String(format: trn("%d place", "%d places", cluster.count), cluster.count)
            return TooltipItem(id: ObjectIdentifier(a), title: text, text: text, area: area)
        }
        return tooltip(for: a, title: a.title, subtitle: a.subtitle, area: area)
    }

    private static func tooltip(for item: AnyObject, title: String?, subtitle: String?, area: Rect) -> TooltipItem? {
        guard let title, !title.isEmpty else { return nil }
        let text = subtitle.map { $0.isEmpty ? title : "\(title)\n\($0)" } ?? title
        return TooltipItem(id: ObjectIdentifier(item), title: title, text: text, area: area)
    }

    /// Tells the delegate once per item shown (GTK asks again as the pointer moves over it).
    private func reportTooltip(_ item: TooltipItem) {
        guard tooltips.shouldReport(item.id) else { return }
        delegate?.mapView(self, didShowTooltipWith: item.title)
    }

    /// Keyboard focus moved to a pin or shape (or off them): its tooltip follows.
    func keyboardFocusMoved() {
        guard let widget else { return }
        var item: TooltipItem?
        if pinProxies.hasFocus, let view = pinProxies.current, let a = view.annotation, !callouts.isShowing(for: view) {
            item = Self.tooltip(for: a, area: view.frame)
        } else if let shape = shapeProxies.focused, !selectedOverlays.contains(where: { $0 === shape }),
                  let frame = overlayLayer.screenFrame(of: shape, in: viewport) {
            let visible = Rect(x: max(0, frame.minX), y: max(0, frame.minY),
                               width: min(viewport.size.width, frame.maxX) - max(0, frame.minX),
                               height: min(viewport.size.height, frame.maxY) - max(0, frame.minY))
            item = Self.tooltip(for: shape, title: shape.title, subtitle: shape.subtitle, area: visible)
        }
        guard let item else {
            tooltips.focus.hide()
            return
        }
        tooltips.focus.show(item.text, beside: item.area, in: widget, stillWanted: { [weak self] in
            guard let self else { return false }
            return (self.pinProxies.hasFocus && self.pinProxies.current?.annotation.map(ObjectIdentifier.init) == item.id)
                || (self.shapeProxies.focused.map(ObjectIdentifier.init) == item.id)
        }, shown: { [weak self] in
            self?.tooltips.noneShown()
            self?.reportTooltip(item)
        })
    }
}
