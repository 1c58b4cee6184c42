// Backend: PyTorch variant labels, index paths (including every directory of torch_stable.html).
#include "engine/hardware/backend.hpp"
#include "tests/support/test_paths.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

using torchpin::Backend;
using torchpin::BackendKind;
using torchpin::BuildVariant;
namespace test = torchpin::test;

BOOST_AUTO_TEST_SUITE(backend)

BOOST_AUTO_TEST_CASE(labels_parse_into_kind_and_toolkit_and_round_trip) {
    struct Case {
        std::string label;
        BackendKind kind;
        std::string toolkit; // CUDA or ROCm version, "" for none
        std::string name;
    };
    const std::vector<Case> cases{
        {"cpu", BackendKind::Cpu, "", "CPU"},
        {"cu92", BackendKind::Cuda, "9.2", "CUDA 9.2"},
        {"cu100", BackendKind::Cuda, "10.0", "CUDA 10.0"},
        {"cu101", BackendKind::Cuda, "10.1", "CUDA 10.1"},
        {"cu118", BackendKind::Cuda, "11.8", "CUDA 11.8"},
        {"cu121", BackendKind::Cuda, "12.1", "CUDA 12.1"},
        {"cu128", BackendKind::Cuda, "12.8", "CUDA 12.8"},
        {"cu130", BackendKind::Cuda, "13.0", "CUDA 13.0"},
        {"cu132", BackendKind::Cuda, "13.2", "CUDA 13.2"},
        {"rocm3.10", BackendKind::Rocm, "3.10", "ROCm 3.10"},
        {"rocm4.0.1", BackendKind::Rocm, "4.0.1", "ROCm 4.0.1"},
        {"rocm5.4.2", BackendKind::Rocm, "5.4.2", "ROCm 5.4.2"},
        {"rocm6.2", BackendKind::Rocm, "6.2", "ROCm 6.2"},
        {"rocm7.14", BackendKind::Rocm, "7.14", "ROCm 7.14"},
        {"xpu", BackendKind::Xpu, "", "Intel XPU"},
        {"cpu.cxx11.abi", BackendKind::Cpu, "", "CPU (C++11 ABI)"},
        {"cu117.with.pypi.cudnn", BackendKind::Cuda, "11.7", "CUDA 11.7 (cuDNN from PyPI)"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.label) {
            const auto backend = Backend::parse(c.label);
            BOOST_REQUIRE(backend.has_value());
            BOOST_TEST((backend->kind() == c.kind));
            const std::string toolkit =
                backend->cuda_version()   ? backend->cuda_version()->to_string()
                : backend->rocm_version() ? backend->rocm_version()->to_string()
                                          : "";
            BOOST_TEST(toolkit == c.toolkit);
            BOOST_TEST(backend->name() == c.name);
            BOOST_TEST(backend->to_string() == c.label);
            BOOST_TEST((Backend::from(backend->to_string()) == *backend));
        }
    }
}

BOOST_AUTO_TEST_CASE(side_variants_have_their_own_label_and_directory) {
    const Backend cxx11 = Backend::from("cpu.cxx11.abi");
    BOOST_TEST((cxx11.variant() == BuildVariant::Cxx11Abi));
    BOOST_TEST(cxx11.index_directory() == "cpu-cxx11-abi");
    const Backend cudnn = Backend::from("cu117.with.pypi.cudnn");
    BOOST_TEST((cudnn.variant() == BuildVariant::PypiCudnn));
    BOOST_TEST(cudnn.index_directory() == "cu117_pypi_cudnn");
    BOOST_TEST(Backend::from("rocm6.2").index_directory() == "rocm6.2");
    BOOST_TEST((Backend::from("cu117") != cudnn));
    BOOST_TEST((Backend::from("cpu") != cxx11));
}

BOOST_AUTO_TEST_CASE(index_paths_and_urls_name_their_variant) {
    const std::vector<std::pair<std::string, std::string>> cases{
        {"/whl/cu121/", "cu121"},
        {"https://download.pytorch.org/whl/cu121", "cu121"},
        {"https://download.pytorch.org/whl/nightly/cu128", "cu128"},
        {"https://download.pytorch.org/whl/test/rocm6.2/torch/", "rocm6.2"},
        {"https://download.pytorch.org/whl/lts/1.8/cu111", "cu111"},
        {"cu111/torch-1.8.0%2Bcu111-cp36-cp36m-linux_x86_64.whl", "cu111"},
        {"rocm4.0.1/torch-1.8.0%2Brocm4.0.1-cp36-cp36m-linux_x86_64.whl", "rocm4.0.1"},
        {"https://download.pytorch.org/whl/cpu-cxx11-abi/", "cpu.cxx11.abi"},
        {"https://download.pytorch.org/whl/cu117_pypi_cudnn/torch-2.0.0%2Bcu117.with.pypi.cudnn-"
         "cp39-cp39-linux_x86_64.whl",
         "cu117.with.pypi.cudnn"},
        {"https://download.pytorch.org/whl/cu121_full/torch-2.5.1%2Bcu121-cp310-cp310-linux_x86_"
         "64.whl#sha256=2cb5",
         "cu121"},
        {"https://download.pytorch.org/whl/xpu?x=cu121", "xpu"},
    };
    for (const auto& [url, label] : cases) {
        BOOST_TEST_CONTEXT(url) {
            const auto backend = Backend::parse_index_url(url);
            BOOST_REQUIRE(backend.has_value());
            BOOST_TEST(backend->to_string() == label);
        }
    }
    for (const char* no_variant : {"https://download.pytorch.org/whl/torch/",
                                   "https://cu121.example.com/simple/", "", "/whl/cuda/"}) {
        BOOST_TEST(!Backend::parse_index_url(no_variant).has_value(), no_variant);
    }
}

BOOST_AUTO_TEST_CASE(every_directory_of_torch_stable_html_is_a_backend) {
    const std::string page = test::read_file(test::source_path("data/index/torch_stable.html"));
    std::map<std::string, int> links_per_backend;
    for (std::size_t at = 0; (at = page.find("href=\"", at)) != std::string::npos;) {
        at += 6;
        const std::string href = page.substr(at, page.find('"', at) - at);
        if (href.find('/') == std::string::npos) {
            continue; // the oldest wheels sit at the top level, in no variant directory
        }
        const auto backend = Backend::parse_index_url(href);
        BOOST_REQUIRE_MESSAGE(backend.has_value(), href);
        ++links_per_backend[backend->to_string()];
    }
    const std::map<std::string, int> expected{
        {"cpu", 331},  {"cu75", 62},   {"cu80", 102},  {"cu90", 72},    {"cu91", 10},
        {"cu92", 153}, {"cu100", 85},  {"cu101", 169}, {"cu102", 117},  {"cu110", 42},
        {"cu111", 24}, {"rocm3.7", 4}, {"rocm3.8", 4}, {"rocm3.10", 4}, {"rocm4.0.1", 4}};
    BOOST_TEST(links_per_backend == expected);
}

BOOST_AUTO_TEST_CASE(order_is_by_kind_then_toolkit_version) {
    std::vector<Backend> sorted;
    for (const char* label :
         {"xpu", "rocm6.2.4", "cu92", "cpu", "rocm6.2", "cu121", "cu118", "rocm3.10", "cu100",
          "cpu.cxx11.abi", "cu117.with.pypi.cudnn", "cu117", "rocm5.4.2"}) {
        sorted.push_back(Backend::from(label));
    }
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::string> labels;
    for (const auto& backend : sorted) {
        labels.push_back(backend.to_string());
    }
    const std::vector<std::string> expected{
        "cpu",   "cpu.cxx11.abi", "cu92",     "cu100",     "cu117",   "cu117.with.pypi.cudnn",
        "cu118", "cu121",         "rocm3.10", "rocm5.4.2", "rocm6.2", "rocm6.2.4",
        "xpu"};
    BOOST_TEST(labels == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(bad_labels_report_where_they_go_wrong) {
    struct Case {
        std::string label;
        std::size_t position;
    };
    for (const Case& c : std::vector<Case>{{"gpu", 0},
                                           {"cu", 2},
                                           {"cu12x", 4},
                                           {"rocm", 4},
                                           {"rocm6", 5},
                                           {"rocm6.x", 6},
                                           {"CPU", 0},
                                           {"cu121.with.pypi", 5}}) {
        BOOST_TEST_CONTEXT(c.label) {
            const auto backend = Backend::parse(c.label);
            BOOST_REQUIRE(!backend.has_value());
            BOOST_TEST(backend.error().position == c.position);
            BOOST_TEST(backend.error().input == c.label);
        }
    }
}

BOOST_AUTO_TEST_CASE(closed_enums_name_and_parse) {
    for (auto kind : {BackendKind::Cpu, BackendKind::Cuda, BackendKind::Rocm, BackendKind::Xpu}) {
        BOOST_TEST((torchpin::parse_backend_kind(torchpin::name(kind)) == kind));
    }
    for (auto variant : {BuildVariant::Standard, BuildVariant::Cxx11Abi, BuildVariant::PypiCudnn}) {
        BOOST_TEST((torchpin::parse_build_variant(torchpin::name(variant)) == variant));
    }
    BOOST_TEST(!torchpin::parse_backend_kind("mps").has_value());
}

BOOST_AUTO_TEST_SUITE_END()
