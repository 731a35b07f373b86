import CalloutMapCore
import Foundation

/// The map's look, each part redrawing (or laying out again) only what it changes.
extension MapView {
    /// The basemap's colours (light or dark).
    public var style: BasemapStyle {
        get { appearance.style }
        set {
            let old = appearance.style
            appearance.style = newValue
            overlayLayer.isDark = newValue.isDark
            if newValue != old { queueDraw() }
        }
    }

    /// The scale bar's units; by default those customary in the person's locale (LC_MEASUREMENT:
    /// feet and miles in the United States, metres elsewhere).
    public var scaleUnits: ScaleUnits {
        get { appearance.scaleUnits }
        set {
            guard newValue != appearance.scaleUnits else { return }
            appearance.scaleUnits = newValue
            queueDraw()
        }
    }

    /// How the scale bar writes its number; by default the person's (LC_NUMERIC).
    public var numberLocale: Locale {
        get { appearance.numberLocale }
        set {
            appearance.numberLocale = newValue
            queueDraw()
        }
    }

    /// Whether the map names the world's countries, cities and towns (`worldPlaces`) — over the
    /// offline map, and over tile sources that have no names of their own (`TileSource.hasLabels`).
    /// On by default.
    public var showsPlaceNames: Bool {
        get { appearance.showsPlaceNames }
        set {
            guard newValue != appearance.showsPlaceNames else { return }
            appearance.showsPlaceNames = newValue
            queueDraw()
            scheduleSummary()
        }
    }

    /// Whether zoom in and out buttons float in the map's top-right corner (as on macOS's MapKit);
    /// callouts keep clear of them. Off by default.
    public var showsZoomControls: Bool {
        get { appearance.showsZoomControls }
        set {
            guard newValue != appearance.showsZoomControls else { return }
            appearance.showsZoomControls = newValue
            guard let widget else { return }
            zoomControls.setShown(newValue, in: widget)
            zoomControls.update(zoom: viewport.zoom)
            queueAllocate()
        }
    }

    /// What lies over the map's edges — a toast, a bar, a panel of the app's (MapKit's
    /// `layoutMargins`): the scale bar, the attribution and the zoom buttons move inside it,
    /// and callouts keep out of it.
    public var layoutMargins: EdgeInsets {
        get { appearance.layoutMargins }
        set {
            guard newValue != appearance.layoutMargins else { return }
            appearance.layoutMargins = newValue
            queueDraw()
            queueAllocate()
        }
    }
}
