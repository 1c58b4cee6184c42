// A small CSV reader for RECORD (Python csv's default dialect), with byte positions for errors.
#include "importers/installed/record_file.hpp"

#include "engine/base/diagnostic.hpp"
#include "importers/input/text_position.hpp"

#include <charconv>
#include <string_view>

namespace torchpin {

namespace {

struct CsvField {
    std::string text;
    std::size_t offset = 0; // where the field starts (its opening quote when quoted)
};

class RecordReader {
public:
    explicit RecordReader(const TextInput& input)
        : input_(input)
        , content_(input.content()) {
        if (content_.substr(0, 3) == "\xEF\xBB\xBF") {
            at_ = 3;
        }
    }

    std::vector<RecordEntry> read() {
        std::vector<RecordEntry> entries;
        while (at_ < content_.size()) {
            const std::size_t row_start = at_;
            std::vector<CsvField> row = read_row();
            if (row.size() == 1 && row.front().text.empty()) {
                continue; // an empty line
            }
            entries.push_back(entry_of(row, row_start));
        }
        return entries;
    }

private:
    [[noreturn]] void fail(std::size_t offset, std::string message) const {
        throw InputError(diagnostic_at(input_, offset, std::move(message)));
    }

    bool at_row_end() const {
        return at_ >= content_.size() || content_[at_] == '\n' || content_[at_] == '\r';
    }

    void skip_row_end() {
        if (at_ < content_.size() && content_[at_] == '\r') {
            ++at_;
        }
        if (at_ < content_.size() && content_[at_] == '\n') {
            ++at_;
        }
    }

    std::vector<CsvField> read_row() {
        std::vector<CsvField> row;
        while (true) {
            row.push_back(at_ < content_.size() && content_[at_] == '"' ? quoted_field()
                                                                        : plain_field());
            if (at_ < content_.size() && content_[at_] == ',') {
                ++at_;
                continue;
            }
            skip_row_end();
            return row;
        }
    }

    CsvField plain_field() {
        CsvField field{"", at_};
        while (!at_row_end() && content_[at_] != ',') {
            field.text += content_[at_++];
        }
        return field;
    }

    CsvField quoted_field() {
        CsvField field{"", at_};
        ++at_;
        while (true) {
            if (at_ >= content_.size()) {
                fail(field.offset, "unterminated quoted field (no closing '\"')");
            }
            const char c = content_[at_++];
            if (c != '"') {
                field.text += c;
            } else if (at_ < content_.size() && content_[at_] == '"') {
                field.text += '"';
                ++at_;
            } else {
                break;
            }
        }
        if (!at_row_end() && content_[at_] != ',') {
            fail(at_, "expected ',' or the end of the line after a closing '\"'");
        }
        return field;
    }

    RecordEntry entry_of(const std::vector<CsvField>& row, std::size_t row_start) const {
        if (row.size() != 3) {
            fail(row_start,
                 "expected 3 fields (path,hash,size), found " + std::to_string(row.size()));
        }
        RecordEntry entry;
        entry.path = row[0].text;
        if (entry.path.empty()) {
            fail(row[0].offset, "empty path");
        }
        if (!row[1].text.empty()) {
            if (row[1].text.find('=') == std::string::npos) {
                fail(row[1].offset, "expected a hash 'algorithm=digest' (sha256=…)");
            }
            entry.hash = row[1].text;
        }
        if (!row[2].text.empty()) {
            const std::string& text = row[2].text;
            std::uint64_t size = 0;
            const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), size);
            if (error != std::errc() || end != text.data() + text.size()) {
                fail(row[2].offset, "expected a size in bytes (a decimal number)");
            }
            entry.size = size;
        }
        return entry;
    }

    const TextInput& input_;
    std::string_view content_;
    std::size_t at_ = 0;
};

} // namespace

std::vector<RecordEntry> parse_record(const TextInput& input) {
    return RecordReader(input).read();
}

} // namespace torchpin
