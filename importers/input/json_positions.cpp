// A SAX pass that records where each key and container element starts, then the document itself.
#include "importers/input/json_positions.hpp"

#include "engine/base/diagnostic.hpp"
#include "importers/input/json_tracking.hpp"
#include "importers/input/text_position.hpp"

#include <algorithm>
#include <optional>
#include <vector>

namespace torchpin {

namespace {

using nlohmann::json;

class PositionRecorder final : public nlohmann::json_sax<json> {
public:
    PositionRecorder(PositionedJson& out, const char* begin, const char* const& read_up_to)
        : out_(out)
        , begin_(begin)
        , read_up_to_(read_up_to) {}

    std::optional<std::pair<std::size_t, std::string>> error; // byte offset and reason

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override { return open(false); }
    bool start_array(std::size_t) override { return open(true); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& key) override {
        // The key event comes right after the key's closing quote.
        const std::size_t opening_quote = offset() - std::min(offset(), key.size() + 2);
        Frame& frame = frames_.back();
        frame.member = frame.pointer + "/" + json_pointer_token(key);
        out_.positions.insert_or_assign(frame.member, opening_quote);
        return true;
    }

    bool parse_error(std::size_t position, const std::string&,
                     const json::exception& exception) override {
        error.emplace(position > 0 ? position - 1 : 0, json_error_reason(exception));
        return false;
    }

private:
    struct Frame {
        std::string pointer;
        bool is_array = false;
        std::size_t next_index = 0;
        std::string member; // the pointer of the object member being read
    };

    std::size_t offset() const noexcept { return static_cast<std::size_t>(read_up_to_ - begin_); }

    // The pointer of the value that starts now; array elements are recorded at `at`.
    std::string next_pointer(std::size_t at) {
        if (frames_.empty()) {
            return "";
        }
        Frame& frame = frames_.back();
        if (!frame.is_array) {
            return frame.member;
        }
        std::string pointer = frame.pointer + "/" + std::to_string(frame.next_index++);
        out_.positions.insert_or_assign(pointer, at);
        return pointer;
    }
    bool value() {
        next_pointer(offset());
        return true;
    }
    bool open(bool is_array) {
        frames_.push_back({next_pointer(offset() - 1), is_array, 0, ""});
        return true;
    }
    bool close() {
        frames_.pop_back();
        return true;
    }

    PositionedJson& out_;
    const char* begin_;
    const char* const& read_up_to_;
    std::vector<Frame> frames_;
};

} // namespace

std::string json_pointer_token(std::string_view key) {
    std::string token;
    for (char c : key) {
        if (c == '~') {
            token += "~0";
        } else if (c == '/') {
            token += "~1";
        } else {
            token += c;
        }
    }
    return token;
}

PositionedJson parse_positioned_json(const TextInput& input) {
    const std::string& content = input.content();
    const char* read_up_to = content.data();
    PositionedJson out;
    PositionRecorder recorder(out, content.data(), read_up_to);
    json::sax_parse(TrackedChar(content.data(), &read_up_to),
                    TrackedChar(content.data() + content.size(), &read_up_to), &recorder);
    if (recorder.error) {
        throw InputError(
            diagnostic_at(input, recorder.error->first, "invalid JSON: " + recorder.error->second));
    }
    out.document = json::parse(content);
    return out;
}

} // namespace torchpin
