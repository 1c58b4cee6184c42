// The check readers on real files (tests/data/raw/lockfiles): InvokeAI's uv.lock, ComfyUI
// desktop's `uv pip compile` output and CtrlHGen-repro's conda export, with what each pins
// asserted.
#include "importers/lock/lockfile_reader.hpp"
#include "tests/support/test_paths.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

std::filesystem::path real_file(const std::string& relative) {
    return test::source_path("tests/data/raw/lockfiles/" + relative);
}

// "version index" of each package of that name, in file order.
std::vector<std::string> pins_of(const LockedRequirements& lock, const std::string& name) {
    std::vector<std::string> pins;
    for (const LockedPackage& package : lock.packages) {
        if (package.name == name) {
            pins.push_back(package.pinned->to_string() + " " + package.index_url);
        }
    }
    return pins;
}

const LockedPackage& package_of(const LockedRequirements& lock, const std::string& name,
                                const std::string& version) {
    const auto found = std::find_if(lock.packages.begin(), lock.packages.end(), [&](const auto& p) {
        return p.name == name && p.pinned && p.pinned->to_string() == version;
    });
    BOOST_REQUIRE(found != lock.packages.end());
    return *found;
}

} // namespace

BOOST_AUTO_TEST_SUITE(real_lockfiles)

// One fork per torch backend extra (cpu, cuda, rocm, xpu) plus PyPI's build for aarch64 Linux
// and macOS (pyproject.toml routes those to PyPI).
BOOST_AUTO_TEST_CASE(invokeai_uv_lock_pins_torch_per_backend_index) {
    const auto lock = read_locked_requirements(real_file("invoke-ai+InvokeAI/uv.lock"));
    BOOST_TEST(lock_format_name(lock.format) == "uv.lock");
    BOOST_TEST(lock.packages.size() == 325u);
    BOOST_TEST(lock.requires_python == ">=3.11, <3.13");
    BOOST_TEST(pins_of(lock, "torch") ==
               (std::vector<std::string>{"2.7.1 https://pypi.org/simple",
                                         "2.7.1+cpu https://download.pytorch.org/whl/cpu",
                                         "2.7.1+cu128 https://download.pytorch.org/whl/cu128",
                                         "2.10.0+rocm7.1 https://download.pytorch.org/whl/rocm7.1",
                                         "2.13.0+xpu https://download.pytorch.org/whl/xpu"}));
    BOOST_TEST(pins_of(lock, "torchvision") ==
               (std::vector<std::string>{"0.22.1 https://pypi.org/simple",
                                         "0.22.1+cpu https://download.pytorch.org/whl/cpu",
                                         "0.22.1+cu128 https://download.pytorch.org/whl/cu128",
                                         "0.25.0+rocm7.1 https://download.pytorch.org/whl/rocm7.1",
                                         "0.28.0+xpu https://download.pytorch.org/whl/xpu"}));
    std::vector<std::string> index_urls;
    for (const IndexReference& index : lock.indexes) {
        index_urls.push_back(index.url);
    }
    BOOST_TEST(index_urls == (std::vector<std::string>{"https://pypi.org/simple",
                                                       "https://download.pytorch.org/whl/cpu",
                                                       "https://download.pytorch.org/whl/cu128",
                                                       "https://download.pytorch.org/whl/rocm7.1",
                                                       "https://download.pytorch.org/whl/xpu"}));
    // The project itself is the one editable package.
    BOOST_REQUIRE_EQUAL(lock.notes.size(), 1u);
    BOOST_TEST(lock.notes[0].where.line == 1294u);
    BOOST_TEST(lock.notes[0].message.find("invokeai") != std::string::npos);
}

// The files a checker compares with the matrix: served from download-r2.pytorch.org although
// the index is download.pytorch.org (not a mismatch), and the xpu torch and triton-rocm wheels
// carry no hash at all.
BOOST_AUTO_TEST_CASE(invokeai_uv_lock_wheels_carry_urls_hashes_and_lines) {
    const auto lock = read_locked_requirements(real_file("invoke-ai+InvokeAI/uv.lock"));
    const LockedPackage& cuda = package_of(lock, "torch", "2.7.1+cu128");
    BOOST_TEST(cuda.where.line == 4563u);
    BOOST_TEST(cuda.marker.find("sys_platform == 'darwin'") != std::string::npos);
    BOOST_REQUIRE_EQUAL(cuda.files.size(), 6u);
    BOOST_TEST(cuda.files[0].url == "https://download-r2.pytorch.org/whl/cu128/"
                                    "torch-2.7.1%2Bcu128-cp311-cp311-manylinux_2_28_aarch64.whl");
    BOOST_TEST(cuda.files[0].filename ==
               "torch-2.7.1+cu128-cp311-cp311-manylinux_2_28_aarch64.whl");
    BOOST_TEST(cuda.files[0].sha256 ==
               std::vector<std::string>{
                   "3a0954c54fd7cb9f45beab1272dece2a05b0e77023c1da33ba32a7919661260f"});
    BOOST_TEST(cuda.files[0].where.line == 4598u);

    std::size_t wheels = 0;
    std::set<std::string> hosts;
    std::map<std::string, std::size_t> unhashed_pytorch_wheels; // name version -> count
    for (const LockedPackage& package : lock.packages) {
        for (const LockedFile& file : package.files) {
            if (!file.filename.ends_with(".whl")) {
                continue;
            }
            ++wheels;
            hosts.insert(file.url.substr(0, file.url.find('/', 8)));
            if (file.url.find("pytorch.org") != std::string::npos && file.sha256.empty()) {
                ++unhashed_pytorch_wheels[package.name + " " + package.pinned->to_string()];
            }
        }
    }
    BOOST_TEST(wheels == 1340u);
    BOOST_TEST(hosts == (std::set<std::string>{"https://download-r2.pytorch.org",
                                               "https://files.pythonhosted.org"}));
    BOOST_TEST(unhashed_pytorch_wheels == (std::map<std::string, std::size_t>{
                                              {"torch 2.13.0+xpu", 4}, {"triton-rocm 3.6.0", 2}}));
}

// uv pip compile --emit-index-url --emit-index-annotation: PyPI first, the cu124 index as an
// extra, 64 exact pins without hashes, each annotated with the index it came from.
BOOST_AUTO_TEST_CASE(comfy_desktop_compiled_requirements_pin_the_cu124_family) {
    const auto lock =
        read_locked_requirements(real_file("Comfy-Org+desktop/windows_nvidia.compiled"));
    BOOST_TEST(lock_format_name(lock.format) == "requirements");
    BOOST_REQUIRE_EQUAL(lock.indexes.size(), 2u);
    BOOST_TEST((lock.indexes[0].kind == IndexReference::Kind::Primary));
    BOOST_TEST(lock.indexes[0].url == "https://pypi.org/simple");
    BOOST_TEST(lock.indexes[0].where.line == 3u);
    BOOST_TEST((lock.indexes[1].kind == IndexReference::Kind::Extra));
    BOOST_TEST(lock.indexes[1].url == "https://download.pytorch.org/whl/cu124");
    BOOST_TEST(lock.indexes[1].where.line == 4u);
    BOOST_TEST(lock.packages.size() == 64u);
    BOOST_TEST(std::all_of(lock.packages.begin(), lock.packages.end(), [](const auto& p) {
        return p.pinned && p.specifier == "==" + p.pinned->to_string() && p.hashes.empty() &&
               !p.index_url.empty();
    }));
    const std::vector<std::pair<std::string, std::size_t>> family{
        {"torch 2.5.1+cu124", 269},
        {"torchaudio 2.5.1+cu124", 279},
        {"torchvision 0.20.1+cu124", 289}};
    for (const auto& [pin, line] : family) {
        const std::string name = pin.substr(0, pin.find(' '));
        const LockedPackage& package = package_of(lock, name, pin.substr(pin.find(' ') + 1));
        BOOST_TEST(package.where.line == line);
        BOOST_TEST(package.index_url == "https://download.pytorch.org/whl/cu124");
    }
    std::vector<std::string> from_pytorch_index;
    for (const LockedPackage& package : lock.packages) {
        if (package.index_url == "https://download.pytorch.org/whl/cu124") {
            from_pytorch_index.push_back(package.name);
        }
    }
    BOOST_TEST(from_pytorch_index ==
               (std::vector<std::string>{"colorama", "mpmath", "sympy", "torch", "torchaudio",
                                         "torchvision"}));
}

// `conda list --export` output shipped as requirements.txt: 4 header comments, then 135
// name=version=build lines, 116 of them pip's (pypi_0), among them the cu118 torch family; the
// 19 conda builds (python, openssl, …) include no torch package, so nothing is noted.
BOOST_AUTO_TEST_CASE(ctrlhgen_conda_export_pins_its_pip_packages) {
    const auto lock =
        read_locked_requirements(real_file("Stardreama+CtrlHGen-repro/requirements.txt"));
    BOOST_TEST(lock_format_name(lock.format) == "conda-export");
    BOOST_REQUIRE(lock.pip_stops_at.has_value());
    BOOST_TEST(lock.pip_stops_at->line == 5u); // _libgcc_mutex=0.1=main
    BOOST_TEST(lock.packages.size() == 116u);
    BOOST_TEST(lock.indexes.empty());
    BOOST_TEST(lock.notes.empty());
    const std::vector<std::pair<std::string, std::size_t>> family{
        {"torch 2.6.0+cu118", 120},
        {"torchaudio 2.6.0+cu118", 123},
        {"torchvision 0.21.0+cu118", 124}};
    for (const auto& [pin, line] : family) {
        const std::string name = pin.substr(0, pin.find(' '));
        const LockedPackage& package = package_of(lock, name, pin.substr(pin.find(' ') + 1));
        BOOST_TEST(package.where.line == line);
        BOOST_TEST(package.where.column == 1u);
    }
}

BOOST_AUTO_TEST_SUITE_END()
