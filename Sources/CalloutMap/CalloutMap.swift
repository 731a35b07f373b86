// One import for an app that uses the map: `import CalloutMap` gives the pure-Swift
// core (coordinates, camera, annotations, GeoJSON, tile sources, clustering) and the
// map widget with its views, callouts and application helpers. GTK itself stays
// behind named escape hatches (`gtkWidget`, `cairoContext`, …), so an app may use
// any GTK binding of its own beside this one.
@_exported import CalloutMapCore
@_exported import CalloutMapWidget
