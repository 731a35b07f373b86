/// What a map feature is, in words people use, from the tiles' `subclass` and `class` (the
/// OpenMapTiles schema writes OpenStreetMap's tag values there: "cafe", "fast_food", "primary").
///
/// The rules, in order:
/// 1. `subclass` says it more exactly than `class`, unless it says nothing ("yes").
/// 2. A value whose raw form misleads or reads badly has its own words ("primary" is a main road,
///    "beer" a pub, "minor" a street); a value too vague to help ("amenity", "shop" beside a
///    subclass) gives way to the other.
/// 3. Any other value is read as written: underscores become spaces, the first letter a capital
///    ("clothing_store": "Clothing store").
/// 4. Without either, the tiles' layer names it when it is a thing ("building": "Building").
enum MapFeatureWords {
    static func subtitle(properties: [String: String], layer: String) -> String? {
        let vague: Set<String> = ["yes", "amenity", "shop", "tourism", "leisure", "building", "other"]
        let candidates = [properties["subclass"], properties["class"]].compactMap { $0 }.filter { !$0.isEmpty }
        // Rules 1 and 2: the first that says something; a vague one only when nothing else does.
        if let value = candidates.first(where: { !vague.contains($0) }) ?? candidates.first(where: { $0 != "yes" }) {
            return words(for: value)
        }
        return layerWords[layer]  // rule 4
    }

    /// Rule 2's own words; rule 3 otherwise.
    static func words(for value: String) -> String {
        if let own = ownWords[value] { return own }
        let spaced = value.replacingOccurrences(of: "_", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    private static let ownWords: [String: String] = [
        "cafe": "Café", "beer": "Pub", "lodging": "Hotel", "post": "Post office", "post_box": "Post box",
        "motorway": "Motorway", "trunk": "Main road", "primary": "Main road", "secondary": "Road",
        "tertiary": "Road", "minor": "Street", "residential": "Street", "service": "Service road",
        "path": "Path", "footway": "Footpath", "cycleway": "Cycle path", "pedestrian": "Pedestrian street",
        "rail": "Railway", "transit": "Railway", "tram": "Tramway", "subway": "Metro line",
        "town_hall": "Town hall", "college": "College", "grocery": "Grocery shop", "car": "Car shop",
        "amenity": "Amenity", "shop": "Shop", "tourism": "Sight", "leisure": "Leisure",
        "building": "Building", "other": "Place",
    ]

    private static let layerWords: [String: String] = [
        "building": "Building", "park": "Park", "water": "Water", "waterway": "Waterway",
        "transportation": "Road", "transportation_name": "Road", "landuse": "Land", "landcover": "Land",
        "poi": "Place", "place": "Place", "aeroway": "Airport",
    ]
}
