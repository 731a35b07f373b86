import CalloutMapCore
import CalloutMapGtk
import Foundation

/// How the app speaks of a place of the world.
@MainActor
enum WorldPlaceText {
    /// "Capital of Germany", "Town in France", "Country".
    static func kind(of place: WorldPlace) -> String {
        switch place.kind {
        case .country: return tr("Country")
        case .capital: return place.countryName.map { String(format: tr("Capital of %@"), $0) } ?? tr("Capital")
        case .town: return place.countryName.map { String(format: tr("Town in %@"), $0) } ?? tr("Town")
        }
    }

    /// A pin for the place, its data the callout's and the details' (country, people).
    static func annotation(for place: WorldPlace) -> PointAnnotation {
        var data: AnnotationProperties = ["kind": SearchPin.kind]
        if let country = place.countryName { data[tr("Country")] = country }
        if place.kind != .country {
            data[tr("Population")] = place.population.formatted(.number.locale(UserLocale.numbers()))
        }
        return PointAnnotation(coordinate: place.coordinate, title: place.name, subtitle: kind(of: place), properties: data)
    }

    /// How close to go: a country whole, a city and its surroundings, a town's streets.
    static func zoom(for place: WorldPlace) -> Double {
        switch place.kind {
        case .country: 5
        case .capital, .town: place.population >= 1_000_000 ? 10 : 12
        }
    }
}
