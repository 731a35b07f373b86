@testable import CalloutMapCore
import Foundation
import XCTest

/// The world place names file: what it holds, how it is read, and how a bad one is refused.
final class WorldPlacesTests: XCTestCase {
    func testTheBundledFileHoldsTheWorldsTownsAndCountries() throws {
        let world = try WorldPlaces.bundled()
        XCTAssertEqual(world.places.count, 33_757 + 239)
        XCTAssertEqual(world.places.filter { $0.kind == .country }.count, 239)
        XCTAssertEqual(world.places.filter { $0.kind == .capital }.count, 231)
        XCTAssertEqual(world.places.indices.map { $0 }, world.places.map(\.rank), "a place's rank is its index")
        // Countries first, by area; then towns by population.
        XCTAssertEqual(world.places.first?.name, "Russia")
        let towns = world.places.filter { $0.kind != .country }
        XCTAssertEqual(towns.first?.name, "Shanghai")
        XCTAssertTrue(zip(towns, towns.dropFirst()).allSatisfy { $0.population >= $1.population })

        let munich = try XCTUnwrap(world.places.first { $0.name == "Munich" })
        XCTAssertEqual(munich.countryCode, "DE")
        XCTAssertEqual(munich.countryName, "Germany")
        XCTAssertEqual(munich.coordinate.latitude, 48.13743, accuracy: 1e-5)
        XCTAssertEqual(munich.coordinate.longitude, 11.57549, accuracy: 1e-5)
        let others = world.alternateNames(of: munich)
        XCTAssertTrue(others.contains("Munchen") && others.contains("Muenchen") && others.contains("MUC"), "\(others)")
        XCTAssertFalse(others.contains { $0.contains("Lungsod") }, "names that only add words around the name are left out")
        XCTAssertFalse(others.contains("Munich"), "the name itself is not an alternate")
        XCTAssertFalse(others.contains { $0 == $0.lowercased() }, "lower-case transliterations of other scripts are left out")

        let paris = try XCTUnwrap(world.places.first { $0.name == "Paris" && $0.countryCode == "FR" })
        XCTAssertEqual(paris.kind, .capital)
        XCTAssertNil(world.places.first { $0.name.hasPrefix("Zürich (Kreis") }, "a city's districts are not towns of their own")
        let france = try XCTUnwrap(world.places.first { $0.name == "France" && $0.kind == .country })
        XCTAssertEqual(france.coordinate.latitude, 46.5, accuracy: 1.5, "France's label is in France, not between its parts")
        XCTAssertEqual(france.coordinate.longitude, 2.5, accuracy: 2)
    }

    func testPlacesInAnAreaComeMostImportantFirstAndTheWorldRepeats() throws {
        let world = try WorldPlaces.bundled()
        // Around Paris, at zoom 10's scale.
        let p = WebMercator.worldPoint(for: Coordinate(latitude: 48.8566, longitude: 2.3522))
        let near = world.places(inWorld: p.x - 0.0005, p.y - 0.0005, p.x + 0.0005, p.y + 0.0005)
        XCTAssertEqual(near.first?.name, "Paris")
        XCTAssertEqual(near.map(\.rank), near.map(\.rank).sorted())
        XCTAssertEqual(Set(near.map(\.rank)).count, near.count, "each once")
        // Across the antimeridian: Fiji's Suva (178.4° E) from a box running past x = 1 and from one before x = 0.
        let suva = WebMercator.worldPoint(for: Coordinate(latitude: -18.14, longitude: 178.44))
        let east = world.places(inWorld: suva.x - 0.001, suva.y - 0.001, suva.x + 0.02, suva.y + 0.001)
        let west = world.places(inWorld: suva.x - 1.001, suva.y - 0.001, suva.x - 0.98, suva.y + 0.001)
        XCTAssertTrue(east.contains { $0.name == "Suva" })
        XCTAssertEqual(east.map(\.rank), west.map(\.rank))
        // A filter, and nonsense areas.
        XCTAssertTrue(world.places(inWorld: 0, 0, 1, 1) { $0.kind == .country }.allSatisfy { $0.kind == .country })
        XCTAssertEqual(world.places(inWorld: 0, 0, 1, 1) { $0.kind == .country }.count, 239)
        XCTAssertEqual(world.places(inWorld: .nan, 0, 1, 1).count, 0)
        XCTAssertEqual(world.places(inWorld: 0.5, 0.5, 0.4, 0.6).count, 0)
        XCTAssertEqual(world.places(inWorld: -.infinity, 0, .infinity, 1).count, 0)
    }

    /// A small file made by hand, as the tool writes them.
    static func file(places: [(kind: UInt8, country: Int, lat: Int32, lon: Int32, population: Int, name: String, alternates: [String])],
                     countries: [(String, String)] = [("FR", "France")]) -> [UInt8] {
        func varint(_ n: Int) -> [UInt8] {
            var n = n, out: [UInt8] = []
            repeat { out.append(UInt8(n & 0x7F) | (n >= 0x80 ? 0x80 : 0)); n >>= 7 } while n > 0
            return out
        }
        func text(_ s: String) -> [UInt8] { varint(s.utf8.count) + Array(s.utf8) }
        func int32(_ v: Int32) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }
        var bytes = Array("CMPN".utf8) + [1] + varint(countries.count)
        for (code, name) in countries { bytes += Array(code.utf8) + text(name) }
        bytes += varint(places.count)
        for p in places {
            bytes += [p.kind] + varint(p.country) + int32(p.lat) + int32(p.lon) + varint(p.population) + text(p.name) + varint(p.alternates.count)
            for a in p.alternates { bytes += text(a) }
        }
        return bytes
    }

    func testAFileMadeByHandReadsBack() throws {
        let bytes = Self.file(places: [
            (2, 0, 4_650_000, 250_000, 551_695, "France", ["FRA"]),
            (1, 0, 4_885_660, 235_220, 2_138_551, "Paris", ["Lutetia", "Pari\u{17E}"]),
            (0, 5, -100, 17_999_999, 20_000, "Nowhere", []),
        ])
        let world = try WorldPlaces(bytes: bytes, file: "hand.cmpn")
        XCTAssertEqual(world.places.map(\.name), ["France", "Paris", "Nowhere"])
        XCTAssertEqual(world.places.map(\.kind), [.country, .capital, .town])
        XCTAssertEqual(world.places[1].coordinate, Coordinate(latitude: 48.8566, longitude: 2.3522))
        XCTAssertEqual(world.places[2].coordinate.latitude, -0.001, accuracy: 1e-12)
        XCTAssertEqual(world.places[1].countryName, "France")
        XCTAssertNil(world.places[2].countryCode, "a country index past the list is no country")
        XCTAssertEqual(world.alternateNames(of: world.places[1]), ["Lutetia", "Paris".dropLast() + "\u{17E}"])
        XCTAssertEqual(world.alternateNames(of: world.places[2]), [])
        XCTAssertEqual(world.alternateNames(of: WorldPlace(rank: 99, kind: .town, name: "x", coordinate: Coordinate(latitude: 0, longitude: 0),
                                                           population: 0, countryCode: nil, countryName: nil)), [])
    }

    func testABadFileIsAnErrorNamingIt() {
        let good = Self.file(places: [(1, 0, 4_885_660, 235_220, 2_138_551, "Paris", ["Lutetia"])])
        func reason(_ bytes: [UInt8]) -> String? {
            do { _ = try WorldPlaces(bytes: bytes, file: "bad.cmpn"); return nil } catch {
                XCTAssertEqual(error.file, "bad.cmpn")
                return error.reason
            }
        }
        XCTAssertNil(reason(good))
        XCTAssertEqual(reason([]), "is not a place names file")
        XCTAssertEqual(reason(Array("CMPN".utf8) + [2]), "is version 2 of the place names format; this reads version 1")
        for cut in 5..<good.count {
            XCTAssertNotNil(reason(Array(good.prefix(cut))), "cut at \(cut)")
        }
        XCTAssertEqual(reason(good + [0]), "has 1 bytes after its last place")
        XCTAssertEqual(reason(Self.file(places: [(7, 0, 0, 0, 1, "X", [])])), "has a place of unknown kind")
        XCTAssertEqual(reason(Self.file(places: [(0, 0, 9_100_000, 0, 1, "X", [])])), "has a place at an impossible position (91.0, 0.0)")
        XCTAssertEqual(reason(Self.file(places: [], countries: [("fr", "France")])), "has a country code that is not two capital letters")
        XCTAssertEqual(reason(Array("CMPN".utf8) + [1, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]), "claims 34359738367 entries")
        XCTAssertEqual(reason(Array("CMPN".utf8) + [1] + [UInt8](repeating: 0xFF, count: 10)), "has a number too long to be one")
        // Bad UTF-8 is read as U+FFFD, never trusted.
        var bytes = Self.file(places: [(0, 0, 0, 0, 1, "Xy", [])])
        bytes[bytes.count - 2] = 0xFF
        XCTAssertEqual(try WorldPlaces(bytes: bytes).places.first?.name, "X\u{FFFD}")
    }

    func testAMissingFileIsAnErrorNamingIt() {
        XCTAssertThrowsError(try WorldPlaces(contentsOf: URL(fileURLWithPath: "/nonexistent/places.cmpn"))) { error in
            XCTAssertEqual((error as? WorldPlacesError)?.file, "/nonexistent/places.cmpn")
        }
    }
}
