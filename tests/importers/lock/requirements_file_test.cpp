// The pip requirements reader, one feature per test: lines, comments, continuations, options,
// variables, requirement kinds, pip freeze detection, and located errors.
#include "engine/base/diagnostic.hpp"
#include "importers/lock/lockfile_reader.hpp"
#include "importers/lock/requirements_file.hpp"
#include "tests/support/input_errors.hpp"

#include <map>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

using torchpin::test::starts_with;

namespace {

LockedRequirements read(std::string text, std::map<std::string, std::string> variables = {}) {
    RequirementsReadOptions options;
    options.environment = [variables](const std::string& name) -> std::optional<std::string> {
        const auto found = variables.find(name);
        return found == variables.end() ? std::nullopt : std::optional(found->second);
    };
    return read_requirements_text(TextInput::from_string(std::move(text), "req.txt"), options);
}

std::string error_of(std::string text, std::map<std::string, std::string> variables = {}) {
    return test::input_error_of([&] { read(std::move(text), std::move(variables)); });
}

} // namespace

BOOST_AUTO_TEST_SUITE(requirements_file)

BOOST_AUTO_TEST_CASE(reads_names_specifiers_extras_markers_and_positions) {
    const auto read_back = read("# header\n"
                                "Torch[Opt_Einsum]==2.1.2+cu121 ; python_version < \"3.12\"\n"
                                "  numpy>=1.26,<2\n");
    BOOST_TEST(lock_format_name(read_back.format) == "requirements");
    BOOST_REQUIRE_EQUAL(read_back.packages.size(), 2u);
    const LockedPackage& torch = read_back.packages[0];
    BOOST_TEST(torch.name == "torch");
    BOOST_TEST(torch.extras == std::vector<std::string>{"opt-einsum"});
    BOOST_TEST(torch.specifier == "==2.1.2+cu121");
    BOOST_REQUIRE(torch.pinned);
    BOOST_TEST(torch.pinned->to_string() == "2.1.2+cu121");
    BOOST_TEST(torch.marker == "python_version < \"3.12\"");
    BOOST_TEST(torch.where.file == "req.txt");
    BOOST_TEST(torch.where.line == 2u);
    BOOST_TEST(torch.where.column == 1u);
    const LockedPackage& numpy = read_back.packages[1];
    BOOST_TEST(numpy.specifier == ">=1.26,<2");
    BOOST_TEST(!numpy.pinned);
    BOOST_TEST(numpy.where.line == 3u);
    BOOST_TEST(numpy.where.column == 3u);
}

BOOST_AUTO_TEST_CASE(a_hash_sign_starts_a_comment_only_after_whitespace) {
    const auto read_back = read("   # an indented comment\n"
                                "torch==2.1.2 # pinned for CUDA 12.1\n"
                                "https://download.pytorch.org/whl/cu121/"
                                "torch-2.1.2%2Bcu121-cp311-cp311-linux_x86_64.whl#sha256=ab\n");
    BOOST_REQUIRE_EQUAL(read_back.packages.size(), 2u);
    BOOST_TEST(read_back.packages[0].specifier == "==2.1.2");
    BOOST_TEST(read_back.packages[1].url.ends_with("linux_x86_64.whl#sha256=ab"));
}

BOOST_AUTO_TEST_CASE(continuation_lines_join_and_keep_the_first_line_number) {
    const auto read_back = read("torch==2.1.2 \\\n"
                                "    --hash=sha256:AA \\\n"
                                "    --hash=sha256:bb\n"
                                "# a comment ending in a backslash does not continue \\\n"
                                "numpy\n");
    BOOST_REQUIRE_EQUAL(read_back.packages.size(), 2u);
    BOOST_TEST(read_back.packages[0].where.line == 1u);
    BOOST_TEST(read_back.packages[0].hashes ==
               (std::vector<std::string>{"sha256:aa", "sha256:bb"}));
    BOOST_TEST(read_back.packages[1].name == "numpy");
    BOOST_TEST(read_back.packages[1].where.line == 5u);
}

BOOST_AUTO_TEST_CASE(an_error_in_a_continued_line_points_at_its_physical_line) {
    const std::string message = error_of("numpy\ntorch==2.1.2 \\\n  cuda\n");
    BOOST_TEST(starts_with(message, "req.txt:3:3: error: "), message);
    BOOST_TEST(message.find("\n      cuda\n      ^") != std::string::npos, message);
}

BOOST_AUTO_TEST_CASE(index_options_in_every_spelling_are_recorded_in_order) {
    const auto read_back = read("-i https://pypi.org/simple\n"
                                "--extra-index-url=https://download.pytorch.org/whl/cu121\n"
                                "-f ./wheels\n"
                                "--find-links=https://download.pytorch.org/whl/torch_stable.html\n"
                                "--extra-index https://example.org/abbreviated\n"
                                "-ihttps://example.org/short-glued\n"
                                "--index-url \"https://example.org/quoted path\"\n"
                                "--no-index\n");
    const std::vector<std::pair<IndexReference::Kind, std::string>> expected{
        {IndexReference::Kind::Primary, "https://pypi.org/simple"},
        {IndexReference::Kind::Extra, "https://download.pytorch.org/whl/cu121"},
        {IndexReference::Kind::FindLinks, "./wheels"},
        {IndexReference::Kind::FindLinks, "https://download.pytorch.org/whl/torch_stable.html"},
        {IndexReference::Kind::Extra, "https://example.org/abbreviated"},
        {IndexReference::Kind::Primary, "https://example.org/short-glued"},
        {IndexReference::Kind::Primary, "https://example.org/quoted path"},
    };
    BOOST_REQUIRE_EQUAL(read_back.indexes.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        BOOST_TEST((read_back.indexes[i].kind == expected[i].first));
        BOOST_TEST(read_back.indexes[i].url == expected[i].second);
        BOOST_TEST(read_back.indexes[i].where.line == i + 1);
    }
    BOOST_TEST(read_back.no_index);
}

BOOST_AUTO_TEST_CASE(pips_other_file_options_are_accepted) {
    const auto read_back = read("--pre\n--prefer-binary\n--only-binary :all:\n--no-binary torch\n"
                                "--trusted-host download.pytorch.org\n--use-feature truststore\n"
                                "--require-hashes\ntorch\n");
    BOOST_TEST(read_back.packages.size() == 1u);
    BOOST_TEST(read_back.notes.empty());
}

BOOST_AUTO_TEST_CASE(unknown_ambiguous_and_malformed_options_fail_where_they_are) {
    BOOST_TEST(starts_with(error_of("torch\n  --frobnicate\n"),
                           "req.txt:2:3: error: no such option: --frobnicate"));
    BOOST_TEST(starts_with(error_of("-x foo\n"), "req.txt:1:1: error: no such option: -x"));
    BOOST_TEST(
        starts_with(error_of("--no- x\n"),
                    "req.txt:1:1: error: ambiguous option: --no- (--no-index, --no-binary?)"));
    BOOST_TEST(starts_with(error_of("--index-url\n"),
                           "req.txt:1:1: error: --index-url option requires 1 argument"));
    BOOST_TEST(starts_with(error_of("--pre=yes\n"),
                           "req.txt:1:1: error: --pre option does not take a value"));
    BOOST_TEST(
        starts_with(error_of("-i 'https://x\n"), "req.txt:1:4: error: no closing quotation (')"));
    BOOST_TEST(starts_with(error_of("torch --hash=md5:ab\n"),
                           "req.txt:1:7: error: allowed hash algorithms for --hash"));
    BOOST_TEST(starts_with(error_of("torch --hash=ab\n"),
                           "req.txt:1:7: error: arguments to --hash must be"));
}

BOOST_AUTO_TEST_CASE(what_pip_ignores_is_noted) {
    const auto read_back = read("torch==2.1.2 -i https://download.pytorch.org/whl/cu121\n"
                                "--hash=sha256:ab\n"
                                "--pre stray\n"
                                "numpy --config-settings=k=v --global-option=--x\n");
    BOOST_TEST(read_back.indexes.empty());
    BOOST_REQUIRE_EQUAL(read_back.notes.size(), 3u);
    BOOST_TEST(read_back.notes[0].message == "pip ignores --index-url on a requirement line");
    BOOST_TEST(read_back.notes[0].where.column == 14u);
    BOOST_TEST(read_back.notes[1].message == "pip ignores --hash on a line without a requirement");
    BOOST_TEST(read_back.notes[2].message == "pip ignores \"stray\" here");
}

BOOST_AUTO_TEST_CASE(environment_variables_expand_as_pip_expands_them) {
    const auto read_back = read("--extra-index-url ${INDEX}/whl/${BACKEND}\n"
                                "torch==${TORCH}\n"
                                "-f https://${UNSET}/x ${lower}\n",
                                {{"INDEX", "https://download.pytorch.org"},
                                 {"BACKEND", "cu121"},
                                 {"TORCH", "2.1.2"},
                                 {"lower", "never"}});
    BOOST_TEST(read_back.indexes[0].url == "https://download.pytorch.org/whl/cu121");
    BOOST_TEST(read_back.packages[0].specifier == "==2.1.2");
    BOOST_TEST(read_back.indexes[1].url == "https://${UNSET}/x");
    BOOST_TEST(read_back.notes[0].message == "pip ignores \"${lower}\" here");
    // An error inside expanded text points at the variable.
    BOOST_TEST(starts_with(error_of("torch==${V} x\n", {{"V", "2.1"}}), "req.txt:1:13: error:"));
    BOOST_TEST(starts_with(error_of("torch ${V}\n", {{"V", "cuda"}}), "req.txt:1:7: error:"));
}

BOOST_AUTO_TEST_CASE(a_bare_wheel_url_is_named_and_pinned_by_its_file_name) {
    const auto read_back = read("https://download.pytorch.org/whl/cu121/"
                                "torch-2.1.2%2Bcu121-cp311-cp311-linux_x86_64.whl ; "
                                "sys_platform == \"linux\"\n");
    const LockedPackage& torch = read_back.packages.at(0);
    BOOST_TEST((torch.kind == LockedPackage::Kind::DirectUrl));
    BOOST_TEST(torch.name == "torch");
    BOOST_TEST(torch.pinned->to_string() == "2.1.2+cu121");
    BOOST_TEST(torch.marker == "sys_platform == \"linux\"");
    BOOST_TEST(torch.url.ends_with("%2Bcu121-cp311-cp311-linux_x86_64.whl"));
    BOOST_TEST(starts_with(error_of("https://x/whl/not-a-wheel.whl\n"), "req.txt:1:15: error: "
                                                                        "invalid wheel file name"));
}

BOOST_AUTO_TEST_CASE(direct_references_by_name_and_vcs_urls_are_direct_urls) {
    const auto read_back =
        read("torch @ https://download.pytorch.org/whl/cpu/torch-2.3.0%2Bcpu-cp311-cp311-"
             "linux_x86_64.whl\n"
             "git+https://github.com/pytorch/vision.git@v0.18.0#egg=torchvision\n"
             "https://example.org/archive.tar.gz\n");
    BOOST_REQUIRE_EQUAL(read_back.packages.size(), 3u);
    BOOST_TEST((read_back.packages[0].kind == LockedPackage::Kind::DirectUrl));
    BOOST_TEST(read_back.packages[0].name == "torch");
    BOOST_TEST(read_back.packages[0].pinned->to_string() == "2.3.0+cpu");
    BOOST_TEST(read_back.packages[1].name == "torchvision");
    BOOST_TEST(read_back.packages[2].name == "");
    BOOST_TEST(read_back.notes.size() == 1u); // the archive names no project
}

BOOST_AUTO_TEST_CASE(editables_and_local_paths_are_recorded_and_noted) {
    const auto read_back = read("-e .\n"
                                "--editable git+https://github.com/a/b.git#egg=b-pkg\n"
                                "./pkg[cuda, extra2]\n"
                                "/wheels/torch-2.1.0-cp311-cp311-linux_x86_64.whl\n"
                                "file:///wheels/numpy-1.26.4-cp311-cp311-linux_x86_64.whl\n"
                                "scipy @ file:///wheels/scipy-1.13.0-cp311-cp311-linux_x86_64.whl\n"
                                "vendored-1.0.tar.gz\n");
    using Kind = LockedPackage::Kind;
    const std::vector<Kind> kinds{Kind::Editable,  Kind::Editable,  Kind::LocalPath,
                                  Kind::LocalPath, Kind::LocalPath, Kind::LocalPath,
                                  Kind::LocalPath};
    BOOST_REQUIRE_EQUAL(read_back.packages.size(), kinds.size());
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        BOOST_TEST((read_back.packages[i].kind == kinds[i]), "line " << i + 1);
    }
    BOOST_TEST(read_back.packages[1].name == "b-pkg");
    BOOST_TEST(read_back.packages[2].extras == (std::vector<std::string>{"cuda", "extra2"}));
    BOOST_TEST(read_back.packages[3].name == "torch");
    BOOST_TEST(read_back.packages[3].pinned->to_string() == "2.1.0");
    BOOST_TEST(read_back.packages[5].name == "scipy");
    BOOST_TEST(read_back.notes.size() == kinds.size());
    BOOST_TEST(starts_with(error_of("-e https://example.org/x.zip\n"),
                           "req.txt:1:1: error: \"https://example.org/x.zip\" is not a valid "
                           "editable requirement"));
}

BOOST_AUTO_TEST_CASE(pip_freeze_output_is_told_apart) {
    const auto freeze = read("absl-py==2.1.0\n"
                             "# Editable install with no version control (mypkg==0.1)\n"
                             "-e /home/u/mypkg\n"
                             "numpy @ file:///tmp/numpy-1.26.0-cp311-cp311-linux_x86_64.whl\n"
                             "torch==2.1.2+cu121\n");
    BOOST_TEST(lock_format_name(freeze.format) == "pip-freeze");
    BOOST_TEST(freeze.packages.size() == 4u);
    BOOST_TEST(lock_format_name(read("-i https://pypi.org/simple\ntorch==2.1.2\n").format) ==
               "requirements");
    BOOST_TEST(lock_format_name(read("torch>=2.1\n").format) == "requirements");
    BOOST_TEST(lock_format_name(read("torch==2.1.2\n    # via -r requirements.in\n").format) ==
               "requirements");
    BOOST_TEST(lock_format_name(read("# nothing\n").format) == "requirements");
}

BOOST_AUTO_TEST_CASE(uv_index_annotations_give_the_package_its_index) {
    const auto read_back = read("torch==2.5.1+cu124\n"
                                "    # via\n"
                                "    #   torchaudio\n"
                                "    # from https://download.pytorch.org/whl/cu124\n"
                                "numpy==2.2.2\n"
                                "    # from https://pypi.org/simple\n"
                                "--pre\n"
                                "    # from https://not-for-a-package.example\n");
    BOOST_TEST(read_back.packages[0].index_url == "https://download.pytorch.org/whl/cu124");
    BOOST_TEST(read_back.packages[1].index_url == "https://pypi.org/simple");
}

BOOST_AUTO_TEST_CASE(invalid_requirements_name_the_byte_and_hint_at_double_equals) {
    const std::string message = error_of("numpy\ntorch=2.1\n");
    BOOST_TEST(starts_with(message, "req.txt:2:6: error: "), message);
    BOOST_TEST(message.find("did you mean ==?") != std::string::npos, message);
    BOOST_TEST(starts_with(error_of("torch; python_version <<< '3'\n"), "req.txt:1:"));
}

BOOST_AUTO_TEST_SUITE_END()
