import CalloutMapCore

/// What callouts keep clear of, on screen and in a snapshot alike, so `render --select` puts a
/// callout where the window does: the scale bar's and the credits' plates, the zoom buttons,
/// the bands the layout margins cover at the top and bottom, and selected pins that show no
/// callout of their own.
enum CalloutObstacles {
    static func rects(plates: [Rect], zoomButtons: Rect?, margins: EdgeInsets, size: Size, selectedPins: [Rect]) -> [Rect] {
        var obstacles = plates
        if let zoomButtons { obstacles.append(zoomButtons) }
        if margins.bottom > 0 { obstacles.append(Rect(x: 0, y: size.height - margins.bottom, width: size.width, height: margins.bottom)) }
        if margins.top > 0 { obstacles.append(Rect(x: 0, y: 0, width: size.width, height: margins.top)) }
        return obstacles + selectedPins
    }
}
