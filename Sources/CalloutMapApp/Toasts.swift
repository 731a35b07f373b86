import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapAdw
import CalloutMapCore
import CalloutMapGtk
import Foundation

/// Short notices over the window (libadwaita's toasts): what opened, and problems — bad files,
/// unreachable tile servers — with a Details button that lists every problem (`ProblemsDialog`).
/// Text from data is escaped: a toast's title is markup in libadwaita 1.2. Toasts reach the
/// overlay one at a time (`ToastQueue`: libadwaita 1.2 crashes otherwise).
@MainActor
final class Toasts {
    /// How much of the map's bottom a toast covers: in libadwaita 1.2 it is 46 px high and 24 px
    /// above the map's edge (measured in a screenshot; the overlay does not say).
    static let height = 70.0

    private let queue = ToastQueue()
    /// The AdwToastOverlay; put the window's content in it with `setChild`.
    var widget: UnsafeMutablePointer<GtkWidget> { queue.overlay }
    private let window: UnsafeMutablePointer<GtkWidget>  // owns us, through MainWindow
    /// Called with each toast's title as it shows (for `--log-events`).
    var onShow: ((String) -> Void)?
    /// Called as a problem's details show: the title and the rows listed.
    var onDetails: ((String, [String]) -> Void)?
    /// Called with the text the details' Copy button put on the clipboard.
    var onCopy: ((String) -> Void)?
    /// Called with true when a toast comes up over the map's bottom, false once none is left.
    var onCovering: ((Bool) -> Void)?
    /// Toasts shown or waiting their turn, not yet dismissed.
    private var pending = 0

    init(window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
    }

    func setChild(_ child: UnsafeMutablePointer<GtkWidget>) {
        adw_toast_overlay_set_child(OpaquePointer(widget), child)
    }

    /// A notice with an optional button (e.g. "Remove" after a file opened).
    func show(_ title: String, button: String? = nil, timeout: UInt32 = 5, _ action: (@MainActor () -> Void)? = nil) {
        let toast = adw_toast_new(markupEscaped(title))!
        adw_toast_set_timeout(toast, timeout)
        if let button, let action {
            adw_toast_set_button_label(toast, button)
            Signal.connect(toast, "button-clicked") { action() }
        }
        pending += 1
        if pending == 1 { onCovering?(true) }
        Signal.connect(toast, "dismissed") { [weak self] in
            guard let self else { return }
            self.pending -= 1
            if self.pending == 0 { self.onCovering?(false) }
        }
        queue.add(toast)  // takes the reference
        onShow?(title)
    }

    /// Problems with files: one toast saying how many and where, its Details the whole list.
    func show(_ problems: [PlaceFileProblem]) {
        guard !problems.isEmpty else { return }
        let files = Set(problems.map(\.file))
        let title: String
        if files.count == 1, let file = files.first {
            let name = URL(fileURLWithPath: file).lastPathComponent
            if problems.count == 1, problems[0].severity == .fatal {
                title = String(format: tr("Could not open “%@”"), name)
            } else {
                title = String(format: trn("%d problem in “%@”", "%d problems in “%@”", problems.count), problems.count, name)
            }
        } else {
            title = String(format: trn("Problems in %d file", "Problems in %d files", files.count), files.count)
        }
        showProblem(title, details: problems.map(ProblemsDialog.Entry.init))
    }

    /// A problem: the title in a toast that stays until dismissed, the details a click away.
    func showProblem(_ title: String, details: [ProblemsDialog.Entry]) {
        show(title, button: tr("Details"), timeout: 0) { [weak self] in
            guard let self else { return }
            self.onDetails?(title, ProblemsDialog.rows(details))
            ProblemsDialog.present(title, details, over: self.window) { [weak self] text in self?.onCopy?(text) }
        }
    }
}
