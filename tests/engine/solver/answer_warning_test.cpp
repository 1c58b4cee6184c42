// Warning and hint codes: each named once, listed in docs/cli.md and in the resolve schema with
// exactly the facts its maker writes.
#include "engine/solver/answer_hint.hpp"
#include "engine/solver/answer_warning.hpp"
#include "engine/solver/explanation.hpp"
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
            warnings::companion_assumed("torch-scatter", Version::from("2.1.2"),
                                        "which torch variants it is built for is not recorded"),
            warnings::companion_from_labels("pyg-lib", Version::from("0.8.1"),
                                            "https://data.pyg.org/whl/torch-2.12.0+cu130.html"),
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

// One hint of every code, from its maker.
std::vector<AnswerHint> one_hint_of_each() {
    return {hints_made::newer_driver(DriverVersion::from("522.06"), "2.4.1+cu118"),
            hints_made::requirement_excludes("1.10.2+cu102", "torch<2.5"),
            hints_made::python_with_wheels("2.7.0+cu128", {"3.12", "3.13"}),
            hints_made::leave_companion_out("torchaudio", Version::from("2.14.1"), "2.14.1+cpu"),
            hints_made::allow_cpu_fallback("2.14.1+cpu"),
            hints_made::no_cpu_build_recorded("linux", "s390x"),
            hints_made::builds_for_gpu("GPU (sm_89)", "sm_89", "1.5.0+cu102", "2.14.1+cu132")};
}

// The codes and required keys of the variants under $defs/`def` of a schema in docs/schemas/.
std::map<std::string, std::set<std::string>>
schema_variants(const std::string& def, const std::string& schema_file = "resolve.schema.json") {
    const auto schema = nlohmann::json::parse(read("docs/schemas/" + schema_file));
    std::map<std::string, std::set<std::string>> variants;
    for (const auto& variant : schema["$defs"][def]["oneOf"]) {
        std::set<std::string> keys;
        for (const auto& key : variant["required"]) {
            keys.insert(key.get<std::string>());
        }
        variants[variant["properties"]["code"]["const"].get<std::string>()] = keys;
    }
    return variants;
}

} // namespace

BOOST_AUTO_TEST_SUITE(answer_warning)

BOOST_AUTO_TEST_CASE(hints_have_one_code_each_in_the_docs_and_the_schema) {
    const std::string docs = read("docs/cli.md");
    const auto variants = schema_variants("hint");
    BOOST_TEST(variants.size() == every_hint_code().size());
    std::set<HintCode> made;
    for (const AnswerHint& h : one_hint_of_each()) {
        made.insert(h.code);
        const std::string code(name(h.code));
        std::set<std::string> keys{"code", "message"};
        std::string listed = "`" + code + "` (";
        for (const auto& [fact, value] : h.facts) {
            keys.insert(fact);
            listed += (listed.ends_with("(") ? "" : ", ") + ("`" + fact + "`");
        }
        BOOST_TEST((variants.at(code) == keys), code);
        BOOST_TEST(docs.find(listed + ")") != std::string::npos, listed);
    }
    BOOST_TEST(made.size() == every_hint_code().size());
}

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
    auto schema_facts = schema_variants("warning");
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

BOOST_AUTO_TEST_CASE(rejection_codes_are_in_explains_schema_with_their_facts) {
    const auto variants = schema_variants("reason", "explain.schema.json");
    BOOST_TEST(variants.size() == every_rejection_code().size());
    const Backend cu124 = Backend::from("cu124");
    const Rejection examples[] = {
        ExcludedByRequirement{"torch", Version::from("2.4.0"), "torch>=2.5"},
        BackendNotPublished{Version::from("2.4.0"), cu124},
        BuildNotVerified{Version::from("2.15.0"), cu124},
        NoWheelFor{"torch", Version::from("2.4.0"), cu124, "cp38", "win_amd64"},
        DriverTooOld{cu124, CudaVersion::from("12.4.1"), DriverVersion::from("551.78"),
                     std::nullopt},
        GpuArchNotBuilt{"GPU",
                        ComputeCapability(12, 0),
                        cu124,
                        CudaVersion::from("12.4.1"),
                        {},
                        GpuFit::NotBuilt,
                        std::nullopt},
        GfxNotBuilt{"gfx1031", Backend::from("rocm6.2"), {"gfx1030"}, ""},
        NotPaired{"torchaudio", Version::from("2.14.1"), std::nullopt, "", ""},
        CompanionDoesNotFit{"flash-attn",
                            Version::from("2.9.0"),
                            cu124,
                            Version::from("2.8.3"),
                            {"flash-attn 2.8.3 has files for torch 2.4 to 2.8 only"},
                            "",
                            "",
                            false},
        WrongBackendKind{cu124, "the machine has no NVIDIA GPU"},
        MissingFact{cu124, "its CUDA version is unknown"}};
    std::set<std::string> seen;
    for (const Rejection& rejection : examples) {
        const RejectionFacts facts = rejection_facts(rejection);
        const std::string code(facts.code);
        seen.insert(code);
        std::set<std::string> keys{"code", "message"};
        for (const auto& [fact, value] : facts.facts) {
            keys.insert(fact);
        }
        BOOST_TEST((variants.at(code) == keys), code);
        const auto& codes = every_rejection_code();
        BOOST_TEST((std::find(codes.begin(), codes.end(), facts.code) != codes.end()), code);
    }
    BOOST_TEST(seen.size() == every_rejection_code().size());
}

BOOST_AUTO_TEST_SUITE_END()
