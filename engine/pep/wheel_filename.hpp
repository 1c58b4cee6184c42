// Wheel file names (PEP 427): {name}-{version}(-{build tag})?-{python}-{abi}-{platform}.whl.
#pragma once

#include "engine/base/expected.hpp"
#include "engine/pep/package_name.hpp"
#include "engine/pep/version.hpp"
#include "engine/pep/wheel_tag.hpp"

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// The optional tie-breaker between otherwise equal wheels: "1", "2b". It sorts as packaging
// sorts it, as the pair (number, rest): 1 < 1b < 2 < 10.
struct BuildTag {
    std::uint64_t number = 0;
    std::string suffix; // what follows the digits: letters, digits, '_' and '.'

    std::string to_string() const { return std::to_string(number) + suffix; }
    friend auto operator<=>(const BuildTag&, const BuildTag&) = default;
};

// A parsed wheel file name: WheelFilename::from("torch-2.5.1+cu121-cp311-cp311-linux_x86_64.whl")
// is torch 2.5.1+cu121 with the single tag cp311-cp311-linux_x86_64.
//
// Invariant (tested, fuzzed): WheelFilename::parse(w.to_string()) == w, and to_string() returns
// the name exactly as parsed. Equality follows packaging: normalized name, version, build tag
// and the set of tags, however they are spelled.
class WheelFilename {
public:
    // An already URL-decoded file name (PyTorch's hrefs write '+' as %2B). Errors name the byte
    // where the name stops making sense: a missing ".whl", a wrong number of '-'-separated
    // parts, an invalid project name or version, a build tag not starting with a digit, a
    // malformed tag, a variant label with other characters than 0-9 a-z _ . (PEP 825: a label
    // after the platform tag, "numpy-2.3.2-cp313-cp313-linux_x86_64-x86_64_v3.whl"; six parts
    // are a build tag when the third starts with a digit, else a label). Stricter than packaging
    // in that the project name must be a valid PEP 508 name.
    static Expected<WheelFilename> parse(std::string_view file_name);
    static WheelFilename from(std::string_view file_name); // throws ParseFailure
    // An empty name: only a placeholder to assign a parsed one to (a matrix row being decoded).
    WheelFilename() = default;

    const PackageName& name() const noexcept { return name_; }
    const Version& version() const noexcept { return version_; }
    const std::optional<BuildTag>& build_tag() const noexcept { return build_tag_; }
    // PEP 825's label; a variant wheel that installers without variant support reject.
    const std::optional<std::string>& variant_label() const noexcept { return variant_label_; }
    const TagSet& tag_set() const noexcept { return tag_set_; }
    std::vector<Tag> tags() const { return tag_set_.tags(); } // the expanded set

    const std::string& to_string() const noexcept { return file_name_; }

    friend bool operator==(const WheelFilename& a, const WheelFilename& b) noexcept {
        return a.name_ == b.name_ && a.version_ == b.version_ && a.build_tag_ == b.build_tag_ &&
               a.tag_set_ == b.tag_set_ && a.variant_label_ == b.variant_label_;
    }

private:
    WheelFilename(std::string file_name, PackageName name, Version version,
                  std::optional<BuildTag> build_tag, TagSet tag_set,
                  std::optional<std::string> variant_label)
        : file_name_(std::move(file_name))
        , name_(std::move(name))
        , version_(std::move(version))
        , build_tag_(std::move(build_tag))
        , tag_set_(std::move(tag_set))
        , variant_label_(std::move(variant_label)) {}

    std::string file_name_;
    PackageName name_;
    Version version_;
    std::optional<BuildTag> build_tag_;
    TagSet tag_set_;
    std::optional<std::string> variant_label_;
};

} // namespace torchpin
