// Decodes a Mapbox Vector Tile (spec 2.1) with libprotozero; see CalloutMapMVT.h.
//
// Every getter is called only after its wire type is checked: protozero asserts the type in
// debug builds and would misread it in release ones. Fields a message does not know are skipped,
// as protobuf asks. protozero throws on a truncated or malformed message; the exception ends the
// decode here, never crosses into Swift.
#include "CalloutMapMVT.h"

#include <protozero/pbf_reader.hpp>
#include <zlib.h>
#include <zstd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

namespace {

using protozero::pbf_wire_type;

struct Feature {
    bool hasID = false;
    uint64_t id = 0;
    CMMVTGeometryType type = CMMVTUnknown;
    size_t tagStart = 0, tagCount = 0;
    size_t pointStart = 0, pointCount = 0;
    size_t partStart = 0, partCount = 0;
};

struct Layer {
    CMMVTText name{nullptr, 0};
    uint32_t version = 1;
    uint32_t extent = 4096;
    std::vector<CMMVTText> keys;
    std::vector<CMMVTValue> values;
    std::vector<Feature> features;
    // Shared by the layer's features (each holds its range): one allocation a layer, not three a feature.
    std::vector<uint32_t> tags;
    std::vector<int32_t> points;
    std::vector<uint32_t> partEnds;
};

CMMVTText text(protozero::data_view view) { return {view.data(), view.size()}; }

std::string quoted(CMMVTText name) {
    std::string s(name.bytes ? name.bytes : "", name.bytes ? std::min<size_t>(name.length, 64) : 0);
    for (char &c : s) if (static_cast<unsigned char>(c) < 0x20) c = ' ';
    return "\"" + s + "\"";
}

}  // namespace

struct CMMVTTile {
    std::string inflated;
    std::vector<Layer> layers;
    std::vector<std::string> problems;
    size_t problemTotal = 0;

    void problem(std::string message) {
        if (problems.size() < 32) problems.push_back(std::move(message));
        problemTotal += 1;
    }
};

namespace {

std::string pastLimit(size_t limit) {
    return "it inflates past " + (limit >= (1 << 20) ? std::to_string(limit >> 20) + " MB" : std::to_string(limit) + " bytes");
}

// Inflates a gzip or zlib stream into `out`, to at most `limit` bytes. Returns an error or "".
std::string inflate(const uint8_t *bytes, size_t length, size_t limit, std::string &out) {
    z_stream stream{};
    if (inflateInit2(&stream, 32 + MAX_WBITS) != Z_OK) return "zlib could not start";  // 32: gzip or zlib header
    stream.next_in = const_cast<Bytef *>(bytes);
    stream.avail_in = static_cast<uInt>(std::min<size_t>(length, UINT32_MAX));
    out.resize(std::min<size_t>(limit, std::max<size_t>(length * 4, 4096)));
    size_t produced = 0;
    int status = Z_OK;
    while (status != Z_STREAM_END) {
        if (produced == out.size()) {
            if (out.size() >= limit) { inflateEnd(&stream); return pastLimit(limit); }
            out.resize(std::min(limit, out.size() * 2));
        }
        stream.next_out = reinterpret_cast<Bytef *>(&out[produced]);
        stream.avail_out = static_cast<uInt>(std::min<size_t>(out.size() - produced, UINT32_MAX));
        const size_t before = stream.avail_out;
        status = ::inflate(&stream, Z_NO_FLUSH);
        produced += before - stream.avail_out;
        if (status == Z_BUF_ERROR && stream.avail_in == 0) { inflateEnd(&stream); return "its compressed data ends early"; }
        if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
            std::string message = stream.msg ? stream.msg : "unreadable";
            inflateEnd(&stream);
            return "its compressed data is corrupt (" + message + ")";
        }
    }
    inflateEnd(&stream);
    out.resize(produced);
    return "";
}

bool isZstandard(const uint8_t *bytes, size_t length) {
    return length >= 4 && bytes[0] == 0x28 && bytes[1] == 0xb5 && bytes[2] == 0x2f && bytes[3] == 0xfd;
}

// Decompresses Zstandard frames (one or several, as `zstd` writes them) into `out`, to at most
// `limit` bytes. The window a frame may ask for is held to 32 MB, so a hostile header cannot
// make the reader reserve more. Returns an error or "".
std::string unzstd(const uint8_t *bytes, size_t length, size_t limit, std::string &out) {
    ZSTD_DCtx *context = ZSTD_createDCtx();
    if (!context) return "zstd could not start";
    ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, 25);
    ZSTD_inBuffer in{bytes, length, 0};
    out.resize(std::min<size_t>(limit, std::max<size_t>(length * 4, 4096)));
    size_t produced = 0;
    size_t status = 1;  // not 0: a frame is under way
    while (in.pos < in.size || status != 0) {
        if (produced == out.size()) {
            if (out.size() >= limit) { ZSTD_freeDCtx(context); return pastLimit(limit); }
            out.resize(std::min(limit, out.size() * 2));
        }
        ZSTD_outBuffer o{&out[0], out.size(), produced};
        const size_t before = in.pos;
        status = ZSTD_decompressStream(context, &o, &in);
        if (ZSTD_isError(status)) {
            std::string message = ZSTD_getErrorName(status);
            ZSTD_freeDCtx(context);
            return "its compressed data is corrupt (" + message + ")";
        }
        const bool progressed = o.pos > produced || in.pos > before;
        produced = o.pos;
        // Room to write and nothing written or read: the frame wants input there is not.
        if (!progressed && produced < out.size()) {
            ZSTD_freeDCtx(context);
            return in.pos == in.size ? "its compressed data ends early" : "its compressed data is corrupt (no progress)";
        }
    }
    ZSTD_freeDCtx(context);
    out.resize(produced);
    return "";
}

bool compressed(const uint8_t *bytes, size_t length) {
    if (length < 2) return false;
    if (bytes[0] == 0x1f && bytes[1] == 0x8b) return true;                             // gzip
    if (isZstandard(bytes, length)) return true;
    return (bytes[0] & 0x0f) == 8 && ((unsigned(bytes[0]) << 8 | bytes[1]) % 31) == 0;  // zlib
}

// Decompresses gzip, zlib or Zstandard, told apart by their first bytes.
std::string decompress(const uint8_t *bytes, size_t length, size_t limit, std::string &out) {
    return isZstandard(bytes, length) ? unzstd(bytes, length, limit, out) : inflate(bytes, length, limit, out);
}

CMMVTValue value(protozero::pbf_reader message) {
    CMMVTValue v{};
    while (message.next()) {
        const auto wire = message.wire_type();
        switch (message.tag()) {
        case 1: if (wire == pbf_wire_type::length_delimited) { v.kind = CMMVTString; v.text = text(message.get_view()); continue; } break;
        case 2: if (wire == pbf_wire_type::fixed32) { v.kind = CMMVTFloat; v.number = message.get_float(); continue; } break;
        case 3: if (wire == pbf_wire_type::fixed64) { v.kind = CMMVTDouble; v.number = message.get_double(); continue; } break;
        case 4: if (wire == pbf_wire_type::varint) { v.kind = CMMVTInt; v.integer = message.get_int64(); continue; } break;
        case 5: if (wire == pbf_wire_type::varint) { v.kind = CMMVTUInt; v.unsignedInteger = message.get_uint64(); continue; } break;
        case 6: if (wire == pbf_wire_type::varint) { v.kind = CMMVTSInt; v.integer = message.get_sint64(); continue; } break;
        // Read as a varint (bounds-checked), not with get_bool, which looks at its byte first.
        case 7: if (wire == pbf_wire_type::varint) { v.kind = CMMVTBool; v.boolean = message.get_uint64() != 0; continue; } break;
        }
        message.skip();
    }
    return v;
}

int32_t zigzag(uint32_t n) { return static_cast<int32_t>((n >> 1) ^ (~(n & 1) + 1)); }

// Runs a feature's geometry commands into the layer's points and parts. The rules, in the
// order the code applies them (spec 2.1, section 4.3):
//  1. A command is an id (its low 3 bits) and a count (the rest). Parameters are zigzag deltas
//     from a cursor that starts at (0, 0) for each feature and carries from part to part.
//  2. MoveTo starts a part. In a Point feature each of its points is a part; in a line or a
//     polygon its count is 1.
//  3. LineTo (count ≥ 1) extends the part a MoveTo started: lines and polygons only.
//  4. ClosePath (count 1) ends a polygon's ring, which has at least 3 points by then; a polygon's
//     every ring ends with one. A line has at least 2 points.
//  5. A command wanting more parameters than are left, an unknown command, or a cursor leaving
//     the 32-bit range makes the whole feature invalid: it is left out, never cut short.
// Returns what was wrong, or nullptr.
const char *runCommands(const std::vector<uint32_t> &g, CMMVTGeometryType type, Layer &layer) {
    const size_t base = layer.points.size() / 2;
    auto pointsSoFar = [&] { return static_cast<uint32_t>(layer.points.size() / 2 - base); };
    int64_t x = 0, y = 0;
    size_t i = 0, partPoints = 0;
    bool open = false;  // a line or a ring is under way
    auto endPart = [&]() -> const char * {
        if (!open) return nullptr;
        open = false;
        if (type == CMMVTLineString && partPoints < 2) return "a line of one point";
        if (type == CMMVTPolygon) return "a ring without ClosePath";
        return nullptr;
    };
    while (i < g.size()) {
        const uint32_t id = g[i] & 0x7, count = g[i] >> 3;  // rule 1
        i += 1;
        if (id == 1 || id == 2) {
            if (count == 0) return "a command of count 0";
            if (count > (g.size() - i) / 2) return "a command wants more parameters than there are";  // rule 5
            if (id == 1) {
                if (type != CMMVTPoint && count != 1) return "a MoveTo of more than one point";  // rule 2
                if (const char *wrong = endPart()) return wrong;
            } else if (type == CMMVTPoint) {
                return "a LineTo in a point feature";  // rule 3
            } else if (!open) {
                return "a LineTo with no MoveTo before it";
            }
            for (uint32_t k = 0; k < count; k++, i += 2) {
                x += zigzag(g[i]);
                y += zigzag(g[i + 1]);
                if (x < INT32_MIN || x > INT32_MAX || y < INT32_MIN || y > INT32_MAX) return "a point out of range";  // rule 5
                layer.points.push_back(static_cast<int32_t>(x));
                layer.points.push_back(static_cast<int32_t>(y));
                if (type == CMMVTPoint) layer.partEnds.push_back(pointsSoFar());
            }
            if (type == CMMVTPoint) continue;
            if (id == 1) {
                open = true;
                partPoints = 1;
                layer.partEnds.push_back(pointsSoFar());
            } else {
                partPoints += count;
                layer.partEnds.back() = pointsSoFar();
            }
        } else if (id == 7) {
            if (type != CMMVTPolygon || !open || count != 1) return "a ClosePath out of place";  // rule 4
            if (partPoints < 3) return "a ring of fewer than three points";
            open = false;
        } else {
            return "an unknown command";  // rule 5
        }
    }
    return endPart();
}

void readFeatures(CMMVTTile &tile, Layer &layer, const std::vector<protozero::data_view> &messages) {
    std::vector<uint32_t> geometry;
    for (size_t f = 0; f < messages.size(); f++) {
        Feature feature;
        protozero::data_view tags{}, commands{};
        bool hasGeometry = false;
        protozero::pbf_reader message{messages[f]};
        while (message.next()) {
            const auto wire = message.wire_type();
            if (message.tag() == 1 && wire == pbf_wire_type::varint) { feature.hasID = true; feature.id = message.get_uint64(); }
            else if (message.tag() == 2 && wire == pbf_wire_type::length_delimited) tags = message.get_view();
            else if (message.tag() == 3 && wire == pbf_wire_type::varint) {
                const uint64_t t = message.get_uint64();
                feature.type = t <= 3 ? static_cast<CMMVTGeometryType>(t) : CMMVTUnknown;
            } else if (message.tag() == 4 && wire == pbf_wire_type::length_delimited) { commands = message.get_view(); hasGeometry = true; }
            else message.skip();
        }
        // The spec lets a decoder ignore a feature of unknown type.
        if (feature.type == CMMVTUnknown) continue;
        auto where = [&]() { return "layer " + quoted(layer.name) + ", feature " + std::to_string(f) + ": "; };
        geometry.clear();
        if (hasGeometry) {
            for (auto it = protozero::const_varint_iterator<uint32_t>(commands.data(), commands.data() + commands.size()),
                      end = protozero::const_varint_iterator<uint32_t>(commands.data() + commands.size(), commands.data() + commands.size());
                 it != end; ++it) {
                geometry.push_back(*it);
            }
        }
        if (geometry.empty()) { tile.problem(where() + "no geometry: left out"); continue; }
        const size_t pointsBefore = layer.points.size(), partsBefore = layer.partEnds.size();
        if (const char *wrong = runCommands(geometry, feature.type, layer)) {
            layer.points.resize(pointsBefore);
            layer.partEnds.resize(partsBefore);
            tile.problem(where() + wrong + ": left out");
            continue;
        }
        feature.pointStart = pointsBefore / 2;
        feature.pointCount = (layer.points.size() - pointsBefore) / 2;
        feature.partStart = partsBefore;
        feature.partCount = layer.partEnds.size() - partsBefore;
        // Tags: pairs of a key's and a value's index; a pair that points past either is dropped.
        feature.tagStart = layer.tags.size();
        size_t read = 0, dropped = 0;
        uint32_t key = 0;
        for (auto it = protozero::const_varint_iterator<uint32_t>(tags.data(), tags.data() + tags.size()),
                  end = protozero::const_varint_iterator<uint32_t>(tags.data() + tags.size(), tags.data() + tags.size());
             tags.data() && it != end; ++it, ++read) {
            if (read % 2 == 0) { key = *it; continue; }
            const uint32_t v = *it;
            if (key < layer.keys.size() && v < layer.values.size()) { layer.tags.push_back(key); layer.tags.push_back(v); }
            else dropped += 1;
        }
        if (read % 2 == 1) dropped += 1;
        if (dropped > 0) tile.problem(where() + std::to_string(dropped) + " of its tags point past the layer's keys or values: dropped");
        feature.tagCount = (layer.tags.size() - feature.tagStart) / 2;
        layer.features.push_back(feature);
    }
}

void readLayer(CMMVTTile &tile, protozero::pbf_reader message, size_t index) {
    Layer layer;
    bool named = false;
    std::vector<protozero::data_view> features;
    // Features may come before the keys and values they point at: read them once all are known.
    while (message.next()) {
        const auto wire = message.wire_type();
        switch (message.tag()) {
        case 15: if (wire == pbf_wire_type::varint) { layer.version = static_cast<uint32_t>(std::min<uint64_t>(message.get_uint64(), UINT32_MAX)); continue; } break;
        case 1: if (wire == pbf_wire_type::length_delimited) { layer.name = text(message.get_view()); named = true; continue; } break;
        case 2: if (wire == pbf_wire_type::length_delimited) { features.push_back(message.get_view()); continue; } break;
        case 3: if (wire == pbf_wire_type::length_delimited) { layer.keys.push_back(text(message.get_view())); continue; } break;
        case 4: if (wire == pbf_wire_type::length_delimited) { layer.values.push_back(value(message.get_message())); continue; } break;
        case 5: if (wire == pbf_wire_type::varint) { layer.extent = static_cast<uint32_t>(std::min<uint64_t>(message.get_uint64(), UINT32_MAX)); continue; } break;
        }
        message.skip();
    }
    const std::string which = named ? "layer " + quoted(layer.name) : "layer " + std::to_string(index);
    if (!named) return tile.problem(which + " has no name: left out");
    if (layer.version < 1 || layer.version > 2) return tile.problem(which + " is of version " + std::to_string(layer.version) + ", which this reader does not know: left out");
    if (layer.extent == 0) return tile.problem(which + " has an extent of 0: left out");
    readFeatures(tile, layer, features);
    tile.layers.push_back(std::move(layer));
}

}  // namespace

extern "C" CMMVTTile *cm_mvt_tile_decode(const uint8_t *bytes, size_t length, size_t maxInflated, char *error, size_t errorCapacity) {
    auto fail = [&](const std::string &message) -> CMMVTTile * {
        if (error && errorCapacity > 0) std::snprintf(error, errorCapacity, "%s", message.c_str());
        return nullptr;
    };
    auto *tile = new CMMVTTile();
    try {
        const char *data = reinterpret_cast<const char *>(bytes);
        size_t size = length;
        if (compressed(bytes, length)) {
            std::string wrong = decompress(bytes, length, maxInflated, tile->inflated);
            if (!wrong.empty()) { delete tile; return fail(wrong); }
            data = tile->inflated.data();
            size = tile->inflated.size();
        }
        protozero::pbf_reader message{data, size};
        size_t index = 0;
        while (message.next()) {
            if (message.tag() == 3 && message.wire_type() == pbf_wire_type::length_delimited) readLayer(*tile, message.get_message(), index++);
            else message.skip();
        }
        return tile;
    } catch (const std::exception &e) {
        delete tile;
        return fail(std::string("it is not a vector tile: ") + e.what());
    }
}

extern "C" void cm_mvt_tile_free(CMMVTTile *tile) { delete tile; }

extern "C" uint8_t *cm_inflate(const uint8_t *bytes, size_t length, size_t maxInflated, size_t *inflatedLength,
                               char *error, size_t errorCapacity) {
    try {
        std::string out;
        const std::string wrong = decompress(bytes, length, maxInflated, out);
        if (!wrong.empty()) {
            if (error && errorCapacity > 0) std::snprintf(error, errorCapacity, "%s", wrong.c_str());
            return nullptr;
        }
        auto *copy = static_cast<uint8_t *>(std::malloc(std::max<size_t>(out.size(), 1)));
        if (!copy) throw std::bad_alloc();
        std::memcpy(copy, out.data(), out.size());
        *inflatedLength = out.size();
        return copy;
    } catch (const std::exception &e) {
        if (error && errorCapacity > 0) std::snprintf(error, errorCapacity, "%s", e.what());
        return nullptr;
    }
}

extern "C" void cm_inflated_free(uint8_t *inflated) { std::free(inflated); }

extern "C" size_t cm_mvt_tile_layer_count(const CMMVTTile *tile) { return tile->layers.size(); }

extern "C" CMMVTLayer cm_mvt_tile_layer(const CMMVTTile *tile, size_t index) {
    const Layer &l = tile->layers[index];
    return {l.name, l.version, l.extent, l.keys.data(), l.keys.size(), l.values.data(), l.values.size(), l.features.size()};
}

extern "C" CMMVTFeature cm_mvt_tile_feature(const CMMVTTile *tile, size_t layer, size_t index) {
    const Layer &l = tile->layers[layer];
    const Feature &f = l.features[index];
    return {f.hasID, f.id, f.type,
            l.tags.data() + f.tagStart, f.tagCount * 2,
            l.points.data() + f.pointStart * 2, f.pointCount,
            l.partEnds.data() + f.partStart, f.partCount};
}

extern "C" size_t cm_mvt_tile_problem_count(const CMMVTTile *tile) { return tile->problems.size(); }
extern "C" const char *cm_mvt_tile_problem(const CMMVTTile *tile, size_t index) { return tile->problems[index].c_str(); }
extern "C" size_t cm_mvt_tile_problem_total(const CMMVTTile *tile) { return tile->problemTotal; }
