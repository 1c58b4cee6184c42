// Fuzz target: the METADATA header parser, the RECORD reader and the direct_url.json reader accept
// or refuse any text with a located InputError, never crashing; what they accept keeps invariants.
#include "engine/base/diagnostic.hpp"
#include "fuzz/fuzz_target.hpp"
#include "importers/installed/core_metadata.hpp"
#include "importers/installed/direct_url.hpp"
#include "importers/installed/record_file.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace {

void read_or_refuse(const std::function<void()>& read, std::size_t lines) {
    try {
        read();
    } catch (const torchpin::InputError& e) {
        FUZZ_CHECK(e.diagnostic().line >= 1 && e.diagnostic().line <= lines + 1);
        FUZZ_CHECK(!torchpin::render(e.diagnostic()).empty());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const torchpin::TextInput input = torchpin::TextInput::from_string(text, "fuzz");
        const std::size_t lines = input.lines().size();
        read_or_refuse(
            [&] {
                const torchpin::MetadataHeaders headers = torchpin::parse_metadata_headers(input);
                for (const torchpin::MetadataField& field : headers.fields) {
                    FUZZ_CHECK(!field.name.empty());
                    FUZZ_CHECK(field.name.find(':') == std::string::npos);
                    FUZZ_CHECK(field.offset <= text.size());
                    FUZZ_CHECK(headers.first(field.name) != nullptr);
                }
            },
            lines);
        read_or_refuse(
            [&] {
                for (const torchpin::RecordEntry& entry : torchpin::parse_record(input)) {
                    FUZZ_CHECK(!entry.path.empty());
                    FUZZ_CHECK(!entry.hash || entry.hash->find('=') != std::string::npos);
                }
            },
            lines);
        read_or_refuse([&] { torchpin::parse_direct_url(input); }, lines);
    } catch (const torchpin::InputError&) {
        // Binary or non-UTF-8 text: TextInput refuses it before the readers run.
    }
    return 0;
}
