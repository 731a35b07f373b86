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
            XCTAssertEqual(CalloutMeasure.font(.heading), "DejaVu Sans Bold 11", "and drawn callouts")
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

    /// Issue 42: a standard callout's subtitle (and a callout's data labels, the same secondary
    /// text) read at ~2.2:1 on the light bubble (rgb 171,169,176 on 250,250,250): Adwaita's
    /// `dim-label` fades text to 0.55 over the colour we give it. GNOME asks for 4.5:1. Measured
    /// from the drawn pixels: the strongest text pixel against the bubble's fill beside it.
    func testSecondaryTextHasTheContrastGNOMEAsksFor() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let pin = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 400, y: 400)), title: "Coit Tower",
                                      subtitle: "Telegraph Hill, MMMM WWWW")
            map.addAnnotation(pin)
            for (style, mode) in [(BasemapStyle.light, CalloutMode.standard), (.dark, .standard), (.light, .popover)] {
                map.style = style
                map.calloutMode = mode
                map.selectAnnotation(pin, animated: false)
                GtkTestSupport.spin(0.4)
                let callout = try! XCTUnwrap(mode == .popover ? map.callouts.popoverWidget : map.callouts.bubbleWidget)
                let subtitle = try! XCTUnwrap(Self.labels(in: callout).first { String(cString: gtk_label_get_text(OpaquePointer($0))).hasPrefix("Telegraph") })
                let ratio = Self.contrast(of: subtitle, within: callout)
                XCTAssertGreaterThanOrEqual(ratio, 4.5, "\(style) \(mode): the subtitle's contrast")
                map.deselectAnnotation(animated: false)
                GtkTestSupport.spin(0.2)
            }
            map.style = .light
            map.calloutMode = .standard
        }
    }

    /// Issue 42: the custom approach promised "a bubble of its own design" per kind of pin, but
    /// every kind showed the same dark bubble. Markers take their tint (darkened so text reads),
    /// price tags a white tag edged in blue, picture pins a light bubble; a plain view keeps the
    /// default dark one. Each one's secondary text reads at 4.5:1 or more.
    func testEachKindOfPinHasACustomCalloutOfItsOwnDesign() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let point = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 400, y: 400)), title: "Coit Tower",
                                        subtitle: "Telegraph Hill", properties: ["price": "129"])
            @MainActor func appearance(_ kind: AnnotationView.Type) -> CalloutAppearance? {
                let view = kind.init(annotation: point, reuseIdentifier: nil)
                view.prepareForDisplay()
                return view.makeCustomCallout()?.appearance
            }
            let marker = MarkerAnnotationView(annotation: point, reuseIdentifier: nil)
            marker.markerTintColor = RGBA(0x2EC27E)
            let looks = [appearance(AnnotationView.self), appearance(MarkerAnnotationView.self), marker.makeCustomCallout()?.appearance,
                         appearance(PriceAnnotationView.self), appearance(ImageAnnotationView.self)].compactMap { $0 }
            XCTAssertEqual(looks.count, 5)
            XCTAssertEqual(Set(looks.map { "\($0.fill)" }).count, 5, "five kinds, five bubbles: \(looks.map(\.fill))")
            XCTAssertEqual(looks[0], .customDark)

            map.calloutMode = .custom
            map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
            map.addAnnotation(point)
            for style in [BasemapStyle.light, .dark] {
                map.style = style
                map.selectAnnotation(point, animated: false)
                GtkTestSupport.spin(0.4)
                let callout = try! XCTUnwrap(map.callouts.bubbleWidget)
                let subtitle = try! XCTUnwrap(Self.labels(in: callout).first { String(cString: gtk_label_get_text(OpaquePointer($0))) == "Telegraph Hill" })
                XCTAssertGreaterThanOrEqual(Self.contrast(of: subtitle, within: callout), 4.5, "\(style): a marker's custom callout")
                map.deselectAnnotation(animated: false)
                GtkTestSupport.spin(0.2)
            }
            map.style = .light
            map.calloutMode = .standard
        }
    }

    /// The contrast (WCAG) of a label's strongest pixel with the background just left of the
    /// label, drawn as `container` draws it (a popover: its own surface).
    @MainActor static func contrast(of label: UnsafeMutablePointer<GtkWidget>, within container: UnsafeMutablePointer<GtkWidget>) -> Double {
        let top = gtk_widget_get_native(label).map { cm_widget($0.rawObject)! } ?? container
        var bounds = graphene_rect_t()
        XCTAssertNotEqual(gtk_widget_compute_bounds(label, top, &bounds), 0)
        let w = gtk_widget_get_width(top), h = gtk_widget_get_height(top)
        let paintable = gtk_widget_paintable_new(top)!
        defer { g_object_unref(paintable.rawObject) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(w), Double(h))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return 0 }
        defer { gsk_render_node_unref(node) }
        let renderer = gsk_cairo_renderer_new()!
        defer { gsk_renderer_unrealize(renderer); g_object_unref(renderer.rawObject) }
        gsk_renderer_realize(renderer, nil, nil)
        var area = graphene_rect_t()
        graphene_rect_init(&area, 0, 0, Float(w), Float(h))
        let texture = gsk_renderer_render_texture(renderer, node, &area)!
        defer { g_object_unref(texture.rawObject) }
        var pixels = [UInt8](repeating: 0, count: Int(w * h * 4))
        gdk_texture_download(texture, &pixels, gsize(w * 4))
        func luminance(_ x: Int, _ y: Int) -> Double {
            let i = (y * Int(w) + x) * 4  // BGRA, premultiplied: over an opaque fill, as drawn
            func channel(_ v: UInt8) -> Double { let c = Double(v) / 255; return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            return 0.2126 * channel(pixels[i + 2]) + 0.7152 * channel(pixels[i + 1]) + 0.0722 * channel(pixels[i])
        }
        let x0 = Int(bounds.origin.x), y0 = Int(bounds.origin.y), x1 = x0 + Int(bounds.size.width), y1 = y0 + Int(bounds.size.height)
        let background = luminance(max(0, x0 - 3), (y0 + y1) / 2)
        var best = 1.0
        for y in max(0, y0)..<min(Int(h), y1) {
            for x in max(0, x0)..<min(Int(w), x1) {
                let l = luminance(x, y)
                best = max(best, (max(l, background) + 0.05) / (min(l, background) + 0.05))
            }
        }
        return best
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
