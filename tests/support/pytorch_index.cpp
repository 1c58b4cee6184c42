// Generates a large PyTorch-style index and places real wheels on their pages, with the page
// writer.
#include "tests/support/pytorch_index.hpp"

#include "tests/support/pytorch_pages.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <utility>

#include <nlohmann/json.hpp>

namespace torchpin::test {

namespace {

// The variant directories of download.pytorch.org/whl/ over the years (40 of them).
constexpr std::array variants{"cpu",
                              "cpu-cxx11-abi",
                              "cu92",
                              "cu100",
                              "cu101",
                              "cu102",
                              "cu110",
                              "cu111",
                              "cu113",
                              "cu115",
                              "cu116",
                              "cu117",
                              "cu117_pypi_cudnn",
                              "cu118",
                              "cu121",
                              "cu124",
                              "cu126",
                              "cu128",
                              "cu129",
                              "cu130",
                              "rocm4.0.1",
                              "rocm4.1",
                              "rocm4.2",
                              "rocm4.5.2",
                              "rocm5.0",
                              "rocm5.1.1",
                              "rocm5.2",
                              "rocm5.3",
                              "rocm5.4.2",
                              "rocm5.5",
                              "rocm5.6",
                              "rocm5.7",
                              "rocm6.0",
                              "rocm6.1",
                              "rocm6.2",
                              "rocm6.2.4",
                              "rocm6.3",
                              "rocm6.4",
                              "rocm7.0",
                              "xpu"};

struct Package {
    const char* name;
    const char* series; // versions are <series><minor>.<patch>
    std::size_t first_minor;
    bool labelled; // whether its versions carry the variant's local label
    bool on_r2;    // served from download-r2.pytorch.org (PT_R2_PACKAGES_PROD)
};

constexpr std::array packages{
    Package{"torch", "2.", 0, true, true},        Package{"torchvision", "0.", 15, true, true},
    Package{"torchaudio", "2.", 0, true, true},   Package{"triton", "3.", 0, false, true},
    Package{"torchtext", "0.", 15, false, false}, Package{"torchdata", "0.", 6, false, false}};

constexpr std::array python_tags{"cp39-cp39",   "cp310-cp310", "cp311-cp311",
                                 "cp312-cp312", "cp313-cp313", "cp313-cp313t"};
constexpr std::array platforms{"manylinux_2_28_x86_64", "manylinux_2_28_aarch64", "win_amd64",
                               "macosx_11_0_arm64"};

constexpr const char* r2_host = "https://download-r2.pytorch.org";

// The local label of a variant directory: "cpu-cxx11-abi" -> "cpu.cxx11.abi".
std::string label_of(std::string_view variant) {
    if (variant == "cpu-cxx11-abi") {
        return "cpu.cxx11.abi";
    }
    if (variant == "cu117_pypi_cudnn") {
        return "cu117.with.pypi.cudnn";
    }
    return std::string(variant);
}

// 64 hex digits that depend on `seed` only (splitmix64 steps).
std::string hex64(std::uint64_t seed) {
    std::string out;
    for (int word = 0; word < 4; ++word) {
        seed += 0x9e3779b97f4a7c15u;
        std::uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        z ^= z >> 31;
        for (int shift = 60; shift >= 0; shift -= 4) {
            out += "0123456789abcdef"[(z >> shift) & 15];
        }
    }
    return out;
}

std::string two_digits(std::size_t n) {
    return std::string(1, static_cast<char>('0' + n / 10 % 10)) + static_cast<char>('0' + n % 10);
}

PytorchPageFile file_of(const Package& package, std::string_view variant, std::size_t version,
                        std::size_t build, std::uint64_t serial, const PytorchIndexShape& shape) {
    std::string name = std::string(package.name) + "-" + package.series +
                       std::to_string(package.first_minor + version / 3) + "." +
                       std::to_string(version % 3);
    if (package.labelled) {
        name += "%2B" + label_of(variant);
    }
    name += std::string("-") + python_tags[build % python_tags.size()] + "-" +
            platforms[build / python_tags.size()] + ".whl";
    const bool changed = shape.changed_hash_every != 0 && serial % shape.changed_hash_every == 0;
    PytorchPageFile file{.key = "whl/" + std::string(variant) + "/" + name,
                         .sha256 = hex64(serial * 2 + (changed ? 1 : 0)),
                         .base_url = package.on_r2 ? r2_host : ""};
    if (serial % 3 != 0) {
        file.metadata_sha256 = hex64(serial * 2 + (std::uint64_t{1} << 40));
        file.upload_time = "20" + two_digits(22 + version / 12) + "-" +
                           two_digits(1 + version % 12) + "-" + two_digits(1 + build) + "T" +
                           two_digits(serial % 24) + ":" + two_digits(serial % 60) + ":00Z";
    }
    return file;
}

} // namespace

std::size_t pytorch_index_file_count(const PytorchIndexShape& shape) {
    return variants.size() * packages.size() * shape.versions * python_tags.size() *
           platforms.size();
}

std::vector<IndexPageFile> write_pytorch_index(const PytorchIndexShape& shape) {
    std::vector<IndexPageFile> pages;
    std::uint64_t serial = 0;
    for (const std::string_view variant : variants) {
        for (const Package& package : packages) {
            std::vector<PytorchPageFile> files;
            for (std::size_t version = 0; version < shape.versions; ++version) {
                for (std::size_t build = 0; build < python_tags.size() * platforms.size();
                     ++build) {
                    files.push_back(file_of(package, variant, version, build, serial++, shape));
                }
            }
            pages.push_back(
                IndexPageFile{"whl/" + std::string(variant) + "/" + package.name + "/index.html",
                              write_pytorch_simple_page(package.name, std::move(files))});
        }
    }
    return pages;
}

std::vector<IndexPageFile> write_pages_of_wheels(std::string_view fixture_json) {
    const auto document = nlohmann::json::parse(fixture_json);
    std::map<std::pair<std::string, std::string>, std::vector<PytorchPageFile>> pages;
    for (const auto& wheel : document.at("wheels")) {
        const auto url = wheel.at("url").get<std::string>();
        const std::string host = url.substr(0, url.find('/', url.find("://") + 3));
        const std::string key = url.substr(host.size() + 1);
        PytorchPageFile file{.key = key,
                             .base_url = host == "https://download.pytorch.org" ? "" : host};
        if (!wheel.at("sha256").is_null()) {
            file.sha256 = wheel.at("sha256").get<std::string>();
        }
        if (wheel.contains("upload_time")) {
            file.upload_time = wheel.at("upload_time").get<std::string>();
        }
        const std::string directory = key.substr(0, key.rfind('/') + 1);
        pages[{directory, wheel.at("package").get<std::string>()}].push_back(std::move(file));
    }
    std::vector<IndexPageFile> out;
    for (auto& [page, files] : pages) {
        out.push_back(IndexPageFile{page.first + page.second + "/index.html",
                                    write_pytorch_simple_page(page.second, std::move(files))});
    }
    return out;
}

} // namespace torchpin::test
