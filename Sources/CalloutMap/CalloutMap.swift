// One import for an app that uses the map: `import CalloutMap` gives the pure-Swift
// core (coordinates, camera, annotations, GeoJSON, tile sources, clustering), the
// map widget and its views, the safe GTK layer (signals, main loop) and, while parts
// of the API still hand out GTK pointers, GTK's C API itself.
@_exported import CCalloutMapGtk
@_exported import CalloutMapCore
@_exported import CalloutMapGtk
@_exported import CalloutMapWidget
