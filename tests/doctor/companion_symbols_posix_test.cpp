// Doctor's check that the torch symbols a companion's extension module imports are exported by the
// installed torch/lib, on real ELF files (tests/fixtures/elf_libraries.cmake): torch-scatter's
// _scatter_cuda.so imports c10::Error's two-argument constructor, which one fake libc10.so exports
// and the other, like a torch whose c10 changed it, does not.
#include "doctor/companion_symbols.hpp"
#include "doctor/doctor.hpp"
#include "tests/doctor/doctor_fixtures.hpp"
#include "tests/support/scratch_directory.hpp"

#include <fstream>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::all_findings;
using torchpin::test::find_finding;
using torchpin::test::place;
using torchpin::test::ScratchDirectory;
using torchpin::test::write_dist_info;

namespace {

const std::filesystem::path fixtures = TORCHPIN_ELF_FIXTURES;
const std::string missing_mangled = "_ZN3c105ErrorC1ENS_14SourceLocationEPKc";

// torch 2.8.0+cu128 with the libc10.so of `libc10` ("with" or "without" the constructor) in
// torch/lib, and torch-scatter `scatter` (2.1.2+pt28cu128 fits by its label) whose RECORD lists
// its extension module and any `own` libraries placed beside it.
struct Environment {
    ScratchDirectory scratch{"torchpin-doctor-companion-symbols"};
    std::filesystem::path site = scratch.path() / "lib" / "python3.12" / "site-packages";
    std::filesystem::path extension = site / "torch_scatter" / "_scatter_cuda.so";
    std::filesystem::path record_file;

    explicit Environment(const std::string& libc10, const std::vector<std::string>& own = {},
                         const std::string& scatter = "2.1.2+pt28cu128") {
        const std::string tag = "cp312-cp312-manylinux_2_28_x86_64";
        write_dist_info(site, "torch", "2.8.0+cu128", tag);
        if (!libc10.empty()) {
            place(fixtures / "torch_symbols" / libc10 / "libc10.so", site / "torch" / "lib");
        }
        write_dist_info(site, "torch-scatter", scatter, tag);
        record_file = site / ("torch-scatter-" + scatter + ".dist-info") / "RECORD";
        place(fixtures / "torch_symbols/extension.so", extension.parent_path(),
              extension.filename().string());
        std::ofstream record(record_file, std::ios::binary);
        record << "torch_scatter/__init__.py,,\ntorch_scatter/_scatter_cuda.so,,\n";
        for (const std::string& library : own) {
            place(fixtures / "torch_symbols" / library / "libc10.so", extension.parent_path(),
                  "libown_" + library + ".so");
            record << "torch_scatter/libown_" << library << ".so,,\n";
        }
        record << "torch-scatter-" << scatter << ".dist-info/RECORD,,\n";
    }

    DoctorReport doctor() const {
        DoctorRequest request;
        request.environment = environment_of_site_packages(site);
        request.matrix = &torchpin::test::dataset_matrix();
        return run_doctor(request);
    }
};

// "fits: <evidence>" for the package's companion line.
std::string verdict_of(const DoctorReport& report, const std::string& package) {
    for (const InstalledCompanion& companion : report.companions) {
        if (companion.name == package) {
            return std::string(name(companion.verdict)) + ": " + companion.evidence;
        }
    }
    return "not in the report";
}

bool has_detail(const DoctorFinding& finding, const std::string& detail) {
    return std::ranges::find(finding.details, detail) != finding.details.end();
}

} // namespace

BOOST_AUTO_TEST_SUITE(companion_symbols)

BOOST_AUTO_TEST_CASE(torch_names_are_c10_at_and_torch_functions) {
    BOOST_TEST(is_torch_symbol(missing_mangled));
    BOOST_TEST(is_torch_symbol("_ZNK3c105Error4codeEv"));
    BOOST_TEST(is_torch_symbol("_ZN2at4_ops15sum_IntList_out4callE"));
    BOOST_TEST(is_torch_symbol("_ZN5torch3jit17parseSchemaOrNameERKSs"));
    BOOST_TEST(!is_torch_symbol("_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEED1Ev"));
    BOOST_TEST(is_torch_symbol("_ZTIN3c105ErrorE")); // typeinfo for c10::Error
    BOOST_TEST(is_torch_symbol("_ZTVN2at6TensorE"));
    BOOST_TEST(!is_torch_symbol("_ZTISt9exception"));
    BOOST_TEST(!is_torch_symbol("_ZN3c1")); // cut short: no namespace c10
    BOOST_TEST(!is_torch_symbol("torchpin_not_from_torch"));
    BOOST_TEST(demangled(missing_mangled) == "c10::Error::Error(c10::SourceLocation, char const*)");
    BOOST_TEST(demangled("torchpin_not_from_torch") == "torchpin_not_from_torch");
}

BOOST_AUTO_TEST_CASE(an_extension_whose_torch_symbols_torch_exports_is_no_finding) {
    const Environment env("with");
    const DoctorReport report = env.doctor();
    BOOST_TEST(report.findings.empty(), all_findings(report));
    BOOST_TEST(verdict_of(report, "torch-scatter") == "fits: its local label +pt28cu128");
}

BOOST_AUTO_TEST_CASE(a_torch_symbol_torch_lib_lacks_is_named_with_python_s_error_and_the_fix) {
    const Environment env("without");
    const DoctorReport report = env.doctor();
    BOOST_TEST(test::finding_ids(report) ==
                   std::vector<std::string>{"companion-missing-torch-symbol"},
               all_findings(report));
    const DoctorFinding* found = find_finding(report, "companion-missing-torch-symbol");
    BOOST_REQUIRE_MESSAGE(found, all_findings(report));
    BOOST_TEST(found->subject == "torch_scatter/_scatter_cuda.so");
    BOOST_TEST(found->message ==
               "torch_scatter/_scatter_cuda.so (torch-scatter 2.1.2+pt28cu128) imports 1 torch "
               "symbol that the installed torch 2.8.0+cu128 does not export: "
               "c10::Error::Error(c10::SourceLocation, char const*)");
    // c10::Error::code, which both libc10s export, and the C function are not named.
    BOOST_TEST(has_detail(*found, "missing: c10::Error::Error(c10::SourceLocation, char const*) (" +
                                      missing_mangled + ")"),
               all_findings(report));
    BOOST_TEST(has_detail(*found, "looked up in: every library of torch/lib"));
    BOOST_TEST(has_detail(*found, "Python would say: ImportError: " + env.extension.string() +
                                      ": undefined symbol: " + missing_mangled));
    // The installed release is the fitting one: pip would keep it unless told to reinstall.
    BOOST_TEST(found->fix.starts_with("the installed release is the one the matrix knows to fit "
                                      "torch 2.8.0+cu128, so this file was built another way"),
               found->fix);
    BOOST_TEST(found->fix.find(": pip install --force-reinstall --no-deps "
                               "'torch-scatter==2.1.2+pt28cu128' -f ") != std::string::npos,
               found->fix);
    BOOST_TEST(verdict_of(report, "torch-scatter") ==
               "misfit: its local label +pt28cu128; torch_scatter/_scatter_cuda.so imports torch "
               "symbols torch/lib does not export");
}

BOOST_AUTO_TEST_CASE(a_release_for_another_torch_gets_both_findings_and_the_fitting_release) {
    const Environment env("without", {}, "2.1.2+pt27cu128");
    const DoctorReport report = env.doctor();
    BOOST_TEST(test::finding_ids(report) ==
                   (std::vector<std::string>{"installed-companion-other-torch",
                                             "companion-missing-torch-symbol"}),
               all_findings(report));
    const DoctorFinding* found = find_finding(report, "companion-missing-torch-symbol");
    BOOST_REQUIRE_MESSAGE(found, all_findings(report));
    BOOST_TEST(found->fix.starts_with("pip install 'torch-scatter==2.1.2+pt28cu128' -f "),
               found->fix);
}

BOOST_AUTO_TEST_CASE(a_torch_symbol_the_companion_exports_itself_is_not_looked_for_in_torch) {
    const Environment env("without", {"with"});
    const DoctorReport report = env.doctor();
    BOOST_TEST(report.findings.empty(), all_findings(report));
}

BOOST_AUTO_TEST_CASE(without_torch_libraries_nothing_is_judged) {
    const Environment env("");
    const DoctorReport report = env.doctor();
    BOOST_TEST(!find_finding(report, "companion-missing-torch-symbol"), all_findings(report));
}

BOOST_AUTO_TEST_CASE(the_check_reads_only_the_extensions_record_lists) {
    const Environment env("without");
    std::ofstream(env.site / "torch-scatter-2.1.2+pt28cu128.dist-info" / "RECORD", std::ios::binary)
        << "torch_scatter/__init__.py,,\n";
    const DoctorReport report = env.doctor();
    BOOST_TEST(!find_finding(report, "companion-missing-torch-symbol"), all_findings(report));
}

BOOST_AUTO_TEST_SUITE_END()
