// The conda export reader: the line shape, detection that never takes a requirements file for an
// export, and what each kind of line becomes.
#include "importers/lock/conda_export.hpp"
#include "importers/lock/lockfile_reader.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

const std::string header = "# This file may be used to create an environment using:\n"
                           "# $ conda create --name <env> --file <this file>\n"
                           "# platform: linux-64\n";

LockedRequirements read(std::string text) {
    return read_conda_export(TextInput::from_string(std::move(text), "requirements.txt"));
}

bool has_conda_shape(std::string_view line) {
    return parse_conda_export_line(line).has_value();
}

} // namespace

BOOST_AUTO_TEST_SUITE(conda_export)

BOOST_AUTO_TEST_CASE(a_line_has_three_fields_split_by_single_equals) {
    const auto entry = parse_conda_export_line("  torch=2.0.1+cu117=pypi_0 ");
    BOOST_REQUIRE(entry.has_value());
    BOOST_TEST(entry->name == "torch");
    BOOST_TEST(entry->version == "2.0.1+cu117");
    BOOST_TEST(entry->build == "pypi_0");
    BOOST_TEST(has_conda_shape("numpy=1.24.3=py310h5f9d8c6_1"));
    BOOST_TEST(has_conda_shape("_libgcc_mutex=0.1=main"));
    BOOST_TEST(has_conda_shape("pytorch=2.0.1=py3.10_cuda11.8_cudnn8.7.0_0"));
}

BOOST_AUTO_TEST_CASE(pip_lines_and_other_conda_specs_do_not_have_the_shape) {
    BOOST_TEST(!has_conda_shape("foo==1.0"));
    BOOST_TEST(!has_conda_shape("foo===1.0"));
    BOOST_TEST(!has_conda_shape("python=3.10"));
    BOOST_TEST(!has_conda_shape("a=1=b=c"));
    BOOST_TEST(!has_conda_shape("torch==2.0.1=pypi_0"));
    BOOST_TEST(!has_conda_shape("--config-settings=key=value"));
    BOOST_TEST(!has_conda_shape("pkg @ https://example.org/x?a=b=c"));
    BOOST_TEST(!has_conda_shape("torch=2.0.1=pypi_0 ; python_version<'3.12'"));
    BOOST_TEST(!has_conda_shape("${NAME}=1=x"));
}

BOOST_AUTO_TEST_CASE(detected_by_the_platform_header_or_a_first_conda_line) {
    BOOST_TEST(is_conda_export(header + "numpy=1.24.3=pypi_0\n"));
    BOOST_TEST(is_conda_export("torch=2.0.1=pypi_0\nnumpy==1.24.3\n"));
    BOOST_TEST(is_conda_export(header + "numpy==1.24.3\r\ntorch=2.0.1=pypi_0\r\n"));
}

// Files people copied the conda header into but filled with pip lines are requirements files,
// and a conda-shaped line after pip lines is a broken requirements file, not an export.
BOOST_AUTO_TEST_CASE(requirements_files_are_never_taken_for_exports) {
    BOOST_TEST(!is_conda_export(header + "numpy==1.19.5\ntorch==1.9.0+cu111\n"));
    BOOST_TEST(!is_conda_export(header + "python=3.6.6\npytorch=1.0.1\n"));
    BOOST_TEST(!is_conda_export("numpy==1.24.3\ntorch=2.0.1=pypi_0\n"));
    BOOST_TEST(!is_conda_export("--index-url https://download.pytorch.org/whl/cu121\n"
                                "torch==2.1.2+cu121\n"));
    BOOST_TEST(lock_format_name(detect_lock_format("requirements.txt",
                                                   header + "numpy==1.19.5\n")) == "requirements");
    BOOST_TEST(lock_format_name(detect_lock_format(
                   "requirements.txt", header + "numpy=1.24.3=pypi_0\n")) == "conda-export");
    BOOST_TEST(lock_format_name(LockFormat::CondaExport) == "conda-export");
}

BOOST_AUTO_TEST_CASE(pip_installed_lines_are_pins_with_their_place) {
    const auto lock = read(header + "_libgcc_mutex=0.1=main\n"
                                    "  torch=2.0.1+cu117=pypi_0\n"
                                    "Typing_Extensions=4.7.1=pypi_0\n");
    BOOST_TEST(lock_format_name(lock.format) == "conda-export");
    BOOST_REQUIRE_EQUAL(lock.packages.size(), 2u);
    const LockedPackage& torch = lock.packages[0];
    BOOST_TEST(torch.name == "torch");
    BOOST_TEST(torch.specifier == "==2.0.1+cu117");
    BOOST_TEST(torch.pinned->to_string() == "2.0.1+cu117");
    BOOST_TEST((torch.where == SourceLocation{"requirements.txt", 5, 3}));
    BOOST_TEST(lock.packages[1].name == "typing-extensions");
    BOOST_REQUIRE(lock.pip_stops_at.has_value());
    BOOST_TEST((*lock.pip_stops_at == SourceLocation{"requirements.txt", 4, 1}));
    BOOST_TEST(lock.notes.empty());
    BOOST_TEST(lock.indexes.empty());
}

BOOST_AUTO_TEST_CASE(conda_channel_torch_builds_are_notes_not_pins) {
    const auto lock = read(header + "numpy=1.24.3=py310h5f9d8c6_1\n"
                                    "pytorch=2.0.1=py3.10_cuda11.8_cudnn8.7.0_0\n"
                                    "torchvision=0.15.2=py310_cu118\n");
    BOOST_TEST(lock.packages.empty());
    BOOST_REQUIRE_EQUAL(lock.notes.size(), 2u);
    BOOST_TEST(lock.notes[0].message == "pytorch 2.0.1 (build py3.10_cuda11.8_cudnn8.7.0_0) comes "
                                        "from a conda channel, not from a pip index: not checked");
    BOOST_TEST(lock.notes[0].where.line == 5u);
    BOOST_TEST(lock.notes[1].where.line == 6u);
    BOOST_TEST(lock.pip_stops_at->line == 4u);
}

BOOST_AUTO_TEST_CASE(lines_of_other_shapes_and_bad_versions_are_notes) {
    const auto lock = read(header + "torch=2.0.1=pypi_0\n"
                                    "python=3.10\n"
                                    "oddity=not.a.version!=pypi_0\n");
    BOOST_REQUIRE_EQUAL(lock.packages.size(), 1u);
    BOOST_REQUIRE_EQUAL(lock.notes.size(), 2u);
    BOOST_TEST(lock.notes[0].message ==
               "python=3.10 is not a conda export line (name=version=build): not read");
    BOOST_TEST(lock.notes[0].where.line == 5u);
    BOOST_TEST(lock.notes[1].where.line == 6u);
}

BOOST_AUTO_TEST_SUITE_END()
