import CalloutMapCore
import Foundation
import XCTest

/// glibc's `malloc_usable_size` (its header, malloc.h, is not in Swift's Glibc module).
@_silgen_name("malloc_usable_size") private func usableSize(_ block: UnsafeMutableRawPointer) -> Int

/// `PointAnnotation` keeps what few places have apart, so a million of them stay small.
final class PointAnnotationTests: XCTestCase {
    /// Malloc's usable bytes of one place: 72 (its 16-byte header, coordinate, title, properties,
    /// the summary flag and the box of rare fields). With a subtitle and an identifier stored in
    /// every place it was 104.
    func testAPlaceTakesSeventyTwoBytes() {
        for place in [PointAnnotation(coordinate: Coordinate(latitude: 1, longitude: 2), title: "A"),
                      PointAnnotation(coordinate: Coordinate(latitude: 1, longitude: 2), title: "A", subtitle: "B", identifier: "c")] {
            XCTAssertEqual(usableSize(Unmanaged.passUnretained(place).toOpaque()), 72)
        }
    }

    func testSubtitleAndIdentifierAreKeptAndChanged() {
        let plain = PointAnnotation(coordinate: Coordinate(latitude: 1, longitude: 2), title: "A")
        XCTAssertNil(plain.subtitle)
        XCTAssertNil(plain.identifier)
        plain.identifier = "id-1"
        XCTAssertNil(plain.subtitle, "setting one leaves the other")
        plain.subtitle = "Sub"
        XCTAssertEqual(plain.identifier, "id-1")
        XCTAssertEqual(plain.subtitle, "Sub")
        plain.identifier = nil
        XCTAssertNil(plain.identifier)
        XCTAssertEqual(plain.subtitle, "Sub")

        let given = PointAnnotation(coordinate: Coordinate(latitude: 1, longitude: 2), subtitle: "S", identifier: "i")
        XCTAssertEqual(given.subtitle, "S")
        XCTAssertEqual(given.identifier, "i")
        let onlyIdentifier = PointAnnotation(coordinate: Coordinate(latitude: 1, longitude: 2), identifier: "j")
        XCTAssertNil(onlyIdentifier.subtitle)
        XCTAssertEqual(onlyIdentifier.identifier, "j")
    }

    /// A file's place with an `id` and no subtitle: the subtitle is still made from its properties.
    func testAFilesPlaceKeepsItsIdentifierAndItsSummary() throws {
        let text = #"{"type":"Feature","id":"p7","geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"name":"Paris","city":"Paris"}}"#
        let place = try XCTUnwrap(GeoJSONLoader.load(data: Data(text.utf8), file: "p.geojson").annotations.first)
        XCTAssertEqual(place.identifier, "p7")
        XCTAssertEqual(place.subtitle, "city: Paris")
        place.subtitle = "Capital"
        XCTAssertEqual(place.subtitle, "Capital")
        XCTAssertEqual(place.identifier, "p7")
    }
}
