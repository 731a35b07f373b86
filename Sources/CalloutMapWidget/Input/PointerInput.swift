import CalloutMapCore

/// What the pointer and fingers are doing on the map, kept apart from what they do to it: where
/// the pointer rests, the press under way — how it began, what it hit, what it became — and the
/// taps still waiting to be told. `MapView+Input` feeds it from GTK's gestures; the camera's
/// side of a press is `CameraMotion`'s.
struct PointerInput {
    /// Where the pointer rests over the map (a wheel zoom keeps that place under it); nil when away.
    var pointer: Point?
    /// Whether the current press is a finger's (shapes are hit with more slack).
    var isTouch = false
    /// Whether Ctrl was held at the current press: its click adds to the selection or takes out.
    var addsToSelection = false
    /// Whether the current press is the primary button's (or a finger's): only that one clicks.
    var isPrimary = true
    /// The current press opened the context menu (a long press): its release is no click.
    var openedMenu = false
    /// The pins under the current press, found when it began.
    var hit: (point: Point, view: AnnotationView?)?
    /// The pin being dragged and where the press started relative to its anchor.
    var draggedPin: (view: AnnotationView, grab: Point, original: Coordinate)?
    /// Escape cancelled the pin drag of the current press: further moves do nothing.
    var pinDragCancelled = false
    /// Bumped by each tap on the empty map and by a second click: a tap is told only if no
    /// double-click came after it.
    var tapsAnswered = 0

    /// A press begins: what it is, from the device, the button and the keys held.
    mutating func beginPress(isTouch: Bool, addsToSelection: Bool, isPrimary: Bool) {
        self.isTouch = isTouch
        self.addsToSelection = addsToSelection
        self.isPrimary = isPrimary
        openedMenu = false
    }

    /// Whether the press that ends now is a click: the primary button's, that opened no menu.
    var releaseIsClick: Bool { isPrimary && !openedMenu }
}
