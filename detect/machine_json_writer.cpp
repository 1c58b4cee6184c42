// Machine profile -> JSON, facts as {"value", "source"} objects.
#include "detect/machine_json.hpp"

namespace torchpin {

namespace {

using json = nlohmann::ordered_json;

template <class T, class Convert>
void put(json& object, const char* key, const std::optional<Fact<T>>& fact, Convert convert) {
    if (fact) {
        object[key] = {{"value", convert(fact->value)}, {"source", fact->source}};
    }
}

const auto as_text = [](const auto& value) { return value.to_string(); };
const auto as_is = [](const auto& value) { return value; };

json python_json(const Machine& machine, const PythonInterpreter& python, TagListing listing) {
    json out{{"path", python.path},
             {"source", python.source},
             {"implementation",
              python.implementation == PythonImplementation::PyPy ? "pypy" : "cpython"},
             {"version", python.version},
             {"abi_flags", python.abi_flags},
             {"free_threaded", python.free_threaded},
             {"platform", python.platform},
             {"glibc", python.glibc ? json(python.glibc->to_string()) : json(nullptr)}};
    const auto env = tag_environment(machine, python);
    if (listing == TagListing::BestOnly) {
        out["best_tag"] = env ? json(best_accepted_tag(*env).to_string()) : json(nullptr);
        return out;
    }
    json tags = json::array();
    for (const auto& tag : env ? accepted_tags(*env) : std::vector<Tag>{}) {
        tags.push_back(tag.to_string());
    }
    out["tags"] = std::move(tags);
    return out;
}

json nvidia_gpu_json(const NvidiaGpu& gpu) {
    json out{{"name", gpu.name}, {"source", gpu.source}};
    if (gpu.pci_id) {
        out["pci_id"] = gpu.pci_id->to_string();
    }
    if (!gpu.bus_id.empty()) {
        out["bus_id"] = gpu.bus_id;
    }
    put(out, "compute_capability", gpu.compute_capability, as_text);
    if (gpu.memory_mib) {
        out["memory_mib"] = *gpu.memory_mib;
    }
    if (gpu.mig) {
        out["mig"] = *gpu.mig;
    }
    return out;
}

json nvidia_json(const NvidiaFacts& nvidia) {
    json out = json::object();
    if (nvidia.driver) {
        const auto& version = nvidia.driver->value;
        out["driver"] = {{"value", version ? json(version->to_string()) : json(nullptr)},
                         {"source", nvidia.driver->source}};
    }
    put(out, "cuda", nvidia.cuda, as_text);
    out["gpus"] = json::array();
    for (const auto& gpu : nvidia.gpus) {
        out["gpus"].push_back(nvidia_gpu_json(gpu));
    }
    return out;
}

json amd_json(const AmdFacts& amd) {
    json out = json::object();
    put(out, "rocm", amd.rocm, as_text);
    out["gpus"] = json::array();
    for (const auto& gpu : amd.gpus) {
        out["gpus"].push_back({{"gfx_target", gpu.gfx_target}, {"source", gpu.source}});
    }
    return out;
}

json intel_json(const std::vector<IntelGpu>& gpus) {
    json list = json::array();
    for (const auto& gpu : gpus) {
        json entry = json::object();
        if (gpu.pci_id) {
            entry["pci_id"] = gpu.pci_id->to_string();
        }
        entry["name"] = gpu.name;
        put(entry, "discrete", gpu.discrete, as_is);
        put(entry, "xpu", gpu.xpu, as_is);
        entry["source"] = gpu.source;
        list.push_back(std::move(entry));
    }
    return {{"gpus", std::move(list)}};
}

json windows_json(const WindowsFacts& windows) {
    json out = json::object();
    put(out, "vc_redist", windows.vc_redist, as_is);
    json dlls = json::array();
    for (const auto& dll : windows.system32_dlls) {
        dlls.push_back({{"name", dll.name}, {"version", dll.version}, {"source", dll.source}});
    }
    out["system32_dlls"] = std::move(dlls);
    if (!windows.display_adapters.empty()) {
        json adapters = json::array();
        for (const auto& adapter : windows.display_adapters) {
            json entry{{"name", adapter.name}, {"pci_id", adapter.pci_id.to_string()}};
            put(entry, "driver_version", adapter.driver_version, as_is);
            adapters.push_back(std::move(entry));
        }
        out["display_adapters"] = std::move(adapters);
    }
    return out;
}

} // namespace

json machine_to_json(const Machine& machine, TagListing tags) {
    json out{{"schema", machine_schema}};
    put(out, "os", machine.os, [](OperatingSystem os) { return std::string(name(os)); });
    put(out, "os_version", machine.os_version, as_is);
    put(out, "arch", machine.arch, [](CpuArch arch) { return std::string(name(arch)); });
    put(out, "glibc", machine.glibc, as_text);
    put(out, "musl", machine.musl, as_text);
    put(out, "macos_version", machine.macos_version, as_text);
    put(out, "apple_silicon", machine.apple_silicon, as_is);
    put(out, "wsl", machine.wsl, as_is);
    json container = json::array();
    for (const auto& hint : machine.container) {
        container.push_back({{"value", hint.value}, {"source", hint.source}});
    }
    out["container"] = std::move(container);
    json pythons = json::array();
    for (const auto& python : machine.pythons) {
        pythons.push_back(python_json(machine, python, tags));
    }
    out["pythons"] = std::move(pythons);
    out["nvidia"] = nvidia_json(machine.nvidia);
    out["amd"] = amd_json(machine.amd);
    out["intel"] = intel_json(machine.intel_gpus);
    if (machine.windows != WindowsFacts{}) {
        out["windows"] = windows_json(machine.windows);
    }
    out["notes"] = machine.notes;
    return out;
}

} // namespace torchpin
