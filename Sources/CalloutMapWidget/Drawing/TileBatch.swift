import CCalloutMapGtk
import CalloutMapCore
import Foundation

/// Tiles rendered on another core while the main thread does other work (the first frame's pins),
/// then handed to the thread that needs them. Both take tiles from one list, so that thread
/// never waits while a tile is left undrawn: it draws those itself, then waits only for the
/// ones the worker is drawing.
final class TileBatch: @unchecked Sendable {
    let tiles: [TileID]
    let style: BasemapStyle
    let scale: Int
    private let renderer: TileRenderer
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var next = 0, finished = 0
    private var drawn: [OpaquePointer?]

    /// Starts drawing `tiles` on a worker.
    init(_ tiles: [TileID], style: BasemapStyle, scale: Int, renderer: TileRenderer) {
        self.tiles = tiles
        self.style = style
        self.scale = scale
        self.renderer = renderer
        drawn = Array(repeating: nil, count: tiles.count)
        DispatchQueue.global(qos: .userInitiated).async { self.work() }
    }

    deinit {
        for surface in drawn { if let surface { cairo_surface_destroy(surface) } }
    }

    /// Every tile with its image: draws those not started, waits for those being drawn.
    func finish() -> [(tile: TileID, image: Surface)] {
        work()
        condition.lock()
        while finished < tiles.count { condition.wait() }
        let images = drawn
        drawn = []
        condition.unlock()
        return zip(tiles, images).map { ($0, Surface(adopting: $1!)) }
    }

    private func work() {
        while true {
            condition.lock()
            guard next < tiles.count else {
                condition.unlock()
                return
            }
            let i = next
            next += 1
            condition.unlock()
            let image = renderer.render(tiles[i], style: style, scale: scale)
            condition.lock()
            drawn[i] = image
            finished += 1
            if finished == tiles.count { condition.broadcast() }
            condition.unlock()
        }
    }
}
