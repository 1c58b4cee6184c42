// Writes per-package and package-list pages line by line as PyTorch's generator does.
#include "tests/support/pytorch_pages.hpp"

#include <algorithm>
#include <cctype>

namespace torchpin::test {

namespace {

std::string dashed(std::string_view name, bool lower) {
    std::string out;
    for (const char c : name) {
        out += c == '_' ? '-' : lower ? static_cast<char>(std::tolower(c)) : c;
    }
    return out;
}

// The link text: the key's last segment with %2B shown as '+'.
std::string basename_of(std::string_view key) {
    std::string name(key.substr(key.rfind('/') + 1));
    for (std::size_t at; (at = name.find("%2B")) != std::string::npos;) {
        name.replace(at, 3, "+");
    }
    return name;
}

std::string page(const std::vector<std::string>& body, std::int64_t timestamp) {
    std::string out = "<!DOCTYPE html>\n<html>\n  <body>\n";
    for (const std::string& line : body) {
        out += line + "\n";
    }
    return out + "  </body>\n</html>\n<!--TIMESTAMP " + std::to_string(timestamp) + "-->";
}

} // namespace

std::string write_pytorch_simple_page(std::string_view project, std::vector<PytorchPageFile> files,
                                      std::int64_t timestamp) {
    std::sort(files.begin(), files.end(),
              [](const auto& a, const auto& b) { return a.key < b.key; });
    std::vector<std::string> body{"    <h1>Links for " + dashed(project, true) + "</h1>"};
    for (const PytorchPageFile& file : files) {
        std::string line = "    <a href=\"" + file.base_url + "/" + file.key;
        if (file.sha256) {
            line += "#sha256=" + *file.sha256;
        }
        line += "\"";
        if (file.metadata_sha256) {
            line += " data-dist-info-metadata=\"sha256=" + *file.metadata_sha256 +
                    "\" data-core-metadata=\"sha256=" + *file.metadata_sha256 + "\"";
        }
        if (file.upload_time) {
            line += " data-upload-time=\"" + *file.upload_time + "\"";
        }
        body.push_back(line + ">" + basename_of(file.key) + "</a><br/>");
    }
    return page(body, timestamp);
}

std::string write_pytorch_root_page(const std::vector<std::string>& projects,
                                    std::int64_t timestamp) {
    std::vector<std::string> body;
    for (const std::string& project : projects) {
        body.push_back("    <a href=\"" + dashed(project, true) + "/\">" + dashed(project, false) +
                       "</a><br/>");
    }
    return page(body, timestamp);
}

} // namespace torchpin::test
