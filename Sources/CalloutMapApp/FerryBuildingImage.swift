import CalloutMapCore
import CalloutMapWidget

extension PinImage {
    /// Our own drawing of the Ferry Building (long hall, clock tower) for its
    /// callout's detail view, as the sample's photo.
    static let ferryBuilding = PinImage(size: Size(width: 150, height: 64), hotspot: .zero) { context in
        let stone = RGBA(0xEDE0C7), roof = RGBA(0x8C7359)
        // Sky and bay
        context.addRect(Rect(x: 0, y: 0, width: 150, height: 64))
        context.fill(RGBA(0xD9E8F7))
        context.addRect(Rect(x: 0, y: 52, width: 150, height: 12))
        context.fill(RGBA(0x739ED1))
        // The hall with its arches
        context.addRect(Rect(x: 8, y: 36, width: 134, height: 17))
        context.fill(stone)
        for i in 0..<11 where i != 5 {
            let x = 13.0 + Double(i) * 12
            context.addArc(center: Point(x: x + 3, y: 44), radius: 3, startAngle: .pi, endAngle: 0)
            context.addLine(to: Point(x: x + 6, y: 50))
            context.addLine(to: Point(x: x, y: 50))
            context.closePath()
            context.fill(roof)
        }
        // The clock tower
        context.addRect(Rect(x: 68, y: 8, width: 14, height: 30))
        context.fill(stone)
        context.move(to: Point(x: 66, y: 9))
        context.addLine(to: Point(x: 75, y: 1))
        context.addLine(to: Point(x: 84, y: 9))
        context.closePath()
        context.fill(roof)
        context.addCircle(center: Point(x: 75, y: 16), radius: 4)
        context.fill(RGBA(0xFFFFFF), keepingPath: true)
        let hands = RGBA(0x4D4033)
        context.stroke(hands, lineWidth: 0.8)
        context.move(to: Point(x: 75, y: 16))
        context.addLine(to: Point(x: 75, y: 13.5))
        context.move(to: Point(x: 75, y: 16))
        context.addLine(to: Point(x: 77, y: 16))
        context.stroke(hands, lineWidth: 0.8)
    }
}
