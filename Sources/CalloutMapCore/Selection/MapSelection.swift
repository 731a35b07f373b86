/// What a map has selected, apart from the widget that shows it (as `CameraMotion` holds the
/// camera's state): the items in the order selected, the selections asked for before the map
/// could show them, and click cycling through items stacked under one spot. It decides; the
/// widget applies what each call returns (views marked, callouts shown, the delegate told), so
/// these rules are tested without a display.
///
/// The rules, in the order the code follows them:
/// 1. A plain selection replaces the others; selecting again the item that is the whole
///    selection changes nothing.
/// 2. Adding to the selection keeps the others in their order and makes the item the primary
///    (the last). Adding an item already selected only makes it the primary.
/// 3. Deselecting an item leaves the others in their order: when the primary goes, the one
///    selected before it is the primary. Deselecting with no item empties the selection.
/// 4. Before the map can show a selection (it has no size yet), selections wait, under rules
///    1–3, and count as selected; when it can, they are made in the order asked — the first
///    replacing, the rest added.
/// 5. An item the map cannot show after all (removed, or no view for it) leaves the selection
///    without a change to apply.
/// 6. A click within `ClickCycler.radius` of the one before, on the same stack of items, picks
///    the next one down (`cycler`); the widget starts it afresh where a click does not cycle
///    (on the empty map, a cluster that zooms, a Ctrl+click that takes an item out).
package struct MapSelection {
    /// A pin, a cluster, or the anchor of a selected shape.
    package typealias Item = any Annotation

    /// What a call changed, for the widget to apply in this order: `deselected` first (the
    /// primary, if among them, last), then `selected` or `promoted`.
    package struct Change {
        /// Items no longer selected, in the order selected.
        package var deselected: [Item] = []
        /// An item newly selected, now the primary: its view is to be marked and its callout shown.
        package var selected: Item?
        /// An item already selected that is now the primary (it comes to the top).
        package var promoted: Item?

        /// Whether there is nothing to apply.
        package var isEmpty: Bool { deselected.isEmpty && selected == nil && promoted == nil }
    }

    /// Whether the map can show a selection now (it has a size). Until it can, selections wait.
    package private(set) var isReady = false
    /// The items shown selected, in the order selected: the last is the primary.
    private var shown: [Item] = []
    /// Selections asked for before the map was ready, in the order asked.
    private var waiting: [Item] = []
    /// Picks through stacked items on repeated clicks.
    package var cycler = ClickCycler<ObjectIdentifier>()

    package init() {}

    /// Every selected item, in the order selected (the primary last); before the map is ready,
    /// those waiting to be shown (rule 4).
    package var items: [Item] { isReady ? shown : waiting }
    /// The primary: the last selected.
    package var primary: Item? { items.last }

    /// Selects an item; `adding` keeps the others (rules 1, 2, 4).
    package mutating func select(_ item: Item, adding: Bool) -> Change {
        // Rule 4: not shown yet, so nothing to apply.
        guard isReady else {
            if !adding { waiting.removeAll() }
            waiting.removeAll { $0 === item }
            waiting.append(item)
            return Change()
        }
        var change = Change()
        // Rule 1: a plain selection replaces the others.
        if !adding {
            change.deselected = shown.filter { $0 !== item }
            shown.removeAll { $0 !== item }
        }
        if let index = shown.firstIndex(where: { $0 === item }) {
            // Rule 2: already selected: it becomes the primary (alone, it is already).
            if index != shown.count - 1 {
                shown.remove(at: index)
                shown.append(item)
                change.promoted = item
            }
            return change
        }
        shown.append(item)
        change.selected = item
        return change
    }

    /// Deselects an item, or every one when nil (rule 3); waiting selections go too.
    package mutating func deselect(_ item: Item? = nil) -> Change {
        waiting.removeAll { item == nil || $0 === item }
        let gone = shown.filter { item == nil || $0 === item }
        guard !gone.isEmpty else { return Change() }
        shown.removeAll { item == nil || $0 === item }
        return Change(deselected: gone)
    }

    /// The map can show selections now: the waiting ones, in the order asked, to be selected one
    /// by one — the first replacing, the rest added (rule 4).
    package mutating func becomeReady() -> [Item] {
        guard !isReady else { return [] }
        isReady = true
        defer { waiting.removeAll() }
        return waiting
    }

    /// An item just selected could not be shown (rule 5): it leaves the selection quietly.
    package mutating func forget(_ item: Item) {
        shown.removeAll { $0 === item }
        waiting.removeAll { $0 === item }
    }
}
