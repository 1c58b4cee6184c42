// Fuzz target: the requirements reader accepts or refuses any text with a located InputError,
// never crashing, and every position it reports lies inside the text.
#include "engine/base/diagnostic.hpp"
#include "fuzz/fuzz_target.hpp"
#include "importers/lock/requirements_file.hpp"

#include <cstdint>
#include <string>

namespace {

torchpin::RequirementsReadOptions fuzzing_options() {
    torchpin::RequirementsReadOptions options;
    options.environment = [](const std::string& name) -> std::optional<std::string> {
        if (name == "INDEX") {
            return "https://download.pytorch.org/whl/cu121";
        }
        if (name == "EMPTY") {
            return "";
        }
        return std::nullopt;
    };
    // Includes are not read: the fuzzer must not depend on (or read) the machine's files.
    options.read_file = [](const std::filesystem::path& path) -> torchpin::TextInput {
        throw torchpin::InputError("not read while fuzzing: " + path.string());
    };
    return options;
}

void check_location(const torchpin::SourceLocation& where, std::size_t lines) {
    FUZZ_CHECK(where.line >= 1 && where.line <= lines);
    FUZZ_CHECK(where.column >= 1);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const torchpin::RequirementsReadOptions options = fuzzing_options();
    std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const torchpin::TextInput input = torchpin::TextInput::from_string(text, "fuzz.txt");
        const std::size_t lines = input.lines().size();
        try {
            const torchpin::LockedRequirements read = read_requirements_text(input, options);
            for (const torchpin::LockedPackage& package : read.packages) {
                check_location(package.where, lines);
            }
            for (const torchpin::IndexReference& index : read.indexes) {
                check_location(index.where, lines);
            }
            for (const torchpin::ReaderNote& note : read.notes) {
                check_location(note.where, lines);
            }
        } catch (const torchpin::InputError& e) {
            const torchpin::Diagnostic& where = e.diagnostic();
            if (where.origin == "fuzz.txt") {
                FUZZ_CHECK(where.line >= 1 && where.line <= lines);
            }
            FUZZ_CHECK(!torchpin::render(where).empty());
        }
    } catch (const torchpin::InputError&) {
        // Binary or non-UTF-8 text: TextInput refuses it before the reader runs.
    }
    return 0;
}
