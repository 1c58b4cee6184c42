// The interpreter description cache: fingerprints from the file's identity, a JSON file written
// atomically.
#include "detect/python_probe_cache.hpp"

#include "engine/base/durable_file.hpp"
#include "engine/base/sha256.hpp"
#include "engine/base/user_folders.hpp"
#include "engine/base/utf8_path.hpp"

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace torchpin {

namespace {

using nlohmann::json;

bool is_script(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    char magic[2] = {};
    return in.read(magic, 2) && magic[0] == '#' && magic[1] == '!';
}

// Identifies the file behind `path` and the script that described it; empty if it cannot.
std::string fingerprint(const std::filesystem::path& path) {
    std::error_code error;
    const auto target = std::filesystem::canonical(path, error);
    if (error || is_script(target)) {
        return "";
    }
    const auto size = std::filesystem::file_size(target, error);
    if (error) {
        return "";
    }
    const auto modified = std::filesystem::last_write_time(target, error);
    if (error) {
        return "";
    }
    std::ostringstream out;
    out << utf8_of(target) << ' ' << size << ' ' << modified.time_since_epoch().count() << ' '
        << sha256_hex(python_probe_script()).substr(0, 16);
    return out.str();
}

} // namespace

PythonProbeCache::PythonProbeCache(std::filesystem::path file)
    : file_(std::move(file)) {
    if (file_.empty()) {
        return;
    }
    std::ifstream in(file_);
    if (!in) {
        return;
    }
    const json document = json::parse(in, nullptr, false);
    if (!document.is_object()) {
        return; // a damaged cache is rebuilt
    }
    for (const auto& [path, entry] : document.items()) {
        if (entry.is_object() && entry.value("fingerprint", json()).is_string() &&
            entry.value("output", json()).is_string()) {
            entries_[path] = {entry["fingerprint"].get<std::string>(),
                              entry["output"].get<std::string>()};
        }
    }
}

std::optional<PythonDescription> PythonProbeCache::find(const PythonCandidate& candidate) const {
    const auto it = entries_.find(utf8_of(candidate.path));
    if (it == entries_.end() || it->second.first != fingerprint(candidate.path)) {
        return std::nullopt;
    }
    auto description = parse_python_probe_output(it->second.second);
    if (!description) {
        return std::nullopt;
    }
    PythonDescription described = *std::move(description);
    described.interpreter.path = utf8_of(candidate.path);
    described.interpreter.source = candidate.source;
    return described;
}

std::optional<PythonDescription> PythonProbeCache::describe(const PythonCandidate& candidate,
                                                            std::chrono::milliseconds timeout,
                                                            std::vector<std::string>& notes) {
    if (auto remembered = find(candidate)) {
        return remembered;
    }
    std::string output;
    auto description = run_python_probe(candidate, timeout, notes, &output);
    const std::string print = fingerprint(candidate.path);
    if (description && !file_.empty() && !print.empty()) {
        entries_[utf8_of(candidate.path)] = {print, output};
        changed_ = true;
    }
    return description;
}

void PythonProbeCache::save() const {
    if (!changed_) {
        return;
    }
    json document = json::object();
    for (const auto& [path, entry] : entries_) {
        document[path] = {{"fingerprint", entry.first}, {"output", entry.second}};
    }
    std::error_code error;
    std::filesystem::create_directories(file_.parent_path(), error);
    // A cache that cannot be written costs only a probe next time.
    write_file_durably(file_, document.dump(1) + "\n");
}

std::filesystem::path python_probe_cache_file(const DetectionContext& context) {
    if (auto dir = context.variable("TORCHPIN_CACHE_DIR"); !dir.empty()) {
        return path_from_utf8(dir) / "interpreters.json";
    }
    const auto folders = user_folders(context.host, context.environment);
    return folders ? folders->cache / "interpreters.json" : std::filesystem::path();
}

} // namespace torchpin
