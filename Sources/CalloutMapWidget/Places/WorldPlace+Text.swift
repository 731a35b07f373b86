import CalloutMapCore
import CalloutMapGtk

extension WorldPlace {
    /// What the place is, in the user's language: "Capital of Germany", "Town in France", "Country".
    public var localizedKind: String {
        switch kind {
        case .country: return tr("Country")
        case .capital: return countryName.map { String(format: tr("Capital of %@"), $0) } ?? tr("Capital")
        case .town: return countryName.map { String(format: tr("Town in %@"), $0) } ?? tr("Town")
        }
    }

    /// How a screen reader names the place: "Lyon, Town in France".
    var accessibleName: String { "\(name), \(localizedKind)" }
}
