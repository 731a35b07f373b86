/// The map's tooltips' state: the one keyboard focus shows (GTK's own shows for the pointer),
/// and which item's tooltip the delegate last heard of, so it hears once per item shown
/// however often GTK asks again as the pointer moves over it.
@MainActor
final class MapTooltips {
    /// The tooltip of the pin or shape with keyboard focus.
    let focus = FocusTooltip()
    /// The item whose tooltip was last reported (nil once none shows).
    private var reported: ObjectIdentifier?

    /// Whether a tooltip now showing for an item is news to the delegate; it is not again
    /// until another item's shows or none does (`noneShown`).
    func shouldReport(_ item: ObjectIdentifier) -> Bool {
        guard reported != item else { return false }
        reported = item
        return true
    }

    /// No tooltip shows: the next one is news, even for the same item.
    func noneShown() { reported = nil }
}
