// Throughput of the HTML and JSON index page parsers on large generated PyTorch-format pages.
#include "importers/index/html_index_page.hpp"
#include "importers/index/json_index_page.hpp"
#include "importers/input/text_input.hpp"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <string>

namespace {

constexpr const char* page_url = "https://download.pytorch.org/whl/cu128/torch/";

// "torch-2.9.0.dev20250101+cu128-cp310-cp310-manylinux_2_28_x86_64.whl" and its neighbours:
// five Pythons times four platforms per nightly, as a /whl/nightly/cu128/torch/ page has.
std::string wheel_key(std::size_t i) {
    static constexpr const char* pythons[] = {"cp39-cp39", "cp310-cp310", "cp311-cp311",
                                              "cp312-cp312", "cp313-cp313t"};
    static constexpr const char* platforms[] = {"manylinux_2_28_x86_64", "manylinux_2_28_aarch64",
                                                "win_amd64", "macosx_11_0_arm64"};
    return "torch-2." + std::to_string(i / 20000) + ".0.dev" + std::to_string(20250000 + i / 20) +
           "%2Bcu128-" + pythons[i % 5] + "-" + platforms[i / 5 % 4] + ".whl";
}

std::string hex64(std::size_t seed) {
    std::string out(64, '0');
    for (std::size_t k = 0; k < 64; ++k) {
        out[k] = "0123456789abcdef"[(seed * 2654435761u + k * 40503u) % 16];
    }
    return out;
}

std::string decoded(std::string key) {
    key.replace(key.find("%2B"), 3, "+");
    return key;
}

std::string html_page(std::size_t links) {
    std::string page = "<!DOCTYPE html>\n<html>\n  <body>\n    <h1>Links for torch</h1>\n";
    for (std::size_t i = 0; i < links; ++i) {
        const std::string key = wheel_key(i);
        page += "    <a href=\"/whl/cu128/" + key + "#sha256=" + hex64(i) +
                "\" data-dist-info-metadata=\"sha256=" + hex64(i + 1) +
                "\" data-core-metadata=\"sha256=" + hex64(i + 1) +
                "\" data-upload-time=\"2025-06-03T18:27:52Z\">" + decoded(key) + "</a><br/>\n";
    }
    return page + "  </body>\n</html>\n<!--TIMESTAMP 1703347410-->";
}

std::string json_page(std::size_t links) {
    std::string page = "{\"meta\": {\"api-version\": \"1.1\"}, \"name\": \"torch\", \"files\": [\n";
    for (std::size_t i = 0; i < links; ++i) {
        const std::string key = wheel_key(i);
        page += std::string(i == 0 ? "" : ",\n") + "{\"filename\": \"" + decoded(key) +
                "\", \"url\": \"/whl/cu128/" + key + "\", \"hashes\": {\"sha256\": \"" + hex64(i) +
                "\"}, \"core-metadata\": {\"sha256\": \"" + hex64(i + 1) +
                "\"}, \"upload-time\": \"2025-06-03T18:27:52Z\"}";
    }
    return page + "\n]}";
}

// Best of `repeats` runs of `work`, in seconds.
template <class Work>
double best_seconds(int repeats, Work work) {
    double best = 1e300;
    for (int r = 0; r < repeats; ++r) {
        const auto start = std::chrono::steady_clock::now();
        work();
        best = std::min(
            best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return best;
}

} // namespace

// Prints one JSON object: MB/s of the whole HTML parse, of the HTML parser alone (gumbo or
// libxml2, as TORCHPIN_HTML_PARSER built it: detect_html_page_kind reads the page's elements) and
// of the JSON parser, so it is clear which part bounds an import. Usage: bench_index_page [LINKS]
// [REPEATS]
int main(int argc, char** argv) {
    const std::size_t links = argc > 1 ? std::stoul(argv[1]) : 50000;
    const int repeats = argc > 2 ? std::stoi(argv[2]) : 3;
    const std::string html = html_page(links);
    const std::string json = json_page(links);
    std::size_t rows = 0;
    const double html_s = best_seconds(repeats, [&] {
        const auto page = torchpin::TextInput::from_string(html, "page.html");
        rows = torchpin::parse_html_page(page, page_url).wheels.size();
    });
    const double parser_s = best_seconds(repeats, [&] { torchpin::detect_html_page_kind(html); });
    std::size_t json_rows = 0;
    const double json_s = best_seconds(repeats, [&] {
        const auto page = torchpin::TextInput::from_string(json, "page.json");
        json_rows = torchpin::parse_json_page(page, page_url).wheels.size();
    });
    const auto mb_per_s = [](std::size_t bytes, double s) { return bytes / s / 1e6; };
    std::cout << "{\"links\": " << links << ", \"rows\": " << rows
              << ", \"json_rows\": " << json_rows << ", \"html_mb\": " << html.size() / 1e6
              << ", \"html_s\": " << html_s
              << ", \"html_mb_per_s\": " << mb_per_s(html.size(), html_s)
              << ", \"html_links_per_s\": " << links / html_s << ", \"html_parser_s\": " << parser_s
              << ", \"html_parser_mb_per_s\": " << mb_per_s(html.size(), parser_s)
              << ", \"json_mb\": " << json.size() / 1e6 << ", \"json_s\": " << json_s
              << ", \"json_mb_per_s\": " << mb_per_s(json.size(), json_s) << "}\n";
    return rows == links && json_rows == links ? 0 : 1;
}
