@testable import CalloutMapWidget
import CalloutMapCore
import XCTest

/// The small types that hold the map's input state, apart from the widget.
final class MapInputStateTests: XCTestCase {
    /// A press is a click only with the primary button (or a finger) and when it opened no menu;
    /// each press starts afresh.
    func testAPressIsAClickOnlyFromThePrimaryButtonWithoutAMenu() {
        MainActor.assumeIsolated {
            var input = PointerInput()
            input.beginPress(isTouch: false, addsToSelection: true, isPrimary: true)
            XCTAssertTrue(input.releaseIsClick)
            XCTAssertTrue(input.addsToSelection)
            input.openedMenu = true  // a long press
            XCTAssertFalse(input.releaseIsClick)
            input.beginPress(isTouch: true, addsToSelection: false, isPrimary: true)
            XCTAssertTrue(input.releaseIsClick, "the next press starts afresh")
            XCTAssertTrue(input.isTouch)
            XCTAssertFalse(input.addsToSelection)
            input.beginPress(isTouch: false, addsToSelection: false, isPrimary: false)
            XCTAssertFalse(input.releaseIsClick, "the secondary button opens the menu, it does not click")
        }
    }

    /// The delegate hears of a tooltip once per item shown, however often GTK asks again.
    func testATooltipIsReportedOncePerItemShown() {
        MainActor.assumeIsolated {
            let tooltips = MapTooltips()
            let first = NSObject(), second = NSObject()  // alive throughout: two identities
            let a = ObjectIdentifier(first), b = ObjectIdentifier(second)
            XCTAssertTrue(tooltips.shouldReport(a))
            XCTAssertFalse(tooltips.shouldReport(a), "GTK asked again as the pointer moved")
            XCTAssertTrue(tooltips.shouldReport(b))
            XCTAssertTrue(tooltips.shouldReport(a), "another item's came between")
            tooltips.noneShown()
            XCTAssertTrue(tooltips.shouldReport(a), "none showed between")
        }
    }
}
