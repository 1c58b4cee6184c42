// Small-file reads, directory listings and links under a probe root, with errors as text.
#include "detect/host_root.hpp"

#include "engine/base/utf8_path.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>

namespace torchpin {

namespace {

constexpr std::size_t max_probe_file_bytes = 1u << 20;

} // namespace

std::filesystem::path HostRoot::resolve(std::string_view absolute) const {
    while (absolute.starts_with('/')) {
        absolute.remove_prefix(1);
    }
    return root_ / absolute;
}

bool HostRoot::exists(std::string_view absolute) const {
    std::error_code error;
    return std::filesystem::exists(resolve(absolute), error);
}

FileText HostRoot::read(std::string_view absolute) const {
    errno = 0;
    std::ifstream in(resolve(absolute), std::ios::binary);
    if (!in) {
        return {std::nullopt, errno != 0 ? std::strerror(errno) : "cannot be opened"};
    }
    std::string text;
    char buffer[4096];
    while (text.size() < max_probe_file_bytes && in.read(buffer, sizeof buffer).gcount() > 0) {
        text.append(buffer, static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) {
        return {std::nullopt, errno != 0 ? std::strerror(errno) : "cannot be read"};
    }
    return {std::move(text), ""};
}

std::vector<std::string> HostRoot::list(std::string_view absolute) const {
    std::vector<std::string> names;
    std::error_code error;
    for (std::filesystem::directory_iterator it(resolve(absolute), error), end; !error && it != end;
         it.increment(error)) {
        names.push_back(utf8_of(it->path().filename()));
    }
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace torchpin
