// The requirements reader on files: -r/-c includes, cycles, missing includes, and files that are
// binary, not UTF-8 or too large, each refused with the file, line and column.
#include "engine/base/diagnostic.hpp"
#include "importers/lock/lockfile_reader.hpp"
#include "importers/lock/requirements_file.hpp"
#include "tests/support/input_errors.hpp"
#include "tests/support/scratch_directory.hpp"
#include "tests/support/test_paths.hpp"

#include <chrono>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::ScratchDirectory;

using torchpin::test::starts_with;

namespace {

const std::filesystem::path fixtures =
    test::source_path("tests/importers/lock/fixtures/requirements");

std::string error_of(const std::filesystem::path& path) {
    return test::input_error_of([&] { read_locked_requirements(path); });
}

} // namespace

BOOST_AUTO_TEST_SUITE(requirements_includes)

BOOST_AUTO_TEST_CASE(includes_resolve_relative_to_the_including_file) {
    const auto read_back = read_locked_requirements(fixtures / "main.txt");
    BOOST_REQUIRE_EQUAL(read_back.packages.size(), 4u);
    const auto& vision = read_back.packages[0];
    BOOST_TEST(vision.name == "torchvision");
    BOOST_TEST(vision.where.file == (fixtures / "nested/gpu.txt").lexically_normal().string());
    BOOST_TEST(vision.where.line == 2u);
    const auto& numpy = read_back.packages[1];
    BOOST_TEST(numpy.where.file == (fixtures / "common.txt").lexically_normal().string());
    BOOST_TEST(!numpy.constraint);
    const auto& audio = read_back.packages[2];
    BOOST_TEST(audio.name == "torchaudio");
    BOOST_TEST(audio.constraint);
    BOOST_TEST(audio.where.line == 2u);
    const auto& torch = read_back.packages[3];
    BOOST_TEST(torch.where.file == (fixtures / "main.txt").string());
    BOOST_TEST(torch.where.line == 4u);
    BOOST_TEST(!torch.constraint);
    BOOST_REQUIRE_EQUAL(read_back.indexes.size(), 1u);
    BOOST_TEST(read_back.indexes[0].url == "https://download.pytorch.org/whl/cu121");
    BOOST_TEST(read_back.indexes[0].where.file ==
               (fixtures / "nested/gpu.txt").lexically_normal().string());
}

BOOST_AUTO_TEST_CASE(an_include_cycle_names_every_file_of_it) {
    const std::string message = error_of(fixtures / "cycle/a.txt");
    // The first file as given; the included ones as the reader joins them (on Windows with '\\').
    const auto included = [](const char* name) {
        return (fixtures / "cycle" / name).lexically_normal().string();
    };
    const std::string given = (fixtures / "cycle/a.txt").string();
    BOOST_TEST(starts_with(message, included("c.txt") + ":2:1: error: include cycle: " + given +
                                        " -> " + included("b.txt") + " -> " + included("c.txt") +
                                        " -> " + included("a.txt")),
               message);
}

BOOST_AUTO_TEST_CASE(a_file_including_itself_is_a_cycle) {
    const ScratchDirectory scratch("self_include");
    const auto path = scratch.write("req.txt", "torch\n-r ./req.txt\n");
    BOOST_TEST(error_of(path).find(":2:1: error: include cycle: ") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_missing_include_is_reported_at_the_including_line) {
    const std::string message = error_of(fixtures / "missing_include.txt");
    BOOST_TEST(starts_with(message, (fixtures / "missing_include.txt").string() +
                                        ":2:3: error: cannot read the included file "
                                        "\"does-not-exist.txt\""),
               message);
    BOOST_TEST(message.find("no such file") != std::string::npos, message);
}

BOOST_AUTO_TEST_CASE(remote_includes_are_noted_not_fetched) {
    const ScratchDirectory scratch("remote_include");
    const auto read_back = read_locked_requirements(
        scratch.write("req.txt", "-r https://example.org/requirements.txt\ntorch\n"));
    BOOST_REQUIRE_EQUAL(read_back.notes.size(), 1u);
    BOOST_TEST(read_back.notes[0].message.find("not read") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_binary_file_is_refused_at_its_first_nul_byte) {
    const ScratchDirectory scratch("binary");
    const auto path = scratch.write("model.bin", std::string("torch\nPK\x03\x04\0\0", 12));
    BOOST_TEST(starts_with(error_of(path), path.string() + ":2:5: error: this is a binary file"));
    // The same in an included file names the included file.
    const auto top = scratch.write("req.txt", "-r model.bin\n");
    BOOST_TEST(starts_with(error_of(top), path.string() + ":2:5: error: this is a binary file"));
}

BOOST_AUTO_TEST_CASE(invalid_utf8_is_refused_with_line_and_column) {
    const ScratchDirectory scratch("latin1");
    const auto path = scratch.write("req.txt", "numpy\n# caf\xe9\ntorch\n");
    BOOST_TEST(
        starts_with(error_of(path), path.string() + ":2:6: error: invalid UTF-8 (byte 0xe9)"));
}

BOOST_AUTO_TEST_CASE(a_100_mb_file_is_refused_without_reading_it) {
    const ScratchDirectory scratch("huge");
    const auto path = scratch.write("requirements.txt", "torch\n");
    std::filesystem::resize_file(path, 100u << 20); // sparse: fast to make, never read
    const auto start = std::chrono::steady_clock::now();
    const std::string message = error_of(path);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    BOOST_TEST(starts_with(message,
                           path.string() + ": error: file too large (100 MB; the limit is 64 MB)"),
               message);
    BOOST_TEST(elapsed < std::chrono::seconds(1));
}

BOOST_AUTO_TEST_SUITE_END()
