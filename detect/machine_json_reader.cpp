// JSON -> machine profile, strictly: every key known, every value checked, errors located.
#include "detect/machine_json.hpp"
#include "engine/base/diagnostic.hpp"
#include "importers/input/json_positions.hpp"
#include "importers/input/text_position.hpp"

#include <algorithm>
#include <initializer_list>

namespace torchpin {

namespace {

using nlohmann::json;

// A value in the document: where it is (JSON Pointer) and how messages name it
// ("nvidia.gpus[0].name").
struct Node {
    const json& value;
    std::string pointer;
    std::string name;
};

class ProfileReader {
public:
    ProfileReader(const TextInput& input, const PositionedJson& parsed)
        : input_(input)
        , parsed_(parsed) {}

    [[noreturn]] void fail(const Node& node, const std::string& message) const {
        fail_at(node.pointer, node.name, message);
    }
    // Located at `pointer`, about the value `name` ("" for the whole profile).
    [[noreturn]] void fail_at(const std::string& pointer, const std::string& name,
                              const std::string& message) const {
        const auto at = parsed_.positions.find(pointer);
        const std::size_t offset = at == parsed_.positions.end() ? 0 : at->second;
        const std::string subject = name.empty() ? "machine profile" : name;
        throw InputError(diagnostic_at(input_, offset, subject + ": " + message));
    }

    // Checks that `node` is an object whose keys are all in `allowed` and that has `required`.
    void expect_object(const Node& node, std::initializer_list<std::string_view> allowed,
                       std::initializer_list<std::string_view> required) const {
        if (!node.value.is_object()) {
            fail(node, "expected an object");
        }
        for (const auto& [key, value] : node.value.items()) {
            if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
                fail_at(member_node(node, key).pointer, node.name, "unknown key '" + key + "'");
            }
        }
        for (std::string_view key : required) {
            if (!node.value.contains(key)) {
                fail(node, "missing key '" + std::string(key) + "'");
            }
        }
    }

    std::optional<Node> member(const Node& object, std::string_view key) const {
        if (!object.value.contains(key)) {
            return std::nullopt;
        }
        return member_node(object, std::string(key));
    }
    Node required_member(const Node& object, std::string_view key) const {
        auto found = member(object, key);
        if (!found) {
            fail(object, "missing key '" + std::string(key) + "'");
        }
        return *found;
    }

    std::vector<Node> elements(const Node& node) const {
        if (!node.value.is_array()) {
            fail(node, "expected an array");
        }
        std::vector<Node> out;
        for (std::size_t i = 0; i < node.value.size(); ++i) {
            out.push_back({node.value[i], node.pointer + "/" + std::to_string(i),
                           node.name + "[" + std::to_string(i) + "]"});
        }
        return out;
    }

    std::string text(const Node& node) const {
        if (!node.value.is_string()) {
            fail(node, "expected a string");
        }
        return node.value.get<std::string>();
    }
    bool boolean(const Node& node) const {
        if (!node.value.is_boolean()) {
            fail(node, "expected true or false");
        }
        return node.value.get<bool>();
    }
    std::uint64_t count(const Node& node) const {
        if (!node.value.is_number_unsigned()) {
            fail(node, "expected a whole number");
        }
        return node.value.get<std::uint64_t>();
    }
    // A string parsed by a torchpin type's parse(): parsed<DriverVersion>(node, "a driver …").
    template <class T, class Parse>
    T parsed(const Node& node, Parse parse, std::string_view expected) const {
        const std::string value = text(node);
        auto result = parse(value);
        if (!result) {
            fail(node, "expected " + std::string(expected) + ", found '" + value + "'");
        }
        return *std::move(result);
    }

    // {"value": …, "source": "…"} with the value read by `read_value(node)`.
    template <class T, class ReadValue>
    std::optional<Fact<T>> fact(const Node& object, std::string_view key,
                                ReadValue read_value) const {
        const auto node = member(object, key);
        if (!node) {
            return std::nullopt;
        }
        expect_object(*node, {"value", "source"}, {"value", "source"});
        return Fact<T>{read_value(required_member(*node, "value")),
                       text(required_member(*node, "source"))};
    }

private:
    Node member_node(const Node& object, const std::string& key) const {
        return {object.value.at(key), object.pointer + "/" + json_pointer_token(key),
                object.name.empty() ? key : object.name + "." + key};
    }

    const TextInput& input_;
    const PositionedJson& parsed_;
};

// The value readers, one per fact type.
struct Values {
    const ProfileReader& r;

    std::string text(const Node& n) const { return r.text(n); }
    bool boolean(const Node& n) const { return r.boolean(n); }
    OsVersion os_version(const Node& n) const {
        return r.parsed<OsVersion>(n, OsVersion::parse, "a version like 2.28");
    }
    DriverVersion driver(const Node& n) const {
        return r.parsed<DriverVersion>(n, DriverVersion::parse, "a driver version like 535.104.05");
    }
    CudaVersion cuda(const Node& n) const {
        return r.parsed<CudaVersion>(n, CudaVersion::parse, "a CUDA version like 12.4");
    }
    RocmVersion rocm(const Node& n) const {
        return r.parsed<RocmVersion>(n, RocmVersion::parse, "a ROCm version like 6.2");
    }
    ComputeCapability capability(const Node& n) const {
        return r.parsed<ComputeCapability>(n, ComputeCapability::parse,
                                           "a compute capability like 8.6");
    }
    PciId pci_id(const Node& n) const {
        return r.parsed<PciId>(n, PciId::parse, "a PCI id like 10de:2204");
    }
    OperatingSystem os(const Node& n) const {
        const std::string value = r.text(n);
        const auto os = parse_operating_system(value);
        if (!os) {
            r.fail(n, "expected linux, windows or macos, found '" + value + "'");
        }
        return *os;
    }
    CpuArch arch(const Node& n) const {
        const std::string value = r.text(n);
        const auto arch = parse_cpu_arch(value);
        if (!arch) {
            r.fail(n, "expected a CPU architecture like x86_64 or aarch64, found '" + value + "'");
        }
        return *arch;
    }
};

PythonInterpreter read_python(const ProfileReader& r, const Values& v, const Node& node) {
    r.expect_object(node,
                    {"path", "source", "implementation", "version", "abi_flags", "free_threaded",
                     "platform", "glibc", "tags", "best_tag"},
                    {"path", "source", "implementation", "version"});
    PythonInterpreter python;
    python.path = r.text(r.required_member(node, "path"));
    python.source = r.text(r.required_member(node, "source"));
    const Node implementation = r.required_member(node, "implementation");
    const std::string kind = r.text(implementation);
    if (kind != "cpython" && kind != "pypy") {
        r.fail(implementation, "expected cpython or pypy, found '" + kind + "'");
    }
    python.implementation =
        kind == "pypy" ? PythonImplementation::PyPy : PythonImplementation::CPython;
    const Node version = r.required_member(node, "version");
    python.version = r.text(version);
    if (!python.target()) {
        r.fail(version,
               "expected a Python version like 3.11 or 3.11.7, found '" + python.version + "'");
    }
    if (const auto flags = r.member(node, "abi_flags")) {
        python.abi_flags = r.text(*flags);
    }
    if (const auto free_threaded = r.member(node, "free_threaded")) {
        python.free_threaded = r.boolean(*free_threaded);
    }
    if (const auto platform = r.member(node, "platform")) {
        python.platform = r.text(*platform);
    }
    if (const auto glibc = r.member(node, "glibc"); glibc && !glibc->value.is_null()) {
        python.glibc = v.os_version(*glibc);
    }
    if (const auto tags = r.member(node, "tags")) {
        r.elements(*tags); // derived from the profile: checked to be a list, then recomputed
    }
    if (const auto best = r.member(node, "best_tag"); best && !best->value.is_null()) {
        r.text(*best); // an answer's machine block read back: checked to be text, recomputed
    }
    return python;
}

NvidiaGpu read_nvidia_gpu(const ProfileReader& r, const Values& v, const Node& node) {
    r.expect_object(
        node, {"name", "pci_id", "bus_id", "compute_capability", "memory_mib", "mig", "source"},
        {"name", "source"});
    NvidiaGpu gpu;
    gpu.name = r.text(r.required_member(node, "name"));
    gpu.source = r.text(r.required_member(node, "source"));
    if (const auto pci = r.member(node, "pci_id")) {
        gpu.pci_id = v.pci_id(*pci);
    }
    if (const auto bus = r.member(node, "bus_id")) {
        gpu.bus_id = r.text(*bus);
    }
    gpu.compute_capability = r.fact<ComputeCapability>(
        node, "compute_capability", [&](const Node& n) { return v.capability(n); });
    if (const auto memory = r.member(node, "memory_mib")) {
        gpu.memory_mib = r.count(*memory);
    }
    if (const auto mig = r.member(node, "mig")) {
        gpu.mig = r.boolean(*mig);
    }
    return gpu;
}

NvidiaFacts read_nvidia(const ProfileReader& r, const Values& v, const Node& node) {
    r.expect_object(node, {"driver", "cuda", "gpus"}, {});
    NvidiaFacts nvidia;
    nvidia.driver = r.fact<std::optional<DriverVersion>>(
        node, "driver", [&](const Node& n) -> std::optional<DriverVersion> {
            if (n.value.is_null()) {
                return std::nullopt;
            }
            return v.driver(n);
        });
    nvidia.cuda = r.fact<CudaVersion>(node, "cuda", [&](const Node& n) { return v.cuda(n); });
    if (const auto gpus = r.member(node, "gpus")) {
        for (const auto& element : r.elements(*gpus)) {
            nvidia.gpus.push_back(read_nvidia_gpu(r, v, element));
        }
    }
    return nvidia;
}

AmdFacts read_amd(const ProfileReader& r, const Values& v, const Node& node) {
    r.expect_object(node, {"rocm", "gpus"}, {});
    AmdFacts amd;
    amd.rocm = r.fact<RocmVersion>(node, "rocm", [&](const Node& n) { return v.rocm(n); });
    if (const auto gpus = r.member(node, "gpus")) {
        for (const auto& element : r.elements(*gpus)) {
            r.expect_object(element, {"gfx_target", "source"}, {"gfx_target", "source"});
            const Node target = r.required_member(element, "gfx_target");
            const std::string gfx = r.text(target);
            if (!gfx.starts_with("gfx") || gfx.size() < 6) {
                r.fail(target, "expected an LLVM target like gfx1100, found '" + gfx + "'");
            }
            amd.gpus.push_back({gfx, r.text(r.required_member(element, "source"))});
        }
    }
    return amd;
}

std::vector<IntelGpu> read_intel(const ProfileReader& r, const Values& v, const Node& node) {
    r.expect_object(node, {"gpus"}, {});
    std::vector<IntelGpu> gpus;
    if (const auto list = r.member(node, "gpus")) {
        for (const auto& element : r.elements(*list)) {
            r.expect_object(element, {"pci_id", "name", "discrete", "xpu", "source"}, {"source"});
            IntelGpu gpu;
            if (const auto id = r.member(element, "pci_id")) {
                gpu.pci_id = v.pci_id(*id);
            }
            if (const auto name = r.member(element, "name")) {
                gpu.name = r.text(*name);
            }
            const auto boolean = [&](const Node& n) { return v.boolean(n); };
            gpu.discrete = r.fact<bool>(element, "discrete", boolean);
            gpu.xpu = r.fact<bool>(element, "xpu", boolean);
            gpu.source = r.text(r.required_member(element, "source"));
            gpus.push_back(std::move(gpu));
        }
    }
    return gpus;
}

WindowsFacts read_windows(const ProfileReader& r, const Values& v, const Node& node) {
    r.expect_object(node, {"vc_redist", "system32_dlls", "display_adapters"}, {});
    WindowsFacts windows;
    windows.vc_redist =
        r.fact<std::string>(node, "vc_redist", [&](const Node& n) { return v.text(n); });
    if (const auto dlls = r.member(node, "system32_dlls")) {
        for (const auto& element : r.elements(*dlls)) {
            r.expect_object(element, {"name", "version", "source"}, {"name", "version", "source"});
            windows.system32_dlls.push_back({r.text(r.required_member(element, "name")),
                                             r.text(r.required_member(element, "version")),
                                             r.text(r.required_member(element, "source"))});
        }
    }
    if (const auto adapters = r.member(node, "display_adapters")) {
        for (const auto& element : r.elements(*adapters)) {
            r.expect_object(element, {"name", "pci_id", "driver_version"}, {"name", "pci_id"});
            windows.display_adapters.push_back(
                {r.text(r.required_member(element, "name")),
                 v.pci_id(r.required_member(element, "pci_id")),
                 r.fact<std::string>(element, "driver_version",
                                     [&](const Node& n) { return v.text(n); })});
        }
    }
    return windows;
}

void read_system_facts(const ProfileReader& r, const Values& v, const Node& root,
                       Machine& machine) {
    machine.os = r.fact<OperatingSystem>(root, "os", [&](const Node& n) { return v.os(n); });
    machine.os_version =
        r.fact<std::string>(root, "os_version", [&](const Node& n) { return v.text(n); });
    machine.arch = r.fact<CpuArch>(root, "arch", [&](const Node& n) { return v.arch(n); });
    const auto version = [&](const Node& n) { return v.os_version(n); };
    machine.glibc = r.fact<OsVersion>(root, "glibc", version);
    machine.musl = r.fact<OsVersion>(root, "musl", version);
    machine.macos_version = r.fact<OsVersion>(root, "macos_version", version);
    const auto flag = [&](const Node& n) { return v.boolean(n); };
    machine.apple_silicon = r.fact<bool>(root, "apple_silicon", flag);
    machine.wsl = r.fact<bool>(root, "wsl", flag);
    if (const auto container = r.member(root, "container")) {
        for (const auto& element : r.elements(*container)) {
            r.expect_object(element, {"value", "source"}, {"value", "source"});
            machine.container.push_back({r.text(r.required_member(element, "value")),
                                         r.text(r.required_member(element, "source"))});
        }
    }
}

} // namespace

Machine machine_from_json(const TextInput& input) {
    const PositionedJson parsed = parse_positioned_json(input);
    const ProfileReader r(input, parsed);
    const Values v{r};
    const Node root{parsed.document, "", ""};
    r.expect_object(root,
                    {"schema", "os", "os_version", "arch", "glibc", "musl", "macos_version",
                     "apple_silicon", "wsl", "container", "pythons", "nvidia", "amd", "intel",
                     "windows", "notes"},
                    {"schema"});
    const Node schema = r.required_member(root, "schema");
    if (r.text(schema) != machine_schema) {
        r.fail(schema, "unsupported schema '" + r.text(schema) + "' (this torchpin reads " +
                           std::string(machine_schema) + ")");
    }
    Machine machine;
    read_system_facts(r, v, root, machine);
    if (const auto pythons = r.member(root, "pythons")) {
        for (const auto& element : r.elements(*pythons)) {
            machine.pythons.push_back(read_python(r, v, element));
        }
    }
    if (const auto nvidia = r.member(root, "nvidia")) {
        machine.nvidia = read_nvidia(r, v, *nvidia);
    }
    if (const auto amd = r.member(root, "amd")) {
        machine.amd = read_amd(r, v, *amd);
    }
    if (const auto intel = r.member(root, "intel")) {
        machine.intel_gpus = read_intel(r, v, *intel);
    }
    if (const auto windows = r.member(root, "windows")) {
        machine.windows = read_windows(r, v, *windows);
    }
    if (const auto notes = r.member(root, "notes")) {
        for (const auto& element : r.elements(*notes)) {
            machine.notes.push_back(r.text(element));
        }
    }
    return machine;
}

} // namespace torchpin
