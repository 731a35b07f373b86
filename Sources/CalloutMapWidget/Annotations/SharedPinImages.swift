import CCalloutMapGtk
import Glibc

/// Pin images shared between views: views that show the same picture (the same marker, the
/// same price) hold one surface between them instead of a copy each; 10,000 "$123" price pins
/// are at most 900 pictures. An image is freed when the last view holding it lets it go.
///
/// Two ways to be the same: the same look (`AnnotationView.appearanceKey`, the class and the
/// size), found before drawing; or, for a view without a look, after drawing, the same size,
/// scale and bytes — a 64-bit hash of the bytes finds the candidates, so bytes are compared
/// only with likely equals. A view with a look is not compared by its bytes: at a thousand
/// price pins, each of its own price, hashing and filing the bytes cost three times the drawing.
@MainActor
enum SharedPinImages {
    private struct Key: Hashable {
        let width: Int32, height: Int32, scale: Int, hash: UInt64
    }

    private final class Slot {
        weak var surface: Surface?
        init(_ surface: Surface) { self.surface = surface }
    }

    /// A look told by a view's class, its appearance key and its size in device pixels.
    /// Hashed once, when made: a key is an `AnyHashable`, whose hashing goes through its type at
    /// run time, and a thousand new pins hash each look for the look-up, the filing and every
    /// growth of the table (6% of a first frame of a thousand price pins, perf).
    struct Look: Hashable {
        let kind: ObjectIdentifier, key: AnyHashable, width: Int32, height: Int32
        private let digest: Int

        init(kind: ObjectIdentifier, key: AnyHashable, width: Int32, height: Int32) {
            self.kind = kind
            self.key = key
            self.width = width
            self.height = height
            var hasher = Hasher()
            hasher.combine(kind)
            hasher.combine(key)
            hasher.combine(width)
            hasher.combine(height)
            digest = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }

        static func == (a: Look, b: Look) -> Bool {
            a.digest == b.digest && a.kind == b.kind && a.width == b.width && a.height == b.height && a.key == b.key
        }
    }

    private struct LookAtScale: Hashable {
        let look: Look, scale: Int
    }

    private static var slots: [Key: [Slot]] = [:]
    private static var looks: [LookAtScale: Slot] = [:]
    private static var slotCount = 0
    private static var sweepAt = 4096

    /// The image held for a look at a scale, if some view holds it.
    static func image(for look: Look, scale: Int) -> Surface? {
        looks[LookAtScale(look: look, scale: scale)]?.surface
    }

    /// The image held for `look` from now on (`surface`); without a look, the image already held
    /// with the same pixels as `surface`, or `surface` itself, now held.
    static func share(_ surface: Surface, scale: Int, look: Look? = nil) -> Surface {
        guard let look else { return share(surface, scale: scale) }
        looks[LookAtScale(look: look, scale: scale)] = Slot(surface)
        slotCount += 1
        if slotCount >= sweepAt { sweep() }
        return surface
    }

    private static func share(_ surface: Surface, scale: Int) -> Surface {
        let pointer = surface.pointer
        guard let data = cairo_image_surface_get_data(pointer) else { return surface }
        let byteCount = surface.byteCount
        let key = Key(width: cairo_image_surface_get_width(pointer), height: cairo_image_surface_get_height(pointer),
                      scale: scale, hash: hash(data, byteCount))
        if let list = slots[key] {
            for slot in list {
                guard let held = slot.surface, let heldData = cairo_image_surface_get_data(held.pointer) else { continue }
                if memcmp(heldData, data, byteCount) == 0 { return held }
            }
        }
        slots[key, default: []].append(Slot(surface))
        slotCount += 1
        if slotCount >= sweepAt { sweep() }
        return surface
    }

    /// How many distinct images are held now (for tests and the benchmark).
    static var liveCount: Int {
        var n = 0
        for list in slots.values { for slot in list where slot.surface != nil { n += 1 } }
        return n + looks.values.count { $0.surface != nil }
    }

    /// Drops the slots of freed images; runs when the slots double since the last sweep, so
    /// its cost is shared by the images added meanwhile.
    private static func sweep() {
        for (key, list) in slots {
            let live = list.filter { $0.surface != nil }
            slots[key] = live.isEmpty ? nil : live
        }
        looks = looks.filter { $0.value.surface != nil }
        slotCount = looks.count
        for list in slots.values { slotCount += list.count }
        sweepAt = max(4096, slotCount * 2)
    }

    /// FNV-style mixing of 8 bytes at a time: a few hundred nanoseconds for a pin's image,
    /// next to the tens of microseconds its drawing costs.
    private static func hash(_ data: UnsafeMutablePointer<UInt8>, _ count: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        let raw = UnsafeRawPointer(data)
        var i = 0
        while i + 8 <= count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x100_0000_01b3
            h ^= h >> 29
            i += 8
        }
        while i < count {
            h = (h ^ UInt64(data[i])) &* 0x100_0000_01b3
            i += 1
        }
        return h
    }
}
