// The smoke test's script and the reading of its output.
#include "doctor/smoke_test.hpp"

#include "engine/base/program_run.hpp"
#include "engine/base/text_scanner.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace torchpin {

namespace {

constexpr std::string_view script = R"py(import json, sys, traceback
def report(name, ok, result="", error="", trace=""):
    print(json.dumps({"step": name, "ok": ok, "result": str(result), "error": error,
                      "traceback": trace[-4000:]}), flush=True)
def step(name, action):
    try:
        result = action()
    except BaseException as e:
        last = traceback.format_exception_only(type(e), e)
        report(name, False, error="".join(last).strip(), trace=traceback.format_exc())
        return None
    report(name, True, getattr(result, "__file__", result))
    return result
torch = step("import torch", lambda: __import__("torch"))
if torch is not None:
    step("torch.__version__", lambda: torch.__version__)
    step("torch.version.cuda", lambda: torch.version.cuda)
    available = step("torch.cuda.is_available()", torch.cuda.is_available)
    if available:
        for i in range(torch.cuda.device_count()):
            step("cuda:%d" % i, lambda: "%s (%d.%d)" % ((torch.cuda.get_device_name(i),)
                                                       + torch.cuda.get_device_capability(i)))
            step("cuda:%d add" % i,
                 lambda: (torch.ones(4, device="cuda:%d" % i) * 2).sum().item())
    step("cpu add", lambda: (torch.ones(4) * 2).sum().item())
    import importlib.util
    def installed(name):
        try:
            return importlib.util.find_spec(name) is not None
        except Exception:
            return False
    if installed("torchvision"):
        vision = step("import torchvision", lambda: __import__("torchvision"))
        if vision is not None:
            def nms(device):
                boxes = torch.tensor([[0., 0., 1., 1.], [0., 0., 1., 1.]], device=device)
                scores = torch.tensor([1.0, 0.5], device=device)
                return vision.ops.nms(boxes, scores, 0.5).tolist()
            step("torchvision.ops.nms", lambda: nms("cpu"))
            if available:
                step("torchvision.ops.nms on cuda:0", lambda: nms("cuda:0"))
    if installed("torchaudio"):
        step("import torchaudio", lambda: __import__("torchaudio").__version__)
)py";

} // namespace

bool SmokeResult::passed() const {
    return problem.empty() &&
           std::all_of(steps.begin(), steps.end(), [](const SmokeStep& step) { return step.ok; });
}

std::vector<SmokeStep> parse_smoke_output(std::string_view output, std::string& printed) {
    std::vector<SmokeStep> steps;
    while (!output.empty()) {
        const std::size_t end = output.find('\n');
        const std::string_view line = trim_ascii(output.substr(0, end));
        output = end == std::string_view::npos ? std::string_view() : output.substr(end + 1);
        const auto document = nlohmann::json::parse(line, nullptr, false);
        if (document.is_discarded() || !document.is_object() || !document.contains("step") ||
            !document["step"].is_string() || !document.contains("ok") ||
            !document["ok"].is_boolean()) {
            if (!line.empty()) {
                printed += std::string(line) + "\n";
            }
            continue;
        }
        const auto text = [&](const char* key) {
            const auto it = document.find(key);
            return it != document.end() && it->is_string() ? it->get<std::string>() : std::string();
        };
        steps.push_back(SmokeStep{document["step"].get<std::string>(), document["ok"].get<bool>(),
                                  text("result"), text("error"), text("traceback")});
    }
    return steps;
}

SmokeResult run_smoke_test(const std::filesystem::path& python, std::chrono::milliseconds timeout) {
    const ProgramRun run = run_program(python, {"-c", std::string(script)}, timeout);
    SmokeResult result;
    result.steps = parse_smoke_output(run.out, result.printed);
    const std::string_view said = trim_ascii(run.err);
    result.printed += std::string(said.substr(said.size() > 4000 ? said.size() - 4000 : 0));
    if (run.outcome != ProgramRun::Outcome::Exited || run.exit_code != 0) {
        result.problem = "python " + run.describe(timeout);
    }
    return result;
}

} // namespace torchpin
