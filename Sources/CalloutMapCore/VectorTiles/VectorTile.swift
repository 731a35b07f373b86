import CalloutMapMVT
import Foundation

/// One Mapbox Vector Tile (spec 2.1), decoded: its layers, their features' properties and
/// geometry in tile coordinates (0…`extent` across the tile, y down; a feature may reach past
/// the edges into the tile's buffer).
///
/// Decoding never traps on bad bytes. A tile that is not a protobuf message, or whose gzip'd
/// bytes inflate past `maxInflatedBytes`, throws; a layer or a feature that breaks the spec is
/// left out and named in `problems`, and the rest of the tile is kept.
package struct VectorTile: Sendable {
    package var layers: [Layer]
    /// What was left out, one line each, such as `layer "roads", feature 3: a LineTo with no
    /// MoveTo before it: left out`. At most 32; `problemCount` counts them all.
    package var problems: [String]
    package var problemCount: Int

    /// A tile larger than this once inflated is refused: tiles are tens or hundreds of KB, and a
    /// few bytes of gzip can claim gigabytes.
    package static let maxInflatedBytes = 64 << 20

    /// Decodes a tile's bytes, gzip'd or not; `maxInflatedBytes` is for tests.
    package init(data: Data, maxInflatedBytes: Int = VectorTile.maxInflatedBytes) throws(VectorTileError) {
        guard !data.isEmpty else {  // a message of no fields: a tile of no layers
            self.init(layers: [])
            return
        }
        let decoded: Result<VectorTile, VectorTileError> = data.withUnsafeBytes { raw in
            var message = [CChar](repeating: 0, count: 256)
            guard let tile = cm_mvt_tile_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, maxInflatedBytes,
                                                &message, message.count) else {
                return .failure(VectorTileError(message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
            }
            defer { cm_mvt_tile_free(tile) }
            return .success(VectorTile(tile))
        }
        self = try decoded.get()
    }

    package init(layers: [Layer], problems: [String] = []) {
        self.layers = layers
        self.problems = problems
        problemCount = problems.count
    }

    /// The first layer of that name.
    package func layer(named name: String) -> Layer? { layers.first { $0.name == name } }

    private init(_ tile: OpaquePointer) {
        layers = (0..<cm_mvt_tile_layer_count(tile)).map { i in
            let layer = cm_mvt_tile_layer(tile, i)
            let keys = UnsafeBufferPointer(start: layer.keys, count: layer.keyCount).map(Self.string)
            let values = UnsafeBufferPointer(start: layer.values, count: layer.valueCount).map(Value.init)
            let features = (0..<layer.featureCount).map { Feature(cm_mvt_tile_feature(tile, i, $0)) }
            return Layer(name: Self.string(layer.name), version: Int(layer.version), extent: Int(layer.extent),
                         keys: keys, values: values, features: features)
        }
        problems = (0..<cm_mvt_tile_problem_count(tile)).map { String(cString: cm_mvt_tile_problem(tile, $0)) }
        problemCount = cm_mvt_tile_problem_total(tile)
    }

    /// Text as the tile wrote it; bytes that are not UTF-8 read as U+FFFD.
    fileprivate static func string(_ text: CMMVTText) -> String {
        guard let bytes = text.bytes, text.length > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: text.length), as: UTF8.self)
    }
}

/// Why a whole tile could not be read.
package struct VectorTileError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

extension VectorTile {
    /// A named set of features sharing one table of keys and one of values.
    package struct Layer: Sendable, Equatable {
        package var name: String
        package var version: Int
        /// Tile coordinates across the tile (4096 unless the layer says).
        package var extent: Int
        package var keys: [String]
        package var values: [Value]
        package var features: [Feature]

        package init(name: String, version: Int = 2, extent: Int = 4096, keys: [String] = [], values: [Value] = [], features: [Feature] = []) {
            self.name = name
            self.version = version
            self.extent = extent
            self.keys = keys
            self.values = values
            self.features = features
        }

        /// A feature's properties, in the order its tags give them; a key given twice keeps its last value.
        package func properties(of feature: Feature) -> [String: Value] {
            var properties: [String: Value] = [:]
            properties.reserveCapacity(feature.tags.count / 2)
            for pair in stride(from: 0, to: feature.tags.count - 1, by: 2) {
                properties[keys[Int(feature.tags[pair])]] = values[Int(feature.tags[pair + 1])]
            }
            return properties
        }

        /// One property of a feature, without making the whole dictionary.
        package func value(_ key: String, of feature: Feature) -> Value? {
            var found: Value?
            for pair in stride(from: 0, to: feature.tags.count - 1, by: 2) where keys[Int(feature.tags[pair])] == key {
                found = values[Int(feature.tags[pair + 1])]
            }
            return found
        }
    }

    /// One feature: its id if it has one, its tags (pairs of indices into its layer's keys and
    /// values, checked in range) and its geometry.
    package struct Feature: Sendable, Equatable {
        package var id: UInt64?
        package var tags: [UInt32]
        package var geometry: Geometry

        package init(id: UInt64? = nil, tags: [UInt32] = [], geometry: Geometry) {
            self.id = id
            self.tags = tags
            self.geometry = geometry
        }

        fileprivate init(_ f: CMMVTFeature) {
            id = f.hasID ? f.id : nil
            tags = Array(UnsafeBufferPointer(start: f.tags, count: f.tagCount))
            let xy = UnsafeBufferPointer(start: f.points, count: f.pointCount * 2)
            var parts: [[TilePoint]] = []
            parts.reserveCapacity(f.partCount)
            var start = 0
            for end in UnsafeBufferPointer(start: f.partEnds, count: f.partCount).map(Int.init) {
                parts.append((start..<end).map { TilePoint(x: xy[2 * $0], y: xy[2 * $0 + 1]) })
                start = end
            }
            switch f.type {
            case CMMVTPoint: geometry = .points(parts.map { $0[0] })
            case CMMVTLineString: geometry = .lines(parts)
            default: geometry = .polygons(VectorTileRings.polygons(parts))
            }
        }
    }

    /// A feature's shape in tile coordinates.
    package enum Geometry: Sendable, Equatable {
        /// One point or several (a multipoint).
        case points([TilePoint])
        /// One line or several, each of two points or more.
        case lines([[TilePoint]])
        /// One polygon or several; each is its outer ring then its holes, each ring of three
        /// points or more, its closing point not repeated.
        case polygons([[[TilePoint]]])
    }

    /// A property's value. Float values are widened to doubles.
    package enum Value: Sendable, Hashable {
        case string(String)
        case double(Double)
        case int(Int64)
        case uint(UInt64)
        case bool(Bool)
        /// A value message that set none of its fields.
        case none

        /// The value as a number, for those that are one.
        package var number: Double? {
            switch self {
            case .double(let d): d
            case .int(let i): Double(i)
            case .uint(let u): Double(u)
            default: nil
            }
        }

        fileprivate init(_ v: CMMVTValue) {
            switch v.kind {
            case CMMVTString: self = .string(VectorTile.string(v.text))
            case CMMVTFloat, CMMVTDouble: self = .double(v.number)
            case CMMVTInt, CMMVTSInt: self = .int(v.integer)
            case CMMVTUInt: self = .uint(v.unsignedInteger)
            case CMMVTBool: self = .bool(v.boolean)
            default: self = .none
            }
        }
    }
}

/// A point in a tile's coordinates: 0…extent across the tile, y down.
package struct TilePoint: Sendable, Hashable, CustomStringConvertible {
    package var x: Int32
    package var y: Int32

    package init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }

    package var description: String { "(\(x), \(y))" }
}
