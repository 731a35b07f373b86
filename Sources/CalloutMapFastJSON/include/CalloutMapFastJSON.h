// A C interface to simdjson (Debian's libsimdjson-dev 3.0) for the GeoJSON loader's fast path:
// it reads a JSON array of GeoJSON Features, each a Point with scalar properties, and hands each
// feature to a callback. Anything else in the array makes it give up on the whole array (-1),
// and the caller reads that part with its own reader, which knows every other case.
#ifndef CALLOUTMAP_FAST_JSON_H
#define CALLOUTMAP_FAST_JSON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a property's value is.
typedef enum {
    CMJSONNull = 0,
    CMJSONString = 1,
    CMJSONNumber = 2,
    CMJSONTrue = 3,
    CMJSONFalse = 4,
    /// An array or an object (checked as JSON, not kept).
    CMJSONContainer = 5,
} CMJSONKind;

/// One member of a feature's `properties`, in the file's order. Text is unescaped UTF-8,
/// valid until the read returns.
typedef struct {
    const char *key;
    size_t keyLength;
    CMJSONKind kind;
    const char *text;
    size_t textLength;
    double number;
} CMJSONProperty;

/// One Point feature.
typedef struct {
    double longitude;
    double latitude;
    /// `id`: CMJSONString (text), CMJSONNumber (number), or CMJSONNull for none or any other value.
    CMJSONKind idKind;
    const char *idText;
    size_t idLength;
    double idNumber;
    const CMJSONProperty *properties;
    size_t propertyCount;
} CMJSONFeature;

typedef void (*CMJSONFeatureSink)(void *context, const CMJSONFeature *feature);

typedef struct CMJSONFeatureReader CMJSONFeatureReader;

/// A reader; one per thread. Arrays and objects nested deeper than `maxDepth` are refused.
CMJSONFeatureReader *cm_json_feature_reader_create(size_t maxDepth);
void cm_json_feature_reader_free(CMJSONFeatureReader *reader);

/// Reads `json` (`length` bytes; `capacity` ≥ length + 64 readable bytes, simdjson reads ahead)
/// as one JSON array of Point features, calling `sink` for each in order. Returns how many
/// features it read, or -1 when the array is anything else: not valid JSON, invalid UTF-8, an
/// escaped lone surrogate, a number too large, a member read twice, a feature that is not a
/// Point with two or more finite numbers, a `crs`, nesting past `maxDepth`. Features already
/// handed to `sink` before a -1 are to be dropped.
long cm_json_read_point_features(CMJSONFeatureReader *reader, const uint8_t *json, size_t length, size_t capacity,
                                 void *context, CMJSONFeatureSink sink);

/// The name of the simdjson kernel chosen for this processor ("icelake", "haswell", …).
const char *cm_json_kernel(void);

#ifdef __cplusplus
}
#endif

#endif
