// Test tool: prints read_pe_file's answer for each file named, one JSON object a line, for the
// differential test against pefile (tests/differential/pe_oracle.py).
#include "importers/binary/pe_image.hpp"

#include <iostream>

#include <nlohmann/json.hpp>

namespace {

nlohmann::json version_json(const std::optional<torchpin::FileVersion>& version) {
    return version ? nlohmann::json(version->text()) : nlohmann::json(nullptr);
}

} // namespace

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const auto image = torchpin::read_pe_file(argv[i]);
        nlohmann::json line = {{"path", argv[i]}};
        if (!image) {
            line["error"] = image.error().message;
            line["position"] = image.error().position;
        } else {
            line["machine"] = image->machine;
            line["is_pe32_plus"] = image->is_pe32_plus;
            line["is_dll"] = image->is_dll;
            line["imports"] = image->imports;
            line["delay_imports"] = image->delay_imports;
            line["file_version"] = version_json(image->file_version);
            line["product_version"] = version_json(image->product_version);
        }
        std::cout << line.dump() << '\n';
    }
    return 0;
}
