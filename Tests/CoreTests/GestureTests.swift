import CalloutMapCore
import XCTest

final class GestureTests: XCTestCase {
    func testPressBecomesDragPastThresholdAndStaysOne() {
        var t = PressTracker(start: Point(x: 100, y: 100))
        XCTAssertFalse(t.move(to: Point(x: 103, y: 102)))
        XCTAssertTrue(t.move(to: Point(x: 106, y: 100)))
        XCTAssertTrue(t.move(to: Point(x: 100, y: 100)), "coming back does not make it a click")
    }

    func testKineticPanDeceleratesAndStops() {
        XCTAssertNil(KineticPan(velocity: Point(x: 50, y: 0)), "slow releases do not glide")
        XCTAssertNil(KineticPan(velocity: Point(x: .nan, y: 0)))
        let k = KineticPan(velocity: Point(x: 1000, y: -500))!
        let a = k.offset(at: 0.1), b = k.offset(at: 0.2), end = k.offset(at: 10)
        XCTAssertGreaterThan(a.x, 0)
        XCTAssertGreaterThan(b.x - a.x, 0)
        XCTAssertLessThan(b.x - a.x, a.x, "slows down")
        XCTAssertEqual(end.x, 1000 * KineticPan.timeConstant, accuracy: 1e-6)
        XCTAssertLessThan(end.y, 0)
        XCTAssertFalse(k.isFinished(at: 0.5))
        XCTAssertTrue(k.isFinished(at: k.duration))
        XCTAssertLessThan(k.duration, 2)
    }

    func testZoomAnimationEasesToTarget() {
        let a = ZoomAnimation(from: 12, to: 13, anchor: .zero, start: 5)
        XCTAssertEqual(a.zoom(at: 5), 12)
        XCTAssertGreaterThan(a.zoom(at: 5.1), 12.5, "ease-out moves most of the way early")
        XCTAssertEqual(a.zoom(at: 5 + ZoomAnimation.duration), 13)
        XCTAssertTrue(a.isFinished(at: 5.3))
    }

    func testPinchScaleToZoom() {
        XCTAssertEqual(ZoomSteps.pinch(scale: 2), 1, accuracy: 1e-12)
        XCTAssertEqual(ZoomSteps.pinch(scale: 0.5), -1, accuracy: 1e-12)
        XCTAssertEqual(ZoomSteps.pinch(scale: 0), 0)
    }

    func testScaleBarPicksOneTwoFiveSteps() {
        let bar = ScaleBar(metresPerPixel: 30.2088, maxWidth: 120)
        XCTAssertEqual(bar.metres, 2000)
        XCTAssertEqual(bar.label, "2 km")
        XCTAssertEqual(bar.width, 2000 / 30.2088, accuracy: 1e-9)
        XCTAssertEqual(ScaleBar(metresPerPixel: 0.3, maxWidth: 120).label, "20 m")
        XCTAssertEqual(ScaleBar(metresPerPixel: 4000, maxWidth: 100).label, "200 km")
    }

    func testScaleBarInFeetAndMilesWithTheLocalesDigitGrouping() {
        // 120 px at 10 m/px is 1,200 m: less than a mile, so feet (3,937 ft fit: 2,000 ft).
        let feet = ScaleBar(metresPerPixel: 10, maxWidth: 120, units: .imperial, locale: Locale(identifier: "en_US"))
        XCTAssertEqual(feet.label, "2,000 ft")
        XCTAssertEqual(feet.metres, 2000 * 0.3048, accuracy: 1e-9)
        XCTAssertEqual(feet.width, 2000 * 0.3048 / 10, accuracy: 1e-9)
        let miles = ScaleBar(metresPerPixel: 1000, maxWidth: 120, units: .imperial, locale: Locale(identifier: "en_US"))
        XCTAssertEqual(miles.label, "50 mi")  // 74.6 miles fit
        XCTAssertEqual(ScaleBar(metresPerPixel: 40_000, maxWidth: 100, units: .metric, locale: Locale(identifier: "de_DE")).label,
                       "2.000 km")
        XCTAssertEqual(ScaleBar(metresPerPixel: 40_000, maxWidth: 100, units: .metric, locale: Locale(identifier: "en_US")).label,
                       "2,000 km")
    }

    func testTheLocaleComesFromThePOSIXVariables() {
        XCTAssertEqual(UserLocale.scaleUnits(environment: ["LANG": "en_US.UTF-8"]), .imperial)
        XCTAssertEqual(UserLocale.scaleUnits(environment: ["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "en_GB.UTF-8"]), .metric)
        XCTAssertEqual(UserLocale.scaleUnits(environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "en_US"]), .imperial)
        XCTAssertEqual(UserLocale.scaleUnits(environment: ["LANG": "C.UTF-8"]), .metric)
        XCTAssertEqual(UserLocale.scaleUnits(environment: [:]), .metric)
        XCTAssertEqual(UserLocale.identifier(for: "LC_NUMERIC", environment: ["LANG": "de_DE.UTF-8@euro"]), "de_DE")
        XCTAssertEqual(UserLocale.numbers(environment: ["LC_NUMERIC": "de_DE.UTF-8"]).identifier, "de_DE")
        XCTAssertEqual(UserLocale.identifier(for: "LC_NUMERIC", environment: ["LANG": "es_419.UTF-8"]), "es_419")
        // What no locale name looks like is the C locale (a long name of other bytes crashed ICU).
        let hostile = "root-\u{14}X-&" + String(repeating: "\u{FFFD}", count: 56) + ".o"
        XCTAssertNil(UserLocale.identifier(for: "LC_NUMERIC", environment: ["LANG": hostile]))
        XCTAssertNil(UserLocale.identifier(for: "LC_NUMERIC", environment: ["LANG": String(repeating: "a", count: 40)]))
        XCTAssertNil(UserLocale.identifier(for: "LC_NUMERIC", environment: ["LANG": "C"]))
        XCTAssertEqual(UserLocale.numbers(environment: ["LANG": hostile]).identifier, "en_US_POSIX")
        let bar = ScaleBar(metresPerPixel: 30, maxWidth: 120, units: .metric, locale: UserLocale.numbers(environment: ["LANG": hostile]))
        XCTAssertEqual(bar.label, "2 km")
    }
}
