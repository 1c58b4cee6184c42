// The uv.lock and pylock.toml readers: packages, sources, files and hashes with their lines,
// and located errors for broken TOML and missing or mistyped keys.
#include "engine/base/diagnostic.hpp"
#include "importers/lock/lockfile_reader.hpp"
#include "importers/lock/pylock.hpp"
#include "importers/lock/uv_lock.hpp"
#include "tests/support/input_errors.hpp"
#include "tests/support/test_paths.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

using torchpin::test::starts_with;

namespace {

LockedRequirements uv_lock(std::string text) {
    return read_uv_lock(TextInput::from_string(std::move(text), "uv.lock"));
}

LockedRequirements pylock(std::string text) {
    return read_pylock(TextInput::from_string(std::move(text), "pylock.toml"));
}

const std::string pylock_header = "lock-version = \"1.0\"\ncreated-by = \"test\"\n";

} // namespace

BOOST_AUTO_TEST_SUITE(uv_lock_reader)

BOOST_AUTO_TEST_CASE(reads_packages_sources_files_and_lines) {
    const auto lock = uv_lock(R"(version = 1
requires-python = ">=3.11"

[[package]]
name = "torch"
version = "2.1.2+cu121"
source = { registry = "https://download.pytorch.org/whl/cu121" }
resolution-markers = [
    "sys_platform == 'linux'",
    "sys_platform == 'win32'",
]
wheels = [
    { url = "https://download.pytorch.org/whl/cu121/torch-2.1.2%2Bcu121-cp311-cp311-linux_x86_64.whl", hash = "sha256:AB12", size = 1 },
    { url = "https://download.pytorch.org/whl/cu121/torch-2.1.2%2Bcu121-cp311-cp311-win_amd64.whl" },
]

[[package]]
name = "Numpy"
version = "1.26.4"
source = { registry = "https://pypi.org/simple" }
sdist = { url = "https://files.pythonhosted.org/numpy-1.26.4.tar.gz", hash = "sha256:cd" }

[[package]]
name = "app"
version = "0.1.0"
source = { editable = "." }

[[package]]
name = "vision"
version = "0.16.2"
source = { git = "https://github.com/pytorch/vision.git?rev=v0.16.2#abc" }
)");
    BOOST_TEST(lock_format_name(lock.format) == "uv.lock");
    BOOST_TEST(lock.requires_python == ">=3.11");
    BOOST_REQUIRE_EQUAL(lock.packages.size(), 4u);
    const LockedPackage& torch = lock.packages[0];
    BOOST_TEST(torch.where.line == 4u);
    BOOST_TEST(torch.pinned->to_string() == "2.1.2+cu121");
    BOOST_TEST(torch.index_url == "https://download.pytorch.org/whl/cu121");
    BOOST_TEST(torch.marker == "(sys_platform == 'linux') or (sys_platform == 'win32')");
    BOOST_REQUIRE_EQUAL(torch.files.size(), 2u);
    BOOST_TEST(torch.files[0].filename == "torch-2.1.2+cu121-cp311-cp311-linux_x86_64.whl");
    BOOST_TEST(torch.files[0].sha256 == std::vector<std::string>{"ab12"});
    BOOST_TEST(torch.files[0].where.line == 13u);
    BOOST_TEST(torch.files[1].sha256.empty());
    BOOST_TEST(lock.packages[1].name == "numpy");
    BOOST_TEST(lock.packages[1].files.at(0).filename == "numpy-1.26.4.tar.gz");
    BOOST_TEST((lock.packages[2].kind == LockedPackage::Kind::Editable));
    BOOST_TEST((lock.packages[3].kind == LockedPackage::Kind::DirectUrl));
    BOOST_REQUIRE_EQUAL(lock.indexes.size(), 2u);
    BOOST_TEST(lock.indexes[0].url == "https://download.pytorch.org/whl/cu121");
    BOOST_TEST(lock.indexes[0].where.line == 7u);
    BOOST_TEST(lock.notes.size() == 1u);
}

BOOST_AUTO_TEST_CASE(errors_name_line_and_column) {
    BOOST_TEST(
        starts_with(torchpin::test::input_error_of([] { uv_lock("version = 1\n[[package]\n"); }),
                    "uv.lock:2:11: error: invalid TOML: Error while parsing table header"));
    BOOST_TEST(starts_with(
        torchpin::test::input_error_of([] { uv_lock("[[package]]\nversion = \"1\"\n"); }),
        "uv.lock:1:1: error: [[package]] has no \"name\""));
    BOOST_TEST(starts_with(torchpin::test::input_error_of(
                               [] { uv_lock("[[package]]\nname = \"x\"\nversion = \"1.x\"\n"); }),
                           "uv.lock:3:11: error: invalid version \"1.x\""));
    BOOST_TEST(
        starts_with(torchpin::test::input_error_of([] { uv_lock("[[package]]\nname = 3\n"); }),
                    "uv.lock:2:8: error: \"name\" must be a string"));
    BOOST_TEST(starts_with(torchpin::test::input_error_of([] {
                               uv_lock("[[package]]\nname = \"x\"\nsource = { weird = \"y\" }\n");
                           }),
                           "uv.lock:3:10: error: unknown package source"));
    BOOST_TEST(starts_with(torchpin::test::input_error_of(
                               [] { uv_lock("[[package]]\nname = \"x\"\nwheels = [1]\n"); }),
                           "uv.lock:3:11: error: each item of \"wheels\" must be a table"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(pylock_reader)

BOOST_AUTO_TEST_CASE(reads_the_example_lockfile) {
    const auto lock = read_locked_requirements(
        test::source_path("tests/importers/lock/fixtures/pylock/pylock.toml"));
    BOOST_TEST(lock_format_name(lock.format) == "pylock");
    BOOST_TEST(lock.requires_python == ">=3.10");
    BOOST_REQUIRE_EQUAL(lock.packages.size(), 6u);
    const LockedPackage& torch = lock.packages[0];
    BOOST_TEST(torch.name == "torch");
    BOOST_TEST(torch.where.line == 7u);
    BOOST_TEST(torch.pinned->to_string() == "2.1.2+cu121");
    BOOST_TEST(torch.marker == "sys_platform == 'linux'");
    BOOST_TEST(torch.index_url == "https://download.pytorch.org/whl/cu121");
    BOOST_REQUIRE_EQUAL(torch.files.size(), 1u);
    BOOST_TEST(torch.files[0].filename == "torch-2.1.2+cu121-cp311-cp311-linux_x86_64.whl");
    BOOST_TEST(torch.files[0].sha256 ==
               std::vector<std::string>{
                   "b2184b7729ef3b9b10065c074a37c1e603fd99f91e38376e25cb7ed6e1d54696"});
    BOOST_TEST(torch.files[0].where.line == 14u);
    BOOST_TEST(lock.packages[1].files.at(0).filename == "numpy-1.26.4.tar.gz");
    BOOST_TEST(lock.packages[2].files.at(0).filename == "attrs-23.2.0-py3-none-any.whl");
    BOOST_TEST(lock.packages[2].files.at(0).where.line == 32u);
    BOOST_TEST((lock.packages[3].kind == LockedPackage::Kind::Editable));
    BOOST_TEST(!lock.packages[3].pinned);
    BOOST_TEST((lock.packages[4].kind == LockedPackage::Kind::DirectUrl));
    BOOST_TEST(lock.packages[4].url == "https://github.com/pytorch/vision.git");
    BOOST_TEST((lock.packages[5].kind == LockedPackage::Kind::LocalPath));
    BOOST_TEST(lock.indexes.size() == 2u);
    BOOST_TEST(lock.notes.size() == 2u);
}

BOOST_AUTO_TEST_CASE(required_keys_and_versions_are_checked) {
    BOOST_TEST(starts_with(
        torchpin::test::input_error_of([] { pylock("created-by = \"x\"\npackages = []\n"); }),
        "pylock.toml:1:1: error: the lockfile has no \"lock-version\""));
    BOOST_TEST(starts_with(
        torchpin::test::input_error_of([] { pylock("lock-version = \"1.0\"\npackages = []\n"); }),
        "pylock.toml:1:1: error: the lockfile has no \"created-by\""));
    BOOST_TEST(starts_with(torchpin::test::input_error_of(
                               [] { pylock("lock-version = \"2.0\"\ncreated-by = \"x\"\n"); }),
                           "pylock.toml:1:16: error: unsupported lock-version \"2.0\""));
    BOOST_TEST(starts_with(torchpin::test::input_error_of([] { pylock(pylock_header); }),
                           "pylock.toml:1:1: error: the lockfile has no \"packages\""));
    BOOST_TEST(starts_with(torchpin::test::input_error_of([] {
                               pylock(pylock_header + "\n[[packages]]\nversion = \"1.0\"\n");
                           }),
                           "pylock.toml:4:1: error: [[packages]] has no \"name\""));
    BOOST_TEST(starts_with(torchpin::test::input_error_of([] {
                               pylock(pylock_header + "[[packages]]\nname = \"x\"\nwheels = {}\n");
                           }),
                           "pylock.toml:5:10: error: \"wheels\" must be an array"));
    BOOST_TEST(starts_with(
        torchpin::test::input_error_of([] { pylock("lock-version = \"1.0\"\ncreated-by = \n"); }),
        "pylock.toml:2:"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(lock_format_detection)

BOOST_AUTO_TEST_CASE(detects_by_name_then_content) {
    BOOST_TEST(lock_format_name(detect_lock_format("x/uv.lock", "")) == "uv.lock");
    BOOST_TEST(lock_format_name(detect_lock_format("pylock.toml", "")) == "pylock");
    BOOST_TEST(lock_format_name(detect_lock_format("pylock.gpu.toml", "")) == "pylock");
    BOOST_TEST(lock_format_name(detect_lock_format("pylock..toml", "torch")) == "requirements");
    BOOST_TEST(lock_format_name(detect_lock_format("deps.lock", "version = 1\n[[package]]\n")) ==
               "uv.lock");
    BOOST_TEST(lock_format_name(detect_lock_format("deps.toml", "lock-version = \"1.0\"\n")) ==
               "pylock");
    BOOST_TEST(lock_format_name(detect_lock_format("requirements.txt", "torch==2.1\n")) ==
               "requirements");
}

BOOST_AUTO_TEST_SUITE_END()
