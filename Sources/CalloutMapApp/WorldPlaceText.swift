import CalloutMapCore
import CalloutMapGtk
import Foundation

/// How the app speaks of a place of the world.
@MainActor
enum WorldPlaceText {
    /// A pin for the place, its data the callout's and the details' (country, people).
    static func annotation(for place: WorldPlace) -> PointAnnotation {
        var data: AnnotationProperties = ["kind": SearchPin.kind]
        if let country = place.countryName { data[tr("Country")] = country }
        if place.kind != .country {
            data[tr("Population")] = place.population.formatted(.number.locale(UserLocale.numbers()))
        }
        return PointAnnotation(coordinate: place.coordinate, title: place.name, subtitle: place.localizedKind, properties: data)
    }

    /// How close to go: a country whole, a city and its surroundings, a town's streets.
    static func zoom(for place: WorldPlace) -> Double {
        switch place.kind {
        case .country: 5
        case .capital, .town: place.population >= 1_000_000 ? 10 : 12
        }
    }
}
