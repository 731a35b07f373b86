import CalloutMapCore

/// The custom approach: the view's own callout (`AnnotationView.makeCustomCallout()`),
/// with its own content and colours, hit as part of the pin. Clicking the
/// selected pin again hides it; once more shows it again.
@MainActor
final class CustomCalloutPresentation: BubbleCalloutPresentation {
    override func present(for view: AnnotationView) -> Bool {
        guard let custom = view.makeCustomCallout() else { return false }
        show(.custom(custom), appearance: custom.appearance.resolved(dark: setting.isDark), for: view)
        return true
    }
}
