import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// How callouts and map text look: the desktop's font, an opaque custom callout that stands out
/// on the dark map, and long titles that wrap the same way in every approach.
final class CalloutLooksTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    func testMapTextFollowsTheDesktopsInterfaceFont() {
        MainActor.assumeIsolated {
            let settings = gtk_settings_get_default()!
            let before = cm_get_string_property(settings.rawObject, "gtk-font-name").map { s in defer { g_free(s) }; return String(cString: s) }
            defer { if let before { cm_set_string_property(settings.rawObject, "gtk-font-name", before) } }
            let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 400, height: 300))
            defer { gtk_window_destroy(cm_window(window)) }
            cm_set_string_property(settings.rawObject, "gtk-font-name", "DejaVu Sans Bold 12")
            GtkTestSupport.spin()
            XCTAssertEqual(map.fontName, "DejaVu Sans Bold 12")
            XCTAssertEqual(InterfaceFont.family, "DejaVu Sans")
            XCTAssertEqual(InterfaceFont.description(pixels: 11, bold: true), "DejaVu Sans Bold 11px")
            XCTAssertEqual(InterfaceFont.description(points: 9.5), "DejaVu Sans 9.5")
            XCTAssertEqual(PriceAnnotationView.font, "DejaVu Sans Bold 11px", "pins draw in it")
            XCTAssertEqual(CalloutSketch.titleFont, "DejaVu Sans Bold 11", "and drawn callouts")
            cm_set_string_property(settings.rawObject, "gtk-font-name", "Cantarell 11")
            GtkTestSupport.spin()
            XCTAssertEqual(InterfaceFont.family, "Cantarell")
        }
    }

    func testTheCustomCalloutIsOpaqueAndLighterOnTheDarkMap() {
        let custom = CalloutAppearance.customDark
        XCTAssertEqual(custom.fill.alpha, 1, "nothing under it shows through its text")
        XCTAssertEqual(custom.resolved(dark: false), custom)
        let dark = custom.resolved(dark: true)
        XCTAssertEqual(dark.fill, RGBA(0x4A4458))
        XCTAssertGreaterThan(dark.border.alpha, custom.border.alpha - 0.01)
        XCTAssertEqual(CalloutAppearance.light.resolved(dark: true), .light, "no dark colours: the same")
    }

    func testALongTitleWrapsToFourLinesInTheAnnotationApproachAsInTheOthers() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let long = "The Palace of Fine Arts, built for the Panama-Pacific International Exposition of 1915 "
                + "and rebuilt in the 1960s, with a lagoon, a rotunda and colonnades around it"
            let pin = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 400, y: 400)), title: long, subtitle: "Marina")
            let short = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 200, y: 400)), title: "Pier 39", subtitle: "Marina")
            map.addAnnotations([pin, short])
            map.calloutMode = .annotation
            var heights: [Double] = []
            for p in [short, pin] {
                map.selectAnnotation(p, animated: false)
                GtkTestSupport.spin(0.2)
                let view = map.annotationLayer.view(for: map.callouts.calloutAnnotation!) as! CalloutAnnotationView
                XCTAssertLessThanOrEqual(view.bodySize.width, CalloutAnnotationView.textWidth + 22 + 30 + 0.5)
                heights.append(view.bodySize.height)
            }
            let line = Text.size("Pier 39", font: CalloutAnnotationView.titleFont).height
            XCTAssertEqual(heights[1] - heights[0], 3 * line, accuracy: 2, "three more lines for the long title: \(heights)")

            // The standard approach's heading: the same four lines, the whole title in its tooltip.
            map.calloutMode = .standard
            GtkTestSupport.spin(0.2)
            let heading = Self.labels(in: try! XCTUnwrap(map.callouts.bubbleWidget)).first { String(cString: gtk_label_get_text(OpaquePointer($0))) == long }
            let label = try! XCTUnwrap(heading)
            XCTAssertEqual(gtk_label_get_lines(OpaquePointer(label)), 4)
            XCTAssertNotEqual(gtk_label_get_wrap(OpaquePointer(label)), 0)
            XCTAssertEqual(gtk_widget_get_tooltip_text(label).map { String(cString: $0) }, long)
        }
    }

    func testAMarkersGlyphImageIsDrawnInTheGlyphsColour() {
        MainActor.assumeIsolated {
            let marker = MarkerAnnotationView(annotation: nil, reuseIdentifier: nil)
            marker.markerTintColor = RGBA(0x1C71D8)
            marker.glyphTintColor = RGBA(0x33D17A)
            // A square of any colour: its shape is what counts, drawn green.
            marker.glyphImage = PinImage(size: Size(width: 8, height: 8), hotspot: .zero) { context in
                context.addRect(Rect(x: 0, y: 0, width: 8, height: 8))
                context.fill(RGBA(0xE01B24))
            }
            let surface = marker.surface(scale: 1)
            let stride = Int(cairo_image_surface_get_stride(surface)), data = cairo_image_surface_get_data(surface)!
            func pixel(_ x: Int, _ y: Int) -> UInt32 {
                let i = y * stride + x * 4
                return UInt32(data[i + 2]) << 16 | UInt32(data[i + 1]) << 8 | UInt32(data[i])
            }
            XCTAssertEqual(pixel(15, 15), 0x33D17A, "the glyph's colour in the middle of the balloon")
            XCTAssertEqual(pixel(15, 4), 0x1C71D8, "the balloon around it")
        }
    }

    func testCalloutTextReadsOnTheCalloutsColour() {
        MainActor.assumeIsolated {
            XCTAssertTrue(CalloutAppearance.customDark.fill.isDark)
            XCTAssertTrue(CalloutAppearance.dark.fill.isDark)
            XCTAssertFalse(CalloutAppearance.light.fill.isDark)
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let pin = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 400, y: 400)), title: "Coit Tower", subtitle: "Telegraph Hill")
            map.addAnnotation(pin)
            for (style, light) in [(BasemapStyle.light, false), (.dark, true)] {
                map.style = style
                map.selectAnnotation(pin, animated: false)
                GtkTestSupport.spin(0.2)
                let bubble = try! XCTUnwrap(map.callouts.bubbleWidget)
                XCTAssertNotEqual(gtk_widget_has_css_class(bubble, light ? "on-dark" : "on-light"), 0, "\(style)")
                let title = try! XCTUnwrap(Self.labels(in: bubble).first { String(cString: gtk_label_get_text(OpaquePointer($0))) == "Coit Tower" })
                var color = GdkRGBA()
                gtk_style_context_get_color(gtk_widget_get_style_context(title), &color)
                XCTAssertEqual(Double(color.red), light ? 1 : 0x24 / 255.0, accuracy: 0.01, "\(style): text that reads on the bubble")
                map.deselectAnnotation(animated: false)
                GtkTestSupport.spin(0.2)
            }
            map.style = .light
        }
    }

    @MainActor static func labels(in widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        if String(cString: g_type_name_from_instance(widget.rawObject.assumingMemoryBound(to: GTypeInstance.self))) == "GtkLabel" {
            found.append(widget)
        }
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            found += labels(in: c)
            child = gtk_widget_get_next_sibling(c)
        }
        return found
    }
}
