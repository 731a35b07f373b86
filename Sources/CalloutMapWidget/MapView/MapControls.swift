import CalloutMapCore

/// The small widgets the map puts over itself, each telling what was asked of it through the
/// closures the map sets: the list to pick from places a click cannot tell apart, the context
/// menu, and the zoom buttons.
@MainActor
final class MapControls {
    /// The list of places a click cannot tell apart (stacked pins, a cluster that cannot split).
    let chooser = PinChooser()
    /// The context menu (right-click, long press, Shift+F10 or Menu).
    let contextMenu = MapContextMenu()
    /// The zoom buttons in the map's corner (`showsZoomControls`).
    let zoomButtons = ZoomControls()
}

extension MapView {
    var chooser: PinChooser { controls.chooser }
    var contextMenu: MapContextMenu { controls.contextMenu }
    var zoomControls: ZoomControls { controls.zoomButtons }

    /// The controls, wired to what they ask of the map.
    func makeControls() -> MapControls {
        let controls = MapControls()
        controls.chooser.onChoose = { [weak self] annotation in
            guard let self else { return }
            self.selectAnnotation(annotation, animated: true, addingToSelection: self.chooser.addsToSelection)
        }
        controls.chooser.onHide = { [weak self] in
            guard let self, !self.isDisposed else { return }
            self.delegate?.mapViewDidHideChooser(self)
        }
        controls.contextMenu.onZoomIn = { [weak self] p in self?.zoom(by: ZoomSteps.key, keeping: p) }
        controls.contextMenu.onCenter = { [weak self] p in
            guard let self else { return }
            self.animatePan(by: Point(x: self.viewport.size.width / 2 - p.x, y: self.viewport.size.height / 2 - p.y))
        }
        controls.contextMenu.onCopy = { [weak self] text in
            guard let self else { return }
            self.delegate?.mapView(self, didCopy: text)
        }
        controls.zoomButtons.onZoom = { [weak self] step in self?.zoom(by: step * ZoomSteps.key) }
        return controls
    }
}
