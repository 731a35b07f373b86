import CalloutMapCore
import Foundation

/// How the map draws what is its own — the basemap's colours, the scale bar's units and number
/// format, the world's names, the zoom buttons, and the margins its plates and callouts keep
/// inside — as one value (`MapView+Appearance` gives each its public property).
struct MapAppearance {
    var style: BasemapStyle
    var scaleUnits: ScaleUnits = UserLocale.scaleUnits()
    var numberLocale: Locale = UserLocale.numbers()
    var showsPlaceNames = true
    var showsZoomControls = false
    var layoutMargins = EdgeInsets.zero
}
