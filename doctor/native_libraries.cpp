// Finding an environment's native libraries by their file names, in the order they load.
#include "doctor/native_libraries.hpp"

#include "doctor/windows_dll_search.hpp"
#include "engine/base/utf8_path.hpp"

#include <algorithm>
#include <string>
#include <system_error>

namespace torchpin {

namespace {

bool is_native_library(const std::filesystem::path& file, bool windows) {
    const std::string name = lower_ascii(utf8_of(file.filename()));
    if (windows) {
        return name.ends_with(".dll") || name.ends_with(".pyd");
    }
    return name.ends_with(".so") || name.find(".so.") != std::string::npos;
}

// The library files directly in `folder`, sorted as a directory listing (case-insensitively on
// Windows, which is how torch's glob returns torch\lib).
std::vector<std::filesystem::path> libraries_in(const std::filesystem::path& folder, bool windows) {
    std::vector<std::filesystem::path> files;
    std::error_code error;
    for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end;
         it.increment(error)) {
        if (it->is_regular_file(error) && is_native_library(it->path(), windows)) {
            files.push_back(it->path());
        }
    }
    std::sort(files.begin(), files.end(), [windows](const auto& a, const auto& b) {
        return windows ? lower_ascii(utf8_of(a.filename())) < lower_ascii(utf8_of(b.filename()))
                       : a.filename() < b.filename();
    });
    return files;
}

bool is_torch_c_module(const std::filesystem::path& file) {
    return utf8_of(file.filename()).starts_with("_C.") && file.parent_path().filename() == "torch";
}

} // namespace

bool holds_windows_libraries(const std::filesystem::path& site_packages) {
    return !libraries_in(site_packages / "torch" / "lib", true).empty() ||
           !libraries_in(site_packages / "torch", true).empty();
}

NativeLibraries native_libraries(const std::filesystem::path& site_packages,
                                 const std::vector<std::string_view>& packages, bool windows) {
    NativeLibraries found;
    // torch's __init__ loads torch\lib first (Windows), then Python imports torch._C.
    for (std::string_view package : packages) {
        const std::filesystem::path folder = site_packages / std::string(package);
        for (const std::filesystem::path& sub : {folder / "lib", folder}) {
            for (std::filesystem::path& file : libraries_in(sub, windows)) {
                found.load_order.push_back(std::move(file));
            }
        }
    }
    found.chain_roots = found.load_order;
    std::stable_partition(found.chain_roots.begin(), found.chain_roots.end(), is_torch_c_module);
    return found;
}

} // namespace torchpin
