// A C interface to a Mapbox Vector Tile (spec 2.1) decoder built on libprotozero (Debian's
// libprotozero-dev 1.7, the decoder MapLibre Native uses), zlib and libzstd. One call decodes a
// whole tile, compressed (gzip, zlib, Zstandard) or not, into layers whose features hold their tags and their geometry as points: the
// commands are checked and run here, so a caller never sees a command. A feature whose geometry
// breaks the spec is left out with a problem naming its layer; a tile that is not a protobuf
// message, or inflates past the limit, is refused whole.
#ifndef CALLOUTMAP_MVT_H
#define CALLOUTMAP_MVT_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Text in the tile: UTF-8 as written (not checked), valid while the tile is.
typedef struct {
    const char *bytes;
    size_t length;
} CMMVTText;

/// What a layer's value is; `CMMVTNoValue` for a value message that sets none of its fields.
typedef enum {
    CMMVTNoValue = 0,
    CMMVTString = 1,
    CMMVTFloat = 2,
    CMMVTDouble = 3,
    CMMVTInt = 4,
    CMMVTUInt = 5,
    CMMVTSInt = 6,
    CMMVTBool = 7,
} CMMVTValueKind;

/// One of a layer's values: `text` for strings, `number` for float and double, `integer` for
/// int and sint, `unsignedInteger` for uint, `boolean` for bool. The last field a value sets wins.
typedef struct {
    CMMVTValueKind kind;
    CMMVTText text;
    double number;
    int64_t integer;
    uint64_t unsignedInteger;
    bool boolean;
} CMMVTValue;

/// The spec's geometry types.
typedef enum {
    CMMVTUnknown = 0,
    CMMVTPoint = 1,
    CMMVTLineString = 2,
    CMMVTPolygon = 3,
} CMMVTGeometryType;

/// One feature. `tags` holds pairs of indices into the layer's keys and values, each checked
/// in range. `points` holds x, y pairs in tile coordinates (0…extent inside the tile; outside
/// is allowed, as a tile's buffer). `partEnds[i]` is the number of points up to the end of part
/// i: each point of a Point feature is a part; a line is a part; a ring is a part (its closing
/// point not repeated).
typedef struct {
    bool hasID;
    uint64_t id;
    CMMVTGeometryType type;
    const uint32_t *tags;
    size_t tagCount;
    const int32_t *points;
    size_t pointCount;
    const uint32_t *partEnds;
    size_t partCount;
} CMMVTFeature;

typedef struct {
    CMMVTText name;
    uint32_t version;
    uint32_t extent;
    const CMMVTText *keys;
    size_t keyCount;
    const CMMVTValue *values;
    size_t valueCount;
    size_t featureCount;
} CMMVTLayer;

typedef struct CMMVTTile CMMVTTile;

/// Decodes `length` bytes (gzip, zlib or Zstandard streams are decompressed first, to at most
/// `maxInflated` bytes). Returns NULL when the tile is refused, with a message in `error` (NUL-terminated,
/// cut to `errorCapacity`). The tile keeps pointers into `bytes` when they were not compressed:
/// keep them alive and unchanged until `cm_mvt_tile_free`.
CMMVTTile *cm_mvt_tile_decode(const uint8_t *bytes, size_t length, size_t maxInflated,
                              char *error, size_t errorCapacity);
void cm_mvt_tile_free(CMMVTTile *tile);

size_t cm_mvt_tile_layer_count(const CMMVTTile *tile);
CMMVTLayer cm_mvt_tile_layer(const CMMVTTile *tile, size_t layer);
CMMVTFeature cm_mvt_tile_feature(const CMMVTTile *tile, size_t layer, size_t feature);

/// What was left out, one line each (at most 32 kept; `cm_mvt_tile_problem_total` counts all).
size_t cm_mvt_tile_problem_count(const CMMVTTile *tile);
const char *cm_mvt_tile_problem(const CMMVTTile *tile, size_t index);
size_t cm_mvt_tile_problem_total(const CMMVTTile *tile);

/// Decompresses a gzip, zlib or Zstandard stream (PMTiles directories, tiles) into a buffer of at most
/// `maxInflated` bytes that the caller frees with `cm_inflated_free`. Returns NULL with a message
/// in `error` when the stream is corrupt, ends early or inflates past the limit.
uint8_t *cm_inflate(const uint8_t *bytes, size_t length, size_t maxInflated, size_t *inflatedLength,
                    char *error, size_t errorCapacity);
void cm_inflated_free(uint8_t *inflated);

#ifdef __cplusplus
}
#endif

#endif
