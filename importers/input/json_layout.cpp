// A SAX handler that builds the document as json::parse does and notes offsets on the way.
#include "importers/input/json_layout.hpp"

#include "engine/base/diagnostic.hpp"
#include "importers/input/json_tracking.hpp"
#include "importers/input/text_position.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

namespace torchpin {

namespace {

using nlohmann::json;

// Rejected: json::parse with a callback notes the offsets too, but its callback parser rescans
// the enclosing array after every object it closes, quadratic in the number of files.
class LayoutRecorder final : public nlohmann::json_sax<json> {
public:
    LayoutRecorder(JsonLayout& layout, const char* begin, const char* const& read_up_to)
        : layout_(layout)
        , begin_(begin)
        , read_up_to_(read_up_to) {}

    std::optional<std::pair<std::size_t, std::string>> error; // byte offset and reason

    bool null() override { return add(nullptr, read_offset()); }
    bool boolean(bool value) override { return add(value, read_offset()); }
    bool number_integer(number_integer_t value) override { return add(value, read_offset()); }
    bool number_unsigned(number_unsigned_t value) override { return add(value, read_offset()); }
    bool number_float(number_float_t value, const string_t&) override {
        return add(value, read_offset());
    }
    bool string(string_t& value) override { return add(std::move(value), read_offset()); }
    bool binary(binary_t& value) override {
        return add(json::binary(std::move(value)), read_offset());
    }
    bool start_object(std::size_t) override { return open(json::object()); }
    bool start_array(std::size_t) override { return open(json::array()); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& key) override {
        // The key event comes right after the key's closing quote.
        const std::size_t opening_quote = read_offset() - std::min(read_offset(), key.size() + 2);
        if (open_.size() == 1) {
            top_key_ = key;
            layout_.top_keys.insert_or_assign(key, opening_quote);
            entries_ = key == "files"      ? &layout_.files
                       : key == "projects" ? &layout_.projects
                                           : nullptr;
            if (entries_ != nullptr) {
                entries_->clear(); // a repeated key: its last value is the one kept
            }
        } else if (open_.size() == 2 && top_key_ == "meta" && key == "api-version") {
            layout_.api_version = opening_quote;
        }
        key_ = std::move(key);
        return true;
    }

    bool parse_error(std::size_t position, const std::string&,
                     const json::exception& exception) override {
        error.emplace(position > 0 ? position - 1 : 0, json_error_reason(exception));
        return false;
    }

private:
    std::size_t read_offset() const noexcept {
        return static_cast<std::size_t>(read_up_to_ - begin_);
    }

    // Places `value` in the innermost open container (or as the document) and returns it.
    json* place(json value, std::size_t offset) {
        if (open_.empty()) {
            layout_.document = std::move(value);
            return &layout_.document;
        }
        json& parent = *open_.back();
        if (parent.is_array()) {
            if (open_.size() == 2 && entries_ != nullptr) {
                entries_->push_back(offset);
            }
            parent.push_back(std::move(value));
            return &parent.back();
        }
        json& member = parent[key_];
        member = std::move(value);
        return &member;
    }
    bool add(json value, std::size_t offset) {
        place(std::move(value), offset);
        return true;
    }
    bool open(json container) {
        open_.push_back(place(std::move(container), read_offset() - 1));
        return true;
    }
    bool close() {
        open_.pop_back();
        return true;
    }

    JsonLayout& layout_;
    const char* begin_;
    const char* const& read_up_to_;
    std::vector<json*> open_; // the containers being filled, outermost first
    std::string key_;         // the key of the next member of the innermost object
    std::string top_key_;     // the document's member being read
    std::vector<std::size_t>* entries_ = nullptr; // where files[] or projects[] offsets go
};

} // namespace

JsonLayout parse_json_layout(const TextInput& page) {
    const std::string& content = page.content();
    const char* read_up_to = content.data();
    JsonLayout layout;
    LayoutRecorder recorder(layout, content.data(), read_up_to);
    json::sax_parse(TrackedChar(content.data(), &read_up_to),
                    TrackedChar(content.data() + content.size(), &read_up_to), &recorder);
    if (recorder.error) {
        throw InputError(
            diagnostic_at(page, recorder.error->first, "invalid JSON: " + recorder.error->second));
    }
    return layout;
}

} // namespace torchpin
