// The interpreter self-description script and the reading of its JSON output.
#include "detect/python_probe.hpp"

#include "engine/base/program_run.hpp"
#include "engine/base/text_scanner.hpp"
#include "engine/base/utf8_path.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace torchpin {

namespace {

using nlohmann::json;

constexpr std::string_view script = R"(import json, os, sys, sysconfig
try:
    glibc = os.confstr("CS_GNU_LIBC_VERSION")
except (AttributeError, OSError, ValueError):
    import platform
    name, version = platform.libc_ver()
    glibc = "glibc " + version if name == "glibc" and version else None
import site
site_packages = [sysconfig.get_paths()[k] for k in ("purelib", "platlib")]
site_packages = list(dict.fromkeys(site_packages + getattr(site, "getsitepackages", list)()))
print(json.dumps({
    "executable": sys.executable,
    "prefix": sys.prefix,
    "implementation": sys.implementation.name,
    "version": list(sys.version_info[:3]),
    "abiflags": getattr(sys, "abiflags", ""),
    "gil_disabled": sysconfig.get_config_var("Py_GIL_DISABLED"),
    "platform": sysconfig.get_platform(),
    "glibc": glibc,
    "base_prefix": sys.base_prefix,
    "site_packages": site_packages,
}))
)";

ParseError malformed(std::string_view output, std::string what) {
    return ParseError{"unexpected interpreter description: " + std::move(what), 0,
                      std::string(output.substr(0, 200))};
}

} // namespace

std::string_view python_probe_script() {
    return script;
}

Expected<PythonDescription> parse_python_probe_output(std::string_view output) {
    const json document = json::parse(output, nullptr, false);
    if (document.is_discarded() || !document.is_object()) {
        return malformed(output, "not a JSON object");
    }
    const auto string_field = [&](const char* key) -> const json* {
        const auto it = document.find(key);
        return it != document.end() && it->is_string() ? &*it : nullptr;
    };
    const json* executable = string_field("executable");
    const json* prefix = string_field("prefix");
    const json* implementation = string_field("implementation");
    const json* platform = string_field("platform");
    const auto version = document.find("version");
    if (executable == nullptr || prefix == nullptr || implementation == nullptr ||
        platform == nullptr || version == document.end() || !version->is_array() ||
        version->size() != 3 || !std::all_of(version->begin(), version->end(), [](const json& n) {
            return n.is_number_unsigned();
        })) {
        return malformed(output, "missing or mistyped keys");
    }
    PythonDescription description;
    description.executable = executable->get<std::string>();
    description.prefix = prefix->get<std::string>();
    if (const json* base_prefix = string_field("base_prefix")) {
        description.base_prefix = base_prefix->get<std::string>();
    }
    if (const auto folders = document.find("site_packages");
        folders != document.end() && folders->is_array()) {
        for (const json& folder : *folders) {
            if (folder.is_string()) {
                description.site_packages.push_back(folder.get<std::string>());
            }
        }
    }
    PythonInterpreter& python = description.interpreter;
    const std::string kind = implementation->get<std::string>();
    if (kind != "cpython" && kind != "pypy") {
        return malformed(output, "implementation '" + kind + "' is neither CPython nor PyPy");
    }
    python.implementation =
        kind == "pypy" ? PythonImplementation::PyPy : PythonImplementation::CPython;
    python.version = std::to_string((*version)[0].get<unsigned>()) + "." +
                     std::to_string((*version)[1].get<unsigned>()) + "." +
                     std::to_string((*version)[2].get<unsigned>());
    if (const json* flags = string_field("abiflags")) {
        python.abi_flags = flags->get<std::string>();
    }
    const auto gil = document.find("gil_disabled");
    python.free_threaded = gil != document.end() && gil->is_number() && gil->get<int>() == 1;
    python.platform = platform->get<std::string>();
    if (const json* glibc = string_field("glibc")) {
        const std::string text = glibc->get<std::string>(); // "glibc 2.36"
        if (text.starts_with("glibc ")) {
            if (auto parsed = OsVersion::parse(trim_ascii(std::string_view(text).substr(6)))) {
                python.glibc = *parsed;
            }
        }
    }
    return description;
}

std::optional<PythonDescription> run_python_probe(const PythonCandidate& candidate,
                                                  std::chrono::milliseconds timeout,
                                                  std::vector<std::string>& notes,
                                                  std::string* output) {
    const ProgramRun run =
        run_program(candidate.path, {"-I", "-c", std::string(python_probe_script())}, timeout);
    const std::string label = "python (" + utf8_of(candidate.path) + ")";
    if (!run.succeeded()) {
        std::string said(trim_ascii(run.err));
        said = said.substr(said.rfind('\n') == std::string::npos ? 0 : said.rfind('\n') + 1);
        notes.push_back(label + " " + run.describe(timeout) + (said.empty() ? "" : ": " + said));
        return std::nullopt;
    }
    auto description = parse_python_probe_output(run.out);
    if (output != nullptr) {
        *output = run.out;
    }
    if (!description) {
        notes.push_back(label + ": " + description.error().message);
        return std::nullopt;
    }
    PythonDescription described = *std::move(description);
    described.interpreter.path = utf8_of(candidate.path);
    described.interpreter.source = candidate.source;
    return described;
}

} // namespace torchpin
