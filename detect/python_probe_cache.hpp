// Interpreter descriptions remembered between runs, so that detection runs no Python while the
// interpreter file is unchanged.
#pragma once

#include "detect/python_probe.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace torchpin {

// A JSON file mapping interpreter paths to the probe script's output, each with a fingerprint
// of the file the path resolves to (canonical path, device, inode, size, modification time) and
// of the script. Entries whose fingerprint no longer matches are probed again. Scripts (a pyenv
// shim torchpin could not resolve) are never remembered: what they run can change unseen.
class PythonProbeCache {
public:
    // `file` empty: a cache that remembers nothing.
    explicit PythonProbeCache(std::filesystem::path file);

    // The remembered description of `candidate`, if its fingerprint still matches.
    std::optional<PythonDescription> find(const PythonCandidate& candidate) const;
    // Probes `candidate` (run_python_probe) unless remembered; remembers a fresh answer.
    std::optional<PythonDescription> describe(const PythonCandidate& candidate,
                                              std::chrono::milliseconds timeout,
                                              std::vector<std::string>& notes);
    // Writes the file (temporary file, then rename) if anything new was remembered. A cache that
    // cannot be written is no error: the next run probes again.
    void save() const;

private:
    std::filesystem::path file_;
    std::map<std::string, std::pair<std::string, std::string>>
        entries_; // path -> fingerprint, output
    bool changed_ = false;
};

// $TORCHPIN_CACHE_DIR, else $XDG_CACHE_HOME/torchpin, else $HOME/.cache/torchpin, with
// "interpreters.json"; empty when none of them is set.
std::filesystem::path python_probe_cache_file(const DetectionContext& context);

} // namespace torchpin
