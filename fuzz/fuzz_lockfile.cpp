// Fuzz target: the uv.lock, pylock.toml and conda export readers accept or refuse any text with a
// located InputError, never crashing.
#include "engine/base/diagnostic.hpp"
#include "fuzz/fuzz_target.hpp"
#include "importers/lock/conda_export.hpp"
#include "importers/lock/pylock.hpp"
#include "importers/lock/uv_lock.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace {

void read_or_refuse(const std::function<torchpin::LockedRequirements()>& read, std::size_t lines) {
    try {
        const torchpin::LockedRequirements lock = read();
        for (const torchpin::LockedPackage& package : lock.packages) {
            FUZZ_CHECK(package.where.line >= 1 && package.where.line <= lines);
            FUZZ_CHECK(!package.name.empty());
        }
    } catch (const torchpin::InputError& e) {
        FUZZ_CHECK(!torchpin::render(e.diagnostic()).empty());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const torchpin::TextInput input = torchpin::TextInput::from_string(text, "fuzz.lock");
        const std::size_t lines = input.lines().size();
        read_or_refuse([&] { return torchpin::read_uv_lock(input); }, lines);
        read_or_refuse([&] { return torchpin::read_pylock(input); }, lines);
        read_or_refuse([&] { return torchpin::read_conda_export(input); }, lines);
    } catch (const torchpin::InputError&) {
        // Binary or non-UTF-8 text: TextInput refuses it before the readers run.
    }
    return 0;
}
