// Warning codes: each named once, listed in docs/cli.md's table and in the resolve schema with
// exactly the facts its maker writes.
#include "engine/solver/answer_warning.hpp"
#include "tests/support/test_paths.hpp"

#include <fstream>
#include <set>
#include <sstream>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

using namespace torchpin;

namespace {

std::string read(const std::string& relative) {
    std::ifstream in(test::source_path(relative));
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// One warning of every code, from its maker.
std::vector<AnswerWarning> one_of_each() {
    const Version torch = Version::from("2.99.0");
    const Backend cu130 = Backend::from("cu130");
    KnownIssueFact issue;
    issue.issue = "demo";
    issue.severity = "warning";
    issue.summary = "s";
    const HsaOverrideFact hsa{"gfx1031", "Navi 22", "10.3.0", "gfx1030", std::nullopt, "", {}};
    return {warnings::machine_assumption("glibc version", "2.28", "pass --glibc"),
            warnings::gpu_capability_unknown("GPU"),
            warnings::data_stale(150, "2026-01-01"),
            warnings::release_from_index(torch),
            warnings::arch_list_assumed(torch, cu130, Version::from("2.14.1"), "7.5 8.0"),
            warnings::paired_by_metadata("torchvision", Version::from("0.114.0"), torch, "u",
                                         "==2.99.0"),
            warnings::files_unknown("torch", torch, "3.12", false, true),
            warnings::companion_series("torchvision", torch, "0.30"),
            warnings::companion_not_released("torchaudio", torch),
            warnings::driver_minor_version(DriverVersion::from("580.65.06"),
                                           CudaVersion::from("13.0.2"),
                                           DriverVersion::from("580.95.05"), false),
            warnings::driver_floor_only(OperatingSystem::Windows, CudaVersion::from("13.0.2"),
                                        DriverVersion::from("581.15"),
                                        DriverVersion::from("580.00")),
            warnings::arch_list_unknown(torch, cu130, "GPU"),
            warnings::gpu_runs_ptx("GPU"),
            warnings::gfx_list_unknown(Backend::from("rocm7.2"), "gfx1031"),
            warnings::hsa_override(hsa, Backend::from("rocm7.2")),
            warnings::known_issue(issue),
            warnings::releases_unknown_here("2.13.0", "2.14.1", OperatingSystem::Linux,
                                            CpuArch::Aarch64),
            warnings::newer_without_companion({torch}, {"torchaudio"}),
            warnings::newer_not_verified({torch})};
}

} // namespace

BOOST_AUTO_TEST_SUITE(answer_warning)

BOOST_AUTO_TEST_CASE(every_code_has_one_name_and_one_maker) {
    std::set<std::string> names;
    std::set<WarningCode> made;
    for (const AnswerWarning& w : one_of_each()) {
        made.insert(w.code);
        BOOST_TEST(!w.message.empty());
    }
    for (const WarningCode code : every_warning_code()) {
        BOOST_TEST(names.insert(std::string(name(code))).second, name(code));
        BOOST_TEST(made.contains(code), name(code));
    }
    BOOST_TEST(made.size() == every_warning_code().size());
}

BOOST_AUTO_TEST_CASE(docs_and_schema_list_each_code_with_its_facts) {
    const std::string docs = read("docs/cli.md");
    const auto schema = nlohmann::json::parse(read("docs/schemas/resolve.schema.json"));
    std::map<std::string, std::set<std::string>> schema_facts;
    for (const auto& variant : schema["$defs"]["warning"]["oneOf"]) {
        std::set<std::string> keys;
        for (const auto& key : variant["required"]) {
            keys.insert(key.get<std::string>());
        }
        schema_facts[variant["properties"]["code"]["const"].get<std::string>()] = keys;
    }
    BOOST_TEST(schema_facts.size() == every_warning_code().size());
    for (const AnswerWarning& w : one_of_each()) {
        const std::string code(name(w.code));
        std::set<std::string> keys{"code", "message"};
        std::string row = "| `" + code + "` | ";
        for (const auto& [fact, value] : w.facts) {
            keys.insert(fact);
            row += (row.ends_with("| ") ? "" : ", ") + ("`" + fact + "`");
        }
        BOOST_TEST((schema_facts[code] == keys), code);
        BOOST_TEST(docs.find(row + " |") != std::string::npos, row);
    }
}

BOOST_AUTO_TEST_SUITE_END()
