// Reads direct_url.json through the positioned JSON reader, so each error names its key.
#include "importers/installed/direct_url.hpp"

#include "engine/base/diagnostic.hpp"
#include "importers/input/json_positions.hpp"
#include "importers/input/text_position.hpp"

#include <string_view>
#include <utility>

namespace torchpin {

namespace {

class DirectUrlReader {
public:
    explicit DirectUrlReader(const TextInput& input)
        : input_(input)
        , json_(parse_positioned_json(input)) {}

    DirectUrl read() const {
        const nlohmann::json& document = json_.document;
        if (!document.is_object()) {
            fail("", "expected a JSON object");
        }
        DirectUrl direct;
        direct.url = required_string("/url");
        std::size_t kinds = 0;
        for (const auto& [key, kind] : {std::pair{"dir_info", DirectUrlKind::Directory},
                                        std::pair{"archive_info", DirectUrlKind::Archive},
                                        std::pair{"vcs_info", DirectUrlKind::Vcs}}) {
            if (document.contains(key)) {
                ++kinds;
                object_at(std::string("/") + key);
                direct.kind = kind;
            }
        }
        if (kinds != 1) {
            fail("", "expected exactly one of \"dir_info\", \"archive_info\" and \"vcs_info\"");
        }
        if (const nlohmann::json* editable = member("/dir_info/editable")) {
            if (!editable->is_boolean()) {
                fail("/dir_info/editable", "expected true or false");
            }
            direct.editable = editable->get<bool>();
        }
        direct.archive_hash = archive_hash();
        direct.vcs = optional_string("/vcs_info/vcs");
        direct.vcs_commit = optional_string("/vcs_info/commit_id");
        if (document.contains("vcs_info") && !direct.vcs) {
            fail("/vcs_info", "expected a \"vcs\" member (\"git\", \"hg\", \"bzr\", \"svn\")");
        }
        return direct;
    }

private:
    [[noreturn]] void fail(const std::string& pointer, std::string message) const {
        const auto found = json_.positions.find(pointer);
        const std::size_t offset = found == json_.positions.end() ? 0 : found->second;
        throw InputError(diagnostic_at(input_, offset, std::move(message)));
    }

    const nlohmann::json* member(const std::string& pointer) const {
        const nlohmann::json::json_pointer path(pointer);
        return json_.document.contains(path) ? &json_.document.at(path) : nullptr;
    }

    void object_at(const std::string& pointer) const {
        if (!member(pointer)->is_object()) {
            fail(pointer, "expected a JSON object");
        }
    }

    std::optional<std::string> optional_string(const std::string& pointer) const {
        const nlohmann::json* value = member(pointer);
        if (value == nullptr) {
            return std::nullopt;
        }
        if (!value->is_string()) {
            fail(pointer, "expected a string");
        }
        return value->get<std::string>();
    }

    std::string required_string(const std::string& pointer) const {
        std::optional<std::string> value = optional_string(pointer);
        if (!value) {
            fail("", "expected a \"" + pointer.substr(1) + "\" member");
        }
        return *value;
    }

    // PEP 610: "hashes" ({"sha256": "<hex>"}) is the current form; "hash" ("sha256=<hex>") is
    // deprecated but still written by older installers.
    std::optional<std::string> archive_hash() const {
        if (const nlohmann::json* hashes = member("/archive_info/hashes")) {
            if (!hashes->is_object()) {
                fail("/archive_info/hashes", "expected an object of algorithm → digest");
            }
            if (const auto sha256 = optional_string("/archive_info/hashes/sha256")) {
                return "sha256=" + *sha256;
            }
        }
        std::optional<std::string> legacy = optional_string("/archive_info/hash");
        if (legacy && legacy->find('=') == std::string::npos) {
            fail("/archive_info/hash", "expected \"<algorithm>=<digest>\"");
        }
        return legacy;
    }

    const TextInput& input_;
    PositionedJson json_;
};

} // namespace

DirectUrl parse_direct_url(const TextInput& input) {
    return DirectUrlReader(input).read();
}

} // namespace torchpin
