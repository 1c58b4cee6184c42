// The NVIDIA parsers on real output: the kernel module's version files and nvidia-smi CSV, from
// tests/data/detection (driver_detection_samples.json and the captures its README cites).
#include "detect/nvidia_driver_files.hpp"
#include "detect/nvidia_smi_output.hpp"
#include "detect/nvml_probe.hpp"
#include "tests/support/test_paths.hpp"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

using namespace torchpin;
namespace test = torchpin::test;

namespace {

nlohmann::json samples() {
    return nlohmann::json::parse(
        test::read_file(test::source_path("tests/data/detection/driver_detection_samples.json")));
}

std::string capture(const std::string& name) {
    return test::read_file(test::source_path("tests/data/detection/nvidia_smi/" + name));
}

NvidiaSmiReport parse_capture(const std::string& name, const std::vector<std::string>& fields) {
    auto report = parse_nvidia_smi_csv(capture(name), fields);
    if (!report) {
        BOOST_FAIL(name << ": " << report.error().message);
    }
    return *std::move(report);
}

} // namespace

BOOST_AUTO_TEST_SUITE(nvidia_parsers)

BOOST_AUTO_TEST_CASE(proc_driver_version_reads_both_banners) {
    const auto cases = samples()["proc_driver_nvidia_version"];
    BOOST_TEST(cases.size() == 2u);
    for (const auto& sample : cases) {
        const std::string content = sample["content"];
        const auto version = parse_proc_driver_nvidia_version(content);
        BOOST_REQUIRE_MESSAGE(version.has_value(), content);
        BOOST_TEST(version->to_string() == sample["expected_driver_version"].get<std::string>());
    }
}

BOOST_AUTO_TEST_CASE(proc_driver_version_rejects_other_content) {
    BOOST_TEST(!parse_proc_driver_nvidia_version("").has_value());
    BOOST_TEST(!parse_proc_driver_nvidia_version("GCC version:  gcc version 12.3.0").has_value());
    BOOST_TEST(!parse_proc_driver_nvidia_version("NVRM version: NVIDIA UNIX x86_64 Kernel Module")
                    .has_value());
    BOOST_TEST(
        !parse_proc_driver_nvidia_version("NVRM version: NVIDIA UNIX x86_64 Kernel Module  abc")
             .has_value());
    // Other CPUs appear where x86_64 does (a constructed line, not a capture).
    BOOST_TEST(parse_proc_driver_nvidia_version(
                   "NVRM version: NVIDIA UNIX Open Kernel Module for aarch64  570.86.15  Release "
                   "Build")
                   ->to_string() == "570.86.15");
}

BOOST_AUTO_TEST_CASE(sys_module_version_is_the_bare_version) {
    BOOST_TEST(parse_sys_module_nvidia_version("550.144.03\n")->to_string() == "550.144.03");
    BOOST_TEST(!parse_sys_module_nvidia_version("\n").has_value());
    BOOST_TEST(!parse_sys_module_nvidia_version("550.144.03 extra").has_value());
}

BOOST_AUTO_TEST_CASE(driver_version_queries_take_the_first_gpu) {
    const auto cases = samples()["nvidia_smi_query_driver_version"];
    for (const auto& sample : cases) {
        const auto report =
            parse_nvidia_smi_csv(sample["output"].get<std::string>(), {"driver_version"});
        BOOST_REQUIRE(report.has_value());
        BOOST_TEST(report->driver->to_string() ==
                   sample["expected_driver_version"].get<std::string>());
    }
}

BOOST_AUTO_TEST_CASE(two_mixed_gpus_with_a_header_line) {
    const auto report = parse_capture("triton_two_gpus_with_header.csv", {});
    BOOST_REQUIRE(report.gpus.size() == 2u);
    BOOST_TEST(report.driver->to_string() == "570.86.15");
    BOOST_TEST(report.gpus[0].name == "NVIDIA TITAN V");
    BOOST_TEST(report.gpus[0].compute_capability->value.to_string() == "7.0");
    BOOST_TEST(report.gpus[0].compute_capability->source == "nvidia-smi");
    BOOST_TEST(report.gpus[1].name == "NVIDIA RTX 5880 Ada Generation");
    BOOST_TEST(report.gpus[1].compute_capability->value.to_string() == "8.9");
    BOOST_TEST(report.gpus[1].source == "nvidia-smi");
}

BOOST_AUTO_TEST_CASE(single_fields_and_device_ids) {
    BOOST_TEST(parse_capture("inference_snaps_compute_cap.csv", {})
                   .gpus.at(0)
                   .compute_capability->value.to_string() == "8.9");
    const auto h100 = parse_capture("akash_h100_nvl_device_id.csv", {"name", "pci.device_id"});
    BOOST_TEST(h100.gpus.at(0).name == "NVIDIA H100 NVL");
    BOOST_TEST(h100.gpus.at(0).pci_id->to_string() == "10de:2321");
    const auto v100 =
        parse_capture("akash_v100_memory_device_id.csv", {"name", "memory.total", "pci.device_id"});
    BOOST_TEST(*v100.gpus.at(0).memory_mib == 32768u);
    BOOST_TEST(v100.gpus.at(0).pci_id->to_string() == "10de:1df0");
}

BOOST_AUTO_TEST_CASE(mig_mode_is_known_only_where_nvidia_smi_says_so) {
    BOOST_TEST(!parse_capture("nvtop_mig_not_applicable.csv", {}).gpus.at(0).mig.has_value());
    const auto disabled = parse_capture("nvtop_mig_disabled.csv", {});
    BOOST_TEST(disabled.gpus.size() == 2u);
    BOOST_TEST(*disabled.gpus[1].mig == false);
    const auto enabled =
        parse_nvidia_smi_csv("NVIDIA A100-SXM4-40GB, Enabled\n", {"name", "mig.mode.current"});
    BOOST_TEST(*enabled->gpus.at(0).mig == true);
}

BOOST_AUTO_TEST_CASE(unknown_fields_are_ignored_and_units_optional) {
    const auto report =
        parse_capture("gpu_utils_rtx2080_nounits.csv",
                      {"power.limit", "power.min_limit", "power.max_limit", "memory.total",
                       "vbios_version", "driver_version", "name", "gpu_uuid", "power.draw",
                       "temperature.gpu", "temperature.memory", "clocks.current.graphics",
                       "clocks.sm", "clocks.mem", "utilization.gpu", "utilization.memory",
                       "fan.speed", "pcie.link.width.current", "pstate"});
    BOOST_TEST(report.gpus.at(0).name == "GeForce RTX 2080");
    BOOST_TEST(*report.gpus.at(0).memory_mib == 7979u);
    BOOST_TEST(report.driver->to_string() == "440.64");
}

BOOST_AUTO_TEST_CASE(error_lines_are_not_csv) {
    const std::string refused = capture("inference_snaps_invalid_field.txt");
    BOOST_TEST(nvidia_smi_invalid_field(refused).value() == "compute_cap");
    BOOST_TEST(!parse_nvidia_smi_csv(refused, nvidia_smi_fields()).has_value());
    const std::string no_driver = capture("wsl_driver_not_loaded.txt");
    BOOST_TEST(!nvidia_smi_invalid_field(no_driver).has_value());
    const auto garbage = parse_nvidia_smi_csv(no_driver, nvidia_smi_fields());
    BOOST_REQUIRE(!garbage.has_value());
    BOOST_TEST(garbage.error().message.find("expected 6 comma-separated fields") == 0u);
    BOOST_TEST(!parse_nvidia_smi_csv("NVIDIA GeForce RTX 3090, 00000000:01:00.0, 550.144.03, "
                                     "lots, 8.6, [N/A]",
                                     nvidia_smi_fields())
                    .has_value());
    BOOST_TEST(parse_nvidia_smi_csv("", nvidia_smi_fields())->gpus.empty());
}

BOOST_AUTO_TEST_CASE(combined_pci_ids_and_cuda_integers) {
    BOOST_TEST(pci_id_from_combined(0x220410DEu).to_string() == "10de:2204");
    BOOST_TEST(cuda_version_from_integer(12040)->to_string() == "12.4");
    BOOST_TEST(cuda_version_from_integer(11080)->to_string() == "11.8");
    BOOST_TEST(cuda_version_from_integer(13000)->to_string() == "13.0");
    BOOST_TEST(!cuda_version_from_integer(0).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
