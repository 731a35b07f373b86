import CCalloutMapGtk

/// The widget's CSS: a focus ring when the map is reached by keyboard, invisible pin
/// proxies, callout text that reads on the callout's colour (secondary text too: Adwaita's
/// `dim-label` fades it to 0.55, about 2.2:1 on a light bubble, where GNOME asks for 4.5:1),
/// the zoom buttons, and the
/// focused item's tooltip dressed as GTK's own.
@MainActor
enum MapStyleSheet {
    private static var installed = false

    static let css = """
    map:focus:focus-visible {
      outline: 3px solid alpha(@theme_selected_bg_color, 0.8);
      outline-offset: -3px;
    }
    callout.on-dark label { color: #ffffff; }
    callout.on-dark label.dim-label { color: rgba(255, 255, 255, 0.75); opacity: 1; }
    callout.on-light label { color: #241f31; }
    callout.on-light label.dim-label { color: rgba(36, 31, 49, 0.7); opacity: 1; }
    popover.callout-popover label.dim-label { opacity: 0.75; }
    popover.map-tooltip > contents {
      background-color: rgba(0, 0, 0, 0.8); color: #ffffff;
      border-radius: 6px; padding: 6px 10px; box-shadow: none; border: none;
    }
    map > button.drawn-control {
      background: none; border: none; box-shadow: none; min-width: 0; min-height: 0; padding: 0; margin: 0;
      border-radius: 9999px;
    }
    map > button.drawn-control:focus-visible { outline: 3px solid alpha(@accent_color, 0.8); outline-offset: 1px; }
    map > button.pin-proxy {
      background: none; border: none; box-shadow: none; outline: none;
      min-width: 0; min-height: 0; padding: 0; margin: 0;
    }
    """

    static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider.rawObject)
    }
}
