// Reading the torch imports of companions' extension modules and the exports of torch/lib with
// the ELF reader's symbol visits; torch's libraries are walked once for all packages together.
#include "doctor/companion_symbols.hpp"

#include "engine/base/text_hash.hpp"
#include "engine/base/utf8_path.hpp"
#include "importers/binary/elf_image.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>
#include <system_error>

#if __has_include(<cxxabi.h>)
#include <cxxabi.h>
#define TORCHPIN_HAS_CXXABI 1
#endif

namespace torchpin {

namespace {

bool is_native_library(std::string_view name) {
    return name.ends_with(".so") || name.find(".so.") != std::string_view::npos;
}

// The libraries directly in `folder`, sorted by name.
std::vector<std::filesystem::path> libraries_in(const std::filesystem::path& folder) {
    std::vector<std::filesystem::path> files;
    std::error_code error;
    for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end;
         it.increment(error)) {
        if (it->is_regular_file(error) && is_native_library(utf8_of(it->path().filename()))) {
            files.push_back(it->path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

struct ExtensionImports {
    std::filesystem::path file;
    std::vector<std::string> imports; // torch symbols, strong, in table order
};

// The package's extensions with their torch imports, less what its own libraries export.
std::vector<ExtensionImports> package_imports(const std::vector<std::filesystem::path>& files) {
    std::vector<ExtensionImports> extensions;
    TextSet own_exports;
    for (const std::filesystem::path& file : files) {
        ExtensionImports extension{file, {}};
        const auto error = visit_elf_file_symbols(file, [&](const ElfDynamicSymbol& symbol) {
            if (is_torch_symbol(symbol.name)) {
                if (symbol.defined) {
                    own_exports.emplace(symbol.name);
                } else if (!symbol.weak) {
                    extension.imports.emplace_back(symbol.name);
                }
            }
            return true;
        });
        if (!error) {
            extensions.push_back(std::move(extension));
        }
    }
    for (ExtensionImports& extension : extensions) {
        std::erase_if(extension.imports,
                      [&](const std::string& name) { return own_exports.contains(name); });
    }
    return extensions;
}

} // namespace

bool is_torch_symbol(std::string_view mangled) {
    // A vtable, VTT, typeinfo or typeinfo name of a class: _ZTVN3c105ErrorE.
    for (std::string_view table : {"_ZTV", "_ZTT", "_ZTI", "_ZTS"}) {
        if (mangled.starts_with(table)) {
            mangled.remove_prefix(table.size());
            return mangled.starts_with("N3c10") || mangled.starts_with("N2at") ||
                   mangled.starts_with("N5torch");
        }
    }
    static constexpr std::array<std::string_view, 6> prefixes{"_ZN3c10", "_ZNK3c10",  "_ZN2at",
                                                              "_ZNK2at", "_ZN5torch", "_ZNK5torch"};
    return std::ranges::any_of(
        prefixes, [&](std::string_view prefix) { return mangled.starts_with(prefix); });
}

std::vector<std::filesystem::path> native_files(const InstalledDistribution& installed) {
    const std::filesystem::path site = installed.dist_info.parent_path();
    std::vector<std::filesystem::path> files;
    for (const RecordEntry& entry : installed.record) {
        const std::filesystem::path file = site / path_from_utf8(entry.path);
        std::error_code error;
        if (is_native_library(utf8_of(file.filename())) &&
            std::filesystem::is_regular_file(file, error)) {
            files.push_back(file);
        }
    }
    return files;
}

std::optional<std::vector<std::vector<MissingTorchSymbols>>>
missing_torch_symbols(const std::vector<std::vector<std::filesystem::path>>& packages,
                      const std::filesystem::path& torch_lib) {
    const std::vector<std::filesystem::path> libraries = libraries_in(torch_lib);
    if (libraries.empty()) {
        return std::nullopt;
    }
    std::vector<std::vector<ExtensionImports>> imports;
    TextSet unseen;
    for (const auto& files : packages) {
        imports.push_back(package_imports(files));
        for (const ExtensionImports& extension : imports.back()) {
            unseen.insert(extension.imports.begin(), extension.imports.end());
        }
    }
    for (const std::filesystem::path& library : libraries) {
        if (unseen.empty()) {
            break;
        }
        const auto error = visit_elf_file_symbols(library, [&](const ElfDynamicSymbol& symbol) {
            if (symbol.defined) {
                if (const auto found = unseen.find(symbol.name); found != unseen.end()) {
                    unseen.erase(found);
                }
            }
            return !unseen.empty();
        });
        if (error) {
            return std::nullopt;
        }
    }
    std::vector<std::vector<MissingTorchSymbols>> missing(packages.size());
    for (std::size_t i = 0; i < imports.size(); ++i) {
        for (ExtensionImports& extension : imports[i]) {
            std::erase_if(extension.imports,
                          [&](const std::string& name) { return !unseen.contains(name); });
            if (!extension.imports.empty()) {
                missing[i].push_back({extension.file, std::move(extension.imports)});
            }
        }
    }
    return missing;
}

std::string demangled(const std::string& mangled) {
#ifdef TORCHPIN_HAS_CXXABI
    int status = 0;
    const std::unique_ptr<char, decltype(&std::free)> text(
        abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status), &std::free);
    if (status == 0 && text) {
        return text.get();
    }
#endif
    return mangled;
}

} // namespace torchpin
