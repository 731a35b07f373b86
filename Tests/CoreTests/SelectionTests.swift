import CalloutMapCore
import XCTest

/// `MapSelection`'s rules, in its numbering, without a display.
final class SelectionTests: XCTestCase {
    private let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "a")
    private let b = PointAnnotation(coordinate: Coordinate(latitude: 1, longitude: 1), title: "b")
    private let c = PointAnnotation(coordinate: Coordinate(latitude: 2, longitude: 2), title: "c")

    private func ready() -> MapSelection {
        var selection = MapSelection()
        XCTAssertEqual(selection.becomeReady().count, 0)
        return selection
    }

    private func titles(_ items: [any Annotation]) -> [String] { items.map { $0.title ?? "?" } }
    private func title(_ item: (any Annotation)?) -> String? { item?.title ?? nil }

    /// Rule 1: a plain selection replaces the others; again on the only one, nothing changes.
    func testAPlainSelectionReplacesTheOthers() {
        var selection = ready()
        XCTAssertEqual(title(selection.select(a, adding: false).selected), "a")
        _ = selection.select(b, adding: true)
        let change = selection.select(c, adding: false)
        XCTAssertEqual(titles(change.deselected), ["a", "b"], "the others go, in the order selected")
        XCTAssertEqual(title(change.selected), "c")
        XCTAssertEqual(titles(selection.items), ["c"])
        XCTAssertTrue(selection.select(c, adding: false).isEmpty, "the whole selection selected again: nothing")
    }

    /// Rule 1 and 2: a plain selection of one of several selected keeps it, without showing it again.
    func testAPlainSelectionOfASelectedItemKeepsItAlone() {
        var selection = ready()
        _ = selection.select(a, adding: false)
        _ = selection.select(b, adding: true)
        let change = selection.select(a, adding: false)
        XCTAssertEqual(titles(change.deselected), ["b"])
        XCTAssertNil(change.selected, "a is shown already")
        XCTAssertNil(change.promoted, "alone, it is the primary already")
        XCTAssertEqual(titles(selection.items), ["a"])
    }

    /// Rule 2: adding keeps the others; adding a selected one only makes it the primary.
    func testAddingKeepsTheOthersAndMakesThePrimary() {
        var selection = ready()
        _ = selection.select(a, adding: false)
        _ = selection.select(b, adding: true)
        let add = selection.select(c, adding: true)
        XCTAssertTrue(add.deselected.isEmpty)
        XCTAssertEqual(title(add.selected), "c")
        XCTAssertEqual(titles(selection.items), ["a", "b", "c"])
        XCTAssertEqual(title(selection.primary), "c")
        let again = selection.select(a, adding: true)
        XCTAssertEqual(title(again.promoted), "a")
        XCTAssertNil(again.selected)
        XCTAssertEqual(titles(selection.items), ["b", "c", "a"])
        XCTAssertTrue(selection.select(a, adding: true).isEmpty, "the primary added again: nothing")
    }

    /// Rule 3: deselecting the primary makes the one before it the primary; nil empties it all.
    func testDeselectingThePrimaryGivesItToTheOneBefore() {
        var selection = ready()
        for item in [a, b, c] { _ = selection.select(item, adding: true) }
        XCTAssertEqual(titles(selection.deselect(c).deselected), ["c"])
        XCTAssertEqual(title(selection.primary), "b")
        XCTAssertEqual(titles(selection.deselect(a).deselected), ["a"])
        XCTAssertEqual(title(selection.primary), "b", "a non-primary going leaves the primary")
        XCTAssertTrue(selection.deselect(a).isEmpty, "not selected: nothing")
        _ = selection.select(c, adding: true)
        XCTAssertEqual(titles(selection.deselect().deselected), ["b", "c"], "all, the primary last")
        XCTAssertTrue(selection.items.isEmpty)
        XCTAssertNil(selection.primary)
    }

    /// Rule 4: before the map can show them, selections wait, count as selected, and come out in
    /// the order asked when it can.
    func testSelectionsWaitUntilTheMapCanShowThem() {
        var selection = MapSelection()
        XCTAssertTrue(selection.select(a, adding: false).isEmpty, "nothing to show yet")
        _ = selection.select(b, adding: true)
        _ = selection.select(c, adding: true)
        _ = selection.select(a, adding: true)  // asked again: it moves to the end
        XCTAssertEqual(titles(selection.items), ["b", "c", "a"], "reported as selected")
        XCTAssertEqual(title(selection.primary), "a")
        XCTAssertTrue(selection.deselect(c).isEmpty, "a waiting one goes without a change to apply")
        XCTAssertEqual(titles(selection.items), ["b", "a"])
        _ = selection.select(c, adding: false)
        XCTAssertEqual(titles(selection.items), ["c"], "a plain selection replaces the waiting ones")
        _ = selection.select(a, adding: true)
        XCTAssertEqual(titles(selection.becomeReady()), ["c", "a"])
        XCTAssertTrue(selection.isReady)
        XCTAssertTrue(selection.items.isEmpty, "made by the widget from here, one by one")
        XCTAssertTrue(selection.becomeReady().isEmpty, "only once")
        XCTAssertEqual(title(selection.select(c, adding: false).selected), "c")
        XCTAssertEqual(title(selection.select(a, adding: true).selected), "a")
        XCTAssertEqual(titles(selection.items), ["c", "a"])
    }

    /// Rule 4 with rule 3: deselecting everything drops the waiting selections too.
    func testDeselectingEverythingDropsWaitingSelections() {
        var selection = MapSelection()
        _ = selection.select(a, adding: false)
        _ = selection.select(b, adding: true)
        XCTAssertTrue(selection.deselect().isEmpty)
        XCTAssertTrue(selection.becomeReady().isEmpty)
    }

    /// Rule 5: an item that cannot be shown (removed, no view) leaves the selection quietly.
    func testAnItemThatCannotBeShownLeavesQuietly() {
        var selection = ready()
        _ = selection.select(a, adding: false)
        _ = selection.select(b, adding: true)
        selection.forget(b)
        XCTAssertEqual(titles(selection.items), ["a"])
        XCTAssertEqual(title(selection.primary), "a")
        var waiting = MapSelection()
        _ = waiting.select(a, adding: false)
        _ = waiting.select(b, adding: true)
        waiting.forget(a)
        XCTAssertEqual(titles(waiting.becomeReady()), ["b"])
    }

    /// Rule 6: the selection owns the click cycle; choosing an item does not restart it, so a
    /// second click at the spot picks the next one down.
    func testClicksCycleThroughTheStackAcrossSelections() {
        var selection = ready()
        let ids = [a, b, c].map { ObjectIdentifier($0) }
        let p = Point(x: 50, y: 50)
        XCTAssertEqual(selection.cycler.pick(at: p, top: ids[0], stack: { ids }), ids[0])
        _ = selection.select(a, adding: false)
        XCTAssertEqual(selection.cycler.pick(at: Point(x: 52, y: 50), top: ids[0], stack: { ids }), ids[1])
        _ = selection.select(b, adding: false)
        XCTAssertEqual(selection.cycler.pick(at: p, top: ids[0], stack: { ids }), ids[2])
        selection.cycler.reset()
        XCTAssertEqual(selection.cycler.pick(at: p, top: ids[0], stack: { ids }), ids[0], "started afresh")
    }
}
