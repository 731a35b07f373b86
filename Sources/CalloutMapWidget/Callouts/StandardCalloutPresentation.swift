import CalloutMapCore
import CalloutMapGtk

/// The standard approach (MapKit's callout): a bubble drawn by the map with the
/// title, the subtitle or detail accessory, and left/right accessories; a
/// cluster's lists its first members. With the map's `temporaryCalloutTitle`
/// set, that shows for about a second before the real content.
@MainActor
final class StandardCalloutPresentation: BubbleCalloutPresentation {
    override func present(for view: AnnotationView) -> Bool {
        let title = view.annotation?.title
        guard view.canShowCallout, title?.isEmpty == false || view.detailCalloutAccessory != nil else { return false }
        let members = setting.members
        let content = { CalloutContent.standard(for: view, title: title, members: members.names, more: members.more) }
        let appearance: CalloutAppearance = setting.isDark ? .dark : .light
        guard let temporary = setting.temporaryTitle else {
            show(content(), appearance: appearance, for: view)
            return true
        }
        show(.text(temporary), appearance: appearance, for: view)
        Timer.after(milliseconds: 1000) { [weak self] in
            guard let self, self.view === view else { return }
            self.replace(with: content())
        }
        return true
    }
}
