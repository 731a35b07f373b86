import CalloutMapCore
import Foundation

/// The map's look, each part redrawing (or laying out again) only what it changes.
extension MapView {
    /// The basemap's colours (light or dark).
    public var style: BasemapStyle {
        get { appearance.style }
        set {
            update(\.style, to: newValue) {
                overlayLayer.isDark = newValue.isDark
                tileLayers.forEach { $0.isDark = newValue.isDark }
                queueDraw()
            }
        }
    }

    /// The scale bar's units; by default those customary in the person's locale (LC_MEASUREMENT:
    /// feet and miles in the United States, metres elsewhere).
    public var scaleUnits: ScaleUnits {
        get { appearance.scaleUnits }
        set { update(\.scaleUnits, to: newValue) { queueDraw() } }
    }

    /// How the scale bar writes its number; by default the person's (LC_NUMERIC).
    public var numberLocale: Locale {
        get { appearance.numberLocale }
        set { update(\.numberLocale, to: newValue) { queueDraw() } }
    }

    /// Whether the map names the world's countries, cities and towns (`worldPlaces`) — over the
    /// offline map, and over tile sources that have no names of their own (`TileSource.hasLabels`).
    /// On by default.
    public var showsPlaceNames: Bool {
        get { appearance.showsPlaceNames }
        set {
            update(\.showsPlaceNames, to: newValue) {
                queueDraw()
                scheduleSummary()
            }
        }
    }

    /// Whether zoom in and out buttons float in the map's top-right corner (as on macOS's MapKit);
    /// callouts keep clear of them. Off by default.
    public var showsZoomControls: Bool {
        get { appearance.showsZoomControls }
        set {
            update(\.showsZoomControls, to: newValue) {
                guard let widget else { return }
                zoomControls.setShown(newValue, in: widget)
                zoomControls.update(zoom: viewport.zoom)
                queueAllocate()
            }
        }
    }

    /// What lies over the map's edges — a toast, a bar, a panel of the app's (MapKit's
    /// `layoutMargins`): the scale bar, the attribution and the zoom buttons move inside it,
    /// and callouts keep out of it.
    public var layoutMargins: EdgeInsets {
        get { appearance.layoutMargins }
        set {
            update(\.layoutMargins, to: newValue) {
                queueDraw()
                queueAllocate()
            }
        }
    }

    /// Sets one part of the look; `changed` runs only when the value is new.
    private func update<Value: Equatable>(_ part: WritableKeyPath<MapAppearance, Value>, to value: Value, changed: () -> Void) {
        guard appearance[keyPath: part] != value else { return }
        appearance[keyPath: part] = value
        changed()
    }
}
