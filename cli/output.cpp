// Atomic file output: write beside the target, flush to disk, rename over it.
#include "cli/output.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/durable_file.hpp"
#include "engine/base/utf8_path.hpp"

#include <iostream>

namespace torchpin::cli {

void write_output(std::string_view content, std::string_view utf8_path) {
    if (utf8_path.empty()) {
        std::cout << content;
        std::cout.flush();
        return;
    }
    if (auto error = write_file_durably(path_from_utf8(utf8_path), content)) {
        throw InputError(
            Diagnostic{std::string(utf8_path), 0, 0, "cannot write: " + error.message(), ""});
    }
}

} // namespace torchpin::cli
