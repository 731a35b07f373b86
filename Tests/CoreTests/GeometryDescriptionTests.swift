import CalloutMapCore
import XCTest

/// Geometry prints as the code that makes it (issue 42, item 9: it printed its module's path in every part).
final class GeometryDescriptionTests: XCTestCase {
    func testGeometryPrintsAsTheCodeThatMakesIt() {
        XCTAssertEqual("\(Rect(x: 80, y: 45, width: 200, height: 58))", "Rect(x: 80, y: 45, width: 200, height: 58)")
        XCTAssertEqual("\(Point(x: 60, y: 100.5))", "Point(x: 60, y: 100.5)")
        XCTAssertEqual("\(Size(width: 112.25, height: 25))", "Size(width: 112.25, height: 25)")
        XCTAssertEqual("\(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))", "EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)")
        XCTAssertEqual("\(Point(x: .nan, y: -.infinity))", "Point(x: nan, y: -inf)")
        XCTAssertEqual("\(Point(x: -0.0, y: 1e20))", "Point(x: 0, y: 1e+20)")
    }
}
