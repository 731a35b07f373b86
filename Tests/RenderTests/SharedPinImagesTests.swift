import CalloutMapCore
@testable import CalloutMapWidget
import XCTest

/// Views that draw the same pixels hold one image between them; a view that changes look
/// gets an image of its own, and an image nobody holds is freed.
final class SharedPinImagesTests: XCTestCase {
    func testViewsDrawingTheSamePixelsShareOneImage() {
        MainActor.assumeIsolated {
            @MainActor func price(_ text: String) -> PriceAnnotationView {
                let view = PriceAnnotationView(annotation: nil, reuseIdentifier: nil)
                view.text = text
                return view
            }
            let a = price("$120"), b = price("$120"), c = price("$121")
            let before = SharedPinImages.liveCount
            XCTAssertEqual(a.surface(scale: 1), b.surface(scale: 1), "the same price: one image")
            XCTAssertNotEqual(a.surface(scale: 1), c.surface(scale: 1), "another price: its own")
            XCTAssertEqual(SharedPinImages.liveCount, before + 2)
            let one = a.surface(scale: 1)
            XCTAssertNotEqual(a.surface(scale: 2), one, "each scale its own")
            XCTAssertEqual(SharedPinImages.liveCount, before + 3, "b still holds the image at scale 1")
            XCTAssertEqual(a.surface(scale: 2), b.surface(scale: 2))
            XCTAssertEqual(SharedPinImages.liveCount, before + 2, "a view holds one scale at a time")

            // Selection changes the look: the selected view's image is its own, the other keeps the old one.
            b.isSelected = true
            XCTAssertNotEqual(a.surface(scale: 2), b.surface(scale: 2))
            XCTAssertEqual(a.alpha(at: Point(x: a.size.width / 2, y: 10)), 1, "a's image is whole")
            b.isSelected = false
            XCTAssertEqual(a.surface(scale: 2), b.surface(scale: 2), "back to the shared one")

            // Dropping a view's image frees it once no view holds it.
            let live = SharedPinImages.liveCount
            c.setNeedsDisplay()
            XCTAssertEqual(SharedPinImages.liveCount, live - 1)
        }
    }

    func testViewsWithTheSameAppearanceKeyAreDrawnOnce() {
        MainActor.assumeIsolated {
            let views = ["A", "A", "B", "A"].map { label -> CountingLabelView in
                let view = CountingLabelView(annotation: nil, reuseIdentifier: nil)
                view.label = label
                return view
            }
            CountingLabelView.draws = 0
            let images = views.map { $0.surface(scale: 1) }
            XCTAssertEqual(CountingLabelView.draws, 2, "one drawing per look")
            XCTAssertEqual(images[0], images[1])
            XCTAssertEqual(images[0], images[3])
            XCTAssertNotEqual(images[0], images[2])
            // A look changed on one view draws that view again, and only it.
            views[1].label = "C"
            _ = views[1].surface(scale: 1)
            XCTAssertEqual(CountingLabelView.draws, 3)
            XCTAssertEqual(views[0].surface(scale: 1), images[0])

            // The built-in views give a key for their own class only: a subclass may draw otherwise.
            let price = PriceAnnotationView(annotation: nil, reuseIdentifier: nil)
            price.text = "$5"
            XCTAssertNotNil(price.appearanceKey)
            XCTAssertNil(PriceSubclass(annotation: nil, reuseIdentifier: nil).appearanceKey)
            XCTAssertNotNil(MarkerAnnotationView(annotation: nil, reuseIdentifier: nil).appearanceKey)
            XCTAssertNotNil(DotAnnotationView(annotation: nil, reuseIdentifier: nil).appearanceKey)
        }
    }
}

@MainActor
private final class CountingLabelView: AnnotationView {
    static var draws = 0
    var label = "" { didSet { setNeedsDisplay() } }
    override var appearanceKey: AnyHashable? { label }
    override func draw(in context: DrawingContext) {
        Self.draws += 1
        context.draw(label, font: "Sans 10px", color: RGBA(0x000000), centeredAt: Point(x: 12, y: 12))
    }
}

@MainActor
private final class PriceSubclass: PriceAnnotationView {}
