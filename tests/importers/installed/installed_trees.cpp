// Builds dist-info folders from the real metadata under tests/data/installed.
#include "tests/importers/installed/installed_trees.hpp"

#include "tests/support/test_paths.hpp"

#include <stdexcept>

namespace torchpin::test {

namespace {

std::string replace_line(std::string text, std::string_view old_line, std::string_view new_line) {
    const std::size_t at = text.find(std::string(old_line) + "\n");
    if (at == std::string::npos) {
        throw std::logic_error("test data lacks the line " + std::string(old_line));
    }
    return text.replace(at, old_line.size(), new_line);
}

} // namespace

std::filesystem::path write_dist_info(const ScratchDirectory& site, const std::string& folder_name,
                                      const DistInfoFiles& files) {
    const auto write = [&](const std::string& name, std::string_view content) {
        if (!content.empty()) {
            site.write(folder_name + "/" + name, content);
        }
    };
    write("METADATA", files.metadata);
    write("WHEEL", files.wheel);
    write("INSTALLER", files.installer);
    write("RECORD", files.record);
    if (files.requested) {
        site.write(folder_name + "/REQUESTED", "");
    }
    if (files.direct_url) {
        site.write(folder_name + "/direct_url.json", *files.direct_url);
    }
    return site.path() / folder_name;
}

std::string installed_data(const std::string& name) {
    return read_file(source_path("tests/data/installed/" + name));
}

std::string torch_metadata(std::string_view version) {
    return replace_line(installed_data("torch-2.2.2.METADATA"), "Version: 2.2.2",
                        "Version: " + std::string(version));
}

std::string torchvision_metadata(std::string_view version, std::string_view torch_pin) {
    std::string text = replace_line(installed_data("torchvision-0.12.PKG-INFO"), "Version: 0.12",
                                    "Version: " + std::string(version));
    return replace_line(std::move(text), "Requires-Dist: torch",
                        "Requires-Dist: torch (==" + std::string(torch_pin) + ")");
}

std::string wheel_file(std::string_view tag) {
    return "Wheel-Version: 1.0\nGenerator: bdist_wheel (0.42.0)\nRoot-Is-Purelib: false\nTag: " +
           std::string(tag) + "\n\n";
}

void write_cu121_family(const ScratchDirectory& site) {
    const std::string tag = "cp311-cp311-linux_x86_64";
    DistInfoFiles torch(torch_metadata("2.1.2+cu121"), wheel_file(tag));
    torch.requested = true;
    torch.record = "torch/__init__.py,sha256=ZV1TTOWoBmJkrGwVk5ae5SSAHR8jkrbdC4y0MUVjCqs,71564\n"
                   "torch/lib/libc10.so,sha256=3R2tUgLRLaVRjU_Y3XDkzwYvZpyK6BH17c53oC0Ok1o,"
                   "1111464\n"
                   "torch-2.1.2+cu121.dist-info/RECORD,,\n";
    write_dist_info(site, "torch-2.1.2+cu121.dist-info", torch);
    write_dist_info(site, "torchvision-0.16.2+cu121.dist-info",
                    {torchvision_metadata("0.16.2+cu121", "2.1.2"), wheel_file(tag)});
    write_dist_info(site, "torchaudio-2.1.2+cu121.dist-info",
                    {"Metadata-Version: 2.1\nName: torchaudio\nVersion: 2.1.2+cu121\n"
                     "Requires-Dist: torch (==2.1.2)\n",
                     wheel_file(tag)});
}

} // namespace torchpin::test
