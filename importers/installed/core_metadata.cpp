// Header parsing for METADATA, PKG-INFO and WHEEL, the subset of RFC 822 that Python's email
// parser applies to them.
#include "importers/installed/core_metadata.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/pep/package_name.hpp"
#include "importers/input/text_position.hpp"

#include <algorithm>

namespace torchpin {

namespace {

bool same_header_name(std::string_view a, std::string_view b) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                              [&](char x, char y) { return lower(x) == lower(y); });
}

// RFC 5322 2.2: printable ASCII except ':' (33-126).
bool is_field_name_char(char c) {
    return c >= 33 && c <= 126 && c != ':';
}

std::size_t offset_in(const TextInput& input, std::string_view part) {
    return static_cast<std::size_t>(part.data() - input.content().data());
}

[[noreturn]] void fail_at(const TextInput& input, std::size_t offset, std::string message) {
    throw InputError(diagnostic_at(input, offset, std::move(message)));
}

// The offset of a parse error inside a field's value; the value was unfolded, so an error past
// the first line points at the value's start rather than at a wrong column.
std::size_t error_offset(const MetadataField& field, const ParseError& error) {
    return field.value.find('\n') == std::string::npos ? field.offset + error.position
                                                       : field.offset;
}

const MetadataField& required(const TextInput& input, const MetadataHeaders& headers,
                              std::string_view name) {
    const MetadataField* field = headers.first(name);
    if (field == nullptr || field->value.empty()) {
        throw InputError(
            Diagnostic{input.origin(), 0, 0,
                       "no " + std::string(name) + " header (core metadata requires one)", ""});
    }
    return *field;
}

} // namespace

const MetadataField* MetadataHeaders::first(std::string_view name) const {
    const auto found = std::find_if(fields.begin(), fields.end(), [&](const MetadataField& f) {
        return same_header_name(f.name, name);
    });
    return found == fields.end() ? nullptr : &*found;
}

std::vector<const MetadataField*> MetadataHeaders::all(std::string_view name) const {
    std::vector<const MetadataField*> found;
    for (const MetadataField& field : fields) {
        if (same_header_name(field.name, name)) {
            found.push_back(&field);
        }
    }
    return found;
}

MetadataHeaders parse_metadata_headers(const TextInput& input) {
    MetadataHeaders headers;
    for (const TextLine& line : input.lines()) {
        const std::string_view text = line.text;
        if (text.empty()) {
            break; // the body starts
        }
        if (text.front() == ' ' || text.front() == '\t') {
            if (headers.fields.empty()) {
                throw InputError(diagnostic_at(
                    input, offset_in(input, text),
                    "a continuation line (starting with a space or tab) before any header"));
            }
            headers.fields.back().value += text;
            continue;
        }
        const std::size_t colon = text.find(':');
        if (colon == std::string_view::npos) {
            throw InputError(
                diagnostic_at(input, offset_in(input, text),
                              "expected a header 'Name: value' (no ':' on this line)"));
        }
        const std::string_view name = text.substr(0, colon);
        const auto bad = std::find_if_not(name.begin(), name.end(), is_field_name_char);
        if (name.empty() || bad != name.end()) {
            const std::size_t at = offset_in(input, text) + (name.empty() ? 0 : bad - name.begin());
            throw InputError(diagnostic_at(
                input, at, "invalid header name: printable characters other than ':' expected"));
        }
        std::string_view value = text.substr(colon + 1);
        while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) {
            value.remove_prefix(1);
        }
        headers.fields.push_back(
            MetadataField{std::string(name), std::string(value), offset_in(input, value)});
    }
    return headers;
}

CoreMetadata read_core_metadata(const TextInput& input) {
    const MetadataHeaders headers = parse_metadata_headers(input);
    CoreMetadata metadata;
    const MetadataField& name = required(input, headers, "Name");
    if (!is_valid_package_name(name.value)) {
        fail_at(input, name.offset, "invalid project name \"" + name.value + "\"");
    }
    metadata.name = name.value;
    const MetadataField& version = required(input, headers, "Version");
    auto parsed = Version::parse(version.value);
    if (!parsed) {
        fail_at(input, error_offset(version, parsed.error()),
                "invalid version \"" + version.value + "\": " + parsed.error().message);
    }
    metadata.version = *std::move(parsed);
    for (const MetadataField* field : headers.all("Requires-Dist")) {
        auto requirement = Requirement::parse(field->value);
        if (!requirement) {
            fail_at(input, error_offset(*field, requirement.error()),
                    "invalid Requires-Dist: " + requirement.error().message);
        }
        metadata.requires_dist.push_back(*std::move(requirement));
    }
    if (const MetadataField* requires_python = headers.first("Requires-Python")) {
        metadata.requires_python = requires_python->value;
    }
    return metadata;
}

} // namespace torchpin
