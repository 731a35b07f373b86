/// A named place of the world: a town, a capital or a country, from the world place names file.
public struct WorldPlace: Hashable, Sendable {
    /// What kind of place it is; countries are labelled differently from towns.
    public enum Kind: UInt8, Sendable {
        /// A city or town.
        case town = 0
        /// A country's capital.
        case capital = 1
        /// A country, at the point deepest inside its largest part.
        case country = 2
    }

    /// Its place in the file: the lower, the more important (countries by area, then towns by
    /// population). Labels and search results break ties by it.
    public let rank: Int
    /// Town, capital or country.
    public let kind: Kind
    /// Its name as GeoNames gives it ("Munich", "Zürich").
    public let name: String
    /// Where its label goes.
    public let coordinate: Coordinate
    /// Inhabitants of a town; a country's area in km².
    public let population: Int
    /// The ISO 3166 code of its country ("DE"), nil when unknown.
    public let countryCode: String?
    /// The country's name ("Germany"), nil when unknown.
    public let countryName: String?

    /// A place; the names file makes them, and so may an app with places of its own.
    public init(rank: Int, kind: Kind, name: String, coordinate: Coordinate, population: Int,
                countryCode: String?, countryName: String?) {
        self.rank = rank
        self.kind = kind
        self.name = name
        self.coordinate = coordinate
        self.population = population
        self.countryCode = countryCode
        self.countryName = countryName
    }
}
