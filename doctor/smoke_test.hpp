// `doctor --smoke`: the one mode that runs the environment's Python. A child process imports
// torch and its companions, reports what torch sees and runs one tiny operation per GPU; each
// step is one JSON line, so a crash or a hang still leaves the steps before it.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

struct SmokeStep {
    std::string name; // "import torch", "cuda:0 add", "torchvision.ops.nms"
    bool ok = false;
    std::string result; // what the step reported: "2.4.0+cu121", "True", "NVIDIA H200 (9.0)"
    std::string error;  // the exception, as Python prints its last line; empty when ok
    std::string traceback;
};

struct SmokeResult {
    std::vector<SmokeStep> steps;
    std::string
        printed; // what else the child wrote (torch prints some warnings on stdout) and stderr
    std::string
        problem; // how the child ended when not normally: "timed out after 60 s and was killed"
    bool passed() const;
};

// Reads the script's JSON lines; the other lines go to `printed`.
std::vector<SmokeStep> parse_smoke_output(std::string_view output, std::string& printed);

SmokeResult run_smoke_test(const std::filesystem::path& python, std::chrono::milliseconds timeout);

} // namespace torchpin
