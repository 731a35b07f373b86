// The fast path of the GeoJSON loader: simdjson's On-Demand API over an array of Point features.
// It accepts only what the Swift reader would read to the same result; on anything else it
// returns -1 and the Swift reader reads the array itself, so every rule (problems, U+FFFD, depth)
// stays in one place.
#include "CalloutMapFastJSON.h"

#include <simdjson.h>

#include <cmath>
#include <string_view>
#include <vector>

using namespace simdjson;

struct CMJSONFeatureReader {
    ondemand::parser parser;
    size_t maxDepth;
    std::vector<CMJSONProperty> properties;
};

namespace {

// The text of a string token whose first character is at `start` when it holds no escape: it is
// then the same unescaped, so it is used where it is instead of being copied out (most keys and
// values are like this; copying them was a fifth of reading a million small features). simdjson
// checked the token when it indexed the text (closed, valid UTF-8, no raw control character).
bool plain(const char *start, std::string_view &out) {
    size_t length = 0;
    while (start[length] != '"' && start[length] != '\\') length++;
    if (start[length] != '"') return false;
    out = std::string_view(start, length);
    return true;
}

// simdjson refuses an escaped lone surrogate (\uD800) and raw control characters in strings, which
// the Swift reader reads as U+FFFD and refuses alike: both leave the stretch to it.
bool text(ondemand::value value, std::string_view &out) {
    std::string_view token = value.raw_json_token();
    if (!token.empty() && token[0] == '"' && plain(token.data() + 1, out)) {
        // Still read through (without copying): a value left unread is skipped to the next comma
        // or brace unchecked, and `"a": "b": "c"` would pass.
        ondemand::raw_json_string read;
        return !value.get_raw_json_string().get(read);
    }
    return !value.get_string().get(out);
}

// Calls `body(name, field)` for each member in order; false at the first it refuses or that is not valid.
template <typename Body> bool eachMember(ondemand::object object, Body body) {
    for (auto member : object) {
        ondemand::field field;
        std::string_view name;
        if (std::move(member).get(field)) return false;
        if (!plain(field.key().raw(), name) && field.unescaped_key().get(name)) return false;
        if (!body(name, field)) return false;
    }
    return true;
}

// A `type` member: text equal to `expected`, met once.
bool typeMember(ondemand::field &field, bool &saw, std::string_view expected) {
    std::string_view type;
    if (saw || !text(field.value(), type) || type != expected) return false;
    saw = true;
    return true;
}

// Reads a value nobody keeps through to its end, so that it is checked as strictly as the Swift
// reader checks what it skips (On-Demand would otherwise pass over it unchecked).
bool check(ondemand::value value, size_t depth, size_t maxDepth) {
    ondemand::json_type type;
    if (value.type().get(type)) return false;
    switch (type) {
    case ondemand::json_type::array: {
        if (depth + 1 > maxDepth) return false;
        ondemand::array array;
        if (value.get_array().get(array)) return false;
        for (auto element : array) {
            ondemand::value inner;
            if (std::move(element).get(inner) || !check(inner, depth + 1, maxDepth)) return false;
        }
        return true;
    }
    case ondemand::json_type::object: {
        if (depth + 1 > maxDepth) return false;
        ondemand::object object;
        return !value.get_object().get(object) && eachMember(object, [&](std::string_view, ondemand::field &field) {
            return check(field.value(), depth + 1, maxDepth);
        });
    }
    case ondemand::json_type::number: {
        double number;
        return !value.get_double().get(number);
    }
    case ondemand::json_type::string: {
        std::string_view s;
        return text(value, s);
    }
    case ondemand::json_type::boolean: {
        bool b;
        return !value.get_bool().get(b);
    }
    case ondemand::json_type::null: {
        bool isNull = false;
        return !value.is_null().get(isNull) && isNull;
    }
    }
    return false;
}

// `geometry`: a Point whose coordinates are two or more numbers, a valid longitude and latitude first.
bool point(ondemand::value value, size_t depth, size_t maxDepth, CMJSONFeature &feature) {
    ondemand::object object;
    if (value.get_object().get(object)) return false;
    bool sawType = false, sawCoordinates = false;
    bool read = eachMember(object, [&](std::string_view name, ondemand::field &field) {
        if (name == "type") return typeMember(field, sawType, "Point");
        if (name == "coordinates") {
            ondemand::array array;
            if (sawCoordinates || field.value().get_array().get(array)) return false;
            size_t count = 0;
            for (auto element : array) {
                double number;
                if (std::move(element).get_double().get(number)) return false;
                if (count == 0) feature.longitude = number;
                if (count == 1) feature.latitude = number;
                count++;
            }
            sawCoordinates = count >= 2;
            return sawCoordinates;
        }
        return name != "geometries" && name != "crs" && check(field.value(), depth + 1, maxDepth);
    });
    return read && sawType && sawCoordinates && std::isfinite(feature.longitude) && std::isfinite(feature.latitude)
        && std::fabs(feature.latitude) <= 90 && std::fabs(feature.longitude) <= 180;
}

bool properties(ondemand::value value, size_t depth, size_t maxDepth, std::vector<CMJSONProperty> &out) {
    bool isNull = false;
    if (!value.is_null().get(isNull) && isNull) return true;
    ondemand::object object;
    if (value.get_object().get(object)) return false;
    return eachMember(object, [&](std::string_view name, ondemand::field &field) {
        CMJSONProperty property{name.data(), name.size(), CMJSONNull, nullptr, 0, 0};
        ondemand::value inner = field.value();
        ondemand::json_type type;
        if (inner.type().get(type)) return false;
        switch (type) {
        case ondemand::json_type::string: {
            std::string_view s;
            if (!text(inner, s)) return false;
            property.kind = CMJSONString;
            property.text = s.data();
            property.textLength = s.size();
            break;
        }
        case ondemand::json_type::number:
            if (inner.get_double().get(property.number)) return false;
            property.kind = CMJSONNumber;
            break;
        case ondemand::json_type::boolean: {
            bool b;
            if (inner.get_bool().get(b)) return false;
            property.kind = b ? CMJSONTrue : CMJSONFalse;
            break;
        }
        case ondemand::json_type::null:
            if (!check(inner, depth + 1, maxDepth)) return false;
            break;
        default:
            if (!check(inner, depth + 1, maxDepth)) return false;
            property.kind = CMJSONContainer;
        }
        out.push_back(property);
        return true;
    });
}

bool feature(CMJSONFeatureReader *reader, ondemand::object object, size_t depth, void *context, CMJSONFeatureSink sink) {
    CMJSONFeature feature{};
    reader->properties.clear();
    bool sawType = false, sawGeometry = false, sawProperties = false, sawId = false;
    bool read = eachMember(object, [&](std::string_view name, ondemand::field &field) {
        if (name == "type") return typeMember(field, sawType, "Feature");
        if (name == "geometry") {
            if (sawGeometry || !point(field.value(), depth + 1, reader->maxDepth, feature)) return false;
            return sawGeometry = true;
        }
        if (name == "properties") {
            if (sawProperties || !properties(field.value(), depth + 1, reader->maxDepth, reader->properties)) return false;
            return sawProperties = true;
        }
        if (name == "id") {
            if (sawId) return false;
            sawId = true;
            ondemand::value value = field.value();
            ondemand::json_type type;
            if (value.type().get(type)) return false;
            if (type == ondemand::json_type::string) {
                std::string_view s;
                if (!text(value, s)) return false;
                feature.idKind = CMJSONString;
                feature.idText = s.data();
                feature.idLength = s.size();
                return true;
            }
            if (type == ondemand::json_type::number) {
                feature.idKind = CMJSONNumber;
                return !value.get_double().get(feature.idNumber);
            }
            return check(value, depth + 1, reader->maxDepth);
        }
        // Members the Swift reader reads on any object; rare in a feature, so left to it.
        if (name == "coordinates" || name == "geometries" || name == "crs" || name == "features") return false;
        return check(field.value(), depth + 1, reader->maxDepth);
    });
    if (!read || !sawType || !sawGeometry) return false;
    feature.properties = reader->properties.data();
    feature.propertyCount = reader->properties.size();
    sink(context, &feature);
    return true;
}

}  // namespace

extern "C" CMJSONFeatureReader *cm_json_feature_reader_create(size_t maxDepth) {
    auto *reader = new (std::nothrow) CMJSONFeatureReader();
    if (reader == nullptr) return nullptr;
    reader->maxDepth = maxDepth;
    // On-Demand 3.0 does not refuse deeper text itself (`check` does, at maxDepth); its
    // development checks assert a few levels past that, so they are given room.
    if (reader->parser.allocate(1 << 20, maxDepth + 8)) {
        delete reader;
        return nullptr;
    }
    return reader;
}

extern "C" void cm_json_feature_reader_free(CMJSONFeatureReader *reader) { delete reader; }

extern "C" long cm_json_read_point_features(CMJSONFeatureReader *reader, const uint8_t *json, size_t length,
                                            size_t capacity, void *context, CMJSONFeatureSink sink) {
    if (capacity < length + SIMDJSON_PADDING) return -1;
    if (length > reader->parser.capacity() && reader->parser.allocate(length, reader->maxDepth + 8)) return -1;
    ondemand::document document;
    if (reader->parser.iterate(json, length, capacity).get(document)) return -1;
    ondemand::array array;
    if (document.get_array().get(array)) return -1;
    long count = 0;
    for (auto element : array) {
        ondemand::object object;
        if (element.get_object().get(object) || !feature(reader, object, 1, context, sink)) return -1;
        count++;
    }
    // Every token read: an array closed early (a `]` inside the stretch) leaves some behind.
    if (document.current_location().error() != OUT_OF_BOUNDS) return -1;
    return count;
}

extern "C" const char *cm_json_kernel(void) {
    return get_active_implementation()->name().data();
}
