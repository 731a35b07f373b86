import CCalloutMapGtk
import CalloutMapCore
import Foundation

/// Tiles rendered on the other cores while the main thread does other work (the first frame's
/// pins), then handed to the thread that needs them. All take tiles from one list, so that
/// thread never waits while a tile is left undrawn: it draws those itself, then waits only for
/// the ones the workers are drawing. The images are made by the thread that starts the batch, so
/// their memory comes from its heap, as every other tile's: made by a worker, they came from
/// that worker's malloc arena, and stayed there once freed (5–10 MB more peak memory in the
/// 1,000-pin comparison).
final class TileBatch: @unchecked Sendable {
    let tiles: [TileID]
    let style: BasemapStyle
    let scale: Int
    private let renderer: TileRenderer
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var next = 0, finished = 0
    /// The images, blank until drawn; nil once handed over.
    private var images: [OpaquePointer]?
    /// Told on the worker that draws the last tile.
    private let whenDrawn: (@Sendable () -> Void)?

    /// Starts drawing `tiles` on a worker per core but one (that one is the caller's, in `finish`;
    /// a batch nobody waits for is drawn by the workers alone, then `whenDrawn` is called).
    init(_ tiles: [TileID], style: BasemapStyle, scale: Int, renderer: TileRenderer, whenDrawn: (@Sendable () -> Void)? = nil) {
        self.tiles = tiles
        self.style = style
        self.scale = scale
        self.renderer = renderer
        self.whenDrawn = whenDrawn
        images = tiles.map { _ in TileRenderer.image(scale: scale) }
        let workers = min(max(ProcessInfo.processInfo.activeProcessorCount - 1, 1), tiles.count)
        for _ in 0..<workers { DispatchQueue.global(qos: .userInitiated).async { self.work() } }
    }

    deinit {
        for image in images ?? [] { cairo_surface_destroy(image) }
    }

    /// Whether every tile is drawn (`finish` will not wait).
    var isDrawn: Bool {
        condition.lock()
        defer { condition.unlock() }
        return finished == tiles.count
    }

    /// Every tile with its image: draws those not started, waits for those being drawn.
    func finish() -> [(tile: TileID, image: Surface)] {
        work()
        condition.lock()
        while finished < tiles.count { condition.wait() }
        let drawn = images ?? []
        images = nil
        condition.unlock()
        return zip(tiles, drawn).map { ($0, Surface(adopting: $1)) }
    }

    private func work() {
        while true {
            condition.lock()
            guard next < tiles.count else {
                condition.unlock()
                return
            }
            let i = next, image = images![i]
            next += 1
            condition.unlock()
            renderer.render(tiles[i], style: style, scale: scale, into: image)
            condition.lock()
            finished += 1
            let last = finished == tiles.count
            if last { condition.broadcast() }
            condition.unlock()
            if last { whenDrawn?() }
        }
    }
}
