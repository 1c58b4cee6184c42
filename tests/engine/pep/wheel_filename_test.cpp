// WheelFilename on every real wheel name of the fixtures; decompositions, build tags, errors.
#include "engine/hardware/backend.hpp"
#include "engine/pep/wheel_filename.hpp"
#include "tests/support/test_paths.hpp"

#include <map>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

using torchpin::Backend;
using torchpin::BuildTag;
using torchpin::WheelFilename;
namespace test = torchpin::test;

namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    return -1;
}

// "torch-1.8.0%2Bcu111-…whl" -> "torch-1.8.0+cu111-…whl" (percent escapes only, as in a path).
std::string url_decode_path_segment(std::string_view segment) {
    std::string out;
    for (std::size_t i = 0; i < segment.size(); ++i) {
        if (segment[i] == '%' && i + 2 < segment.size() && hex_value(segment[i + 1]) >= 0 &&
            hex_value(segment[i + 2]) >= 0) {
            out += static_cast<char>(hex_value(segment[i + 1]) * 16 + hex_value(segment[i + 2]));
            i += 2;
        } else {
            out += segment[i];
        }
    }
    return out;
}

// Every value of `"key": "…"` in a fixture file, found by plain string search.
std::vector<std::string> json_string_values(const std::string& text, const std::string& key) {
    std::vector<std::string> values;
    const std::string marker = "\"" + key + "\": \"";
    for (std::size_t at = 0; (at = text.find(marker, at)) != std::string::npos;) {
        at += marker.size();
        values.push_back(text.substr(at, text.find('"', at) - at));
    }
    return values;
}

// The hrefs of a find-links page such as torch_stable.html.
std::vector<std::string> hrefs(const std::string& page) {
    std::vector<std::string> out;
    for (std::size_t at = 0; (at = page.find("href=\"", at)) != std::string::npos;) {
        at += 6;
        out.push_back(page.substr(at, page.find('"', at) - at));
    }
    return out;
}

std::string fixture(const std::string& name) {
    return test::read_file(test::source_path("tests/data/wheels/" + name));
}

std::vector<std::string> tag_strings(const WheelFilename& wheel) {
    std::vector<std::string> out;
    for (const auto& tag : wheel.tags()) {
        out.push_back(tag.to_string());
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(wheel_filename)

BOOST_AUTO_TEST_CASE(every_wheel_of_torch_stable_html_parses) {
    const auto links = hrefs(test::read_file(test::source_path("data/index/torch_stable.html")));
    BOOST_REQUIRE_EQUAL(links.size(), 1499u);
    std::map<std::pair<std::string, std::string>, int> per_backend_and_package;
    std::size_t with_local_label = 0;
    for (const auto& href : links) {
        const auto slash = href.rfind('/');
        const std::string file_name = url_decode_path_segment(
            slash == std::string::npos ? href : std::string_view(href).substr(slash + 1));
        const auto wheel = WheelFilename::parse(file_name);
        BOOST_REQUIRE_MESSAGE(wheel.has_value(), file_name);
        BOOST_TEST(wheel->to_string() == file_name);
        std::string backend = "(top level)";
        if (slash != std::string::npos) {
            backend = Backend::parse_index_url(href)->to_string();
            // A wheel in a variant directory carries that variant's label, or none at all.
            const std::string label = wheel->version().local_label();
            BOOST_TEST((label.empty() || label == backend), file_name);
            with_local_label += label.empty() ? 0 : 1;
        }
        ++per_backend_and_package[{backend, wheel->name().normalized()}];
    }
    BOOST_TEST(with_local_label == 540u);

    const std::map<std::pair<std::string, std::string>, int> expected{
        {{"(top level)", "torch"}, 66},
        {{"(top level)", "torchaudio"}, 116},
        {{"(top level)", "torchvision"}, 52},
        {{"cpu", "torch"}, 201},
        {{"cpu", "torchvision"}, 92},
        {{"cu75", "torch"}, 62},
        {{"cu80", "torch"}, 98},
        {{"cu90", "torch"}, 64},
        {{"cu90", "torchvision"}, 8},
        {{"cu91", "torch"}, 10},
        {{"cu92", "torch"}, 71},
        {{"cu92", "torchvision"}, 63},
        {{"cu100", "torch"}, 53},
        {{"cu100", "torchvision"}, 32},
        {{"cu101", "torch"}, 70},
        {{"cu101", "torchvision"}, 76},
        {{"cu102", "torch"}, 44},
        {{"cu102", "torchvision"}, 50},
        {{"cu110", "torch"}, 14},
        {{"cu110", "torchvision"}, 20},
        {{"cu111", "torch"}, 8},
        {{"cu111", "torchvision"}, 8},
        {{"rocm3.7", "torch"}, 4},
        {{"rocm3.8", "torch"}, 4},
        {{"rocm3.10", "torch"}, 4},
        {{"rocm4.0.1", "torch"}, 4},
    };
    std::map<std::pair<std::string, std::string>, int> torch_family;
    int others = 0;
    for (const auto& [key, count] : per_backend_and_package) {
        if (key.second == "torch" || key.second == "torchvision" || key.second == "torchaudio") {
            torch_family[key] = count;
        } else {
            others += count;
        }
    }
    BOOST_TEST(torch_family == expected);
    // torchtext 55, torchcsprng 134, torch-nightly 8, torch-cuda80 4, torchserve 2,
    // torch-model-archiver 2.
    BOOST_TEST(others == 205);
}

BOOST_AUTO_TEST_CASE(every_wheel_of_the_lockfile_fixtures_parses) {
    struct Fixture {
        std::string file;
        std::size_t wheels;
        std::map<std::string, int> per_label; // local label of the version, "" for none
    };
    const std::vector<Fixture> fixtures{
        {"invokeai_uvlock_pytorch_index_wheels.json",
         39,
         {{"cpu", 11}, {"cu128", 10}, {"rocm7.1", 4}, {"xpu", 8}, {"", 6}}},
        {"nixpkgs_torch_wheels.json",
         56,
         {{"cpu", 5}, {"cu128", 5}, {"cu121", 10}, {"cu116", 4}, {"", 32}}},
    };
    for (const auto& f : fixtures) {
        BOOST_TEST_CONTEXT(f.file) {
            const std::string text = fixture(f.file);
            const auto names = json_string_values(text, "wheel_filename");
            const auto urls = json_string_values(text, "url");
            BOOST_REQUIRE_EQUAL(names.size(), f.wheels);
            BOOST_REQUIRE_EQUAL(urls.size(), f.wheels);
            std::map<std::string, int> per_label;
            for (std::size_t i = 0; i < names.size(); ++i) {
                const auto wheel = WheelFilename::parse(names[i]);
                BOOST_REQUIRE_MESSAGE(wheel.has_value(), names[i]);
                BOOST_TEST(wheel->to_string() == names[i]);
                // The URL's last segment is the same name with '+' written %2B.
                const std::string from_url = url_decode_path_segment(
                    std::string_view(urls[i]).substr(urls[i].rfind('/') + 1));
                BOOST_TEST((WheelFilename::from(from_url) == *wheel), from_url);
                ++per_label[wheel->version().local_label()];
            }
            BOOST_TEST(per_label == f.per_label);
        }
    }
}

BOOST_AUTO_TEST_CASE(exact_decompositions) {
    struct Case {
        std::string file_name;
        std::string name;
        std::string version;
        std::string build;
        std::vector<std::string> tags;
    };
    const std::vector<Case> cases{
        {"torch-1.8.0+rocm4.0.1-cp36-cp36m-linux_x86_64.whl",
         "torch",
         "1.8.0+rocm4.0.1",
         "",
         {"cp36-cp36m-linux_x86_64"}},
        {"torch-2.7.1-cp313-none-macosx_11_0_arm64.whl",
         "torch",
         "2.7.1",
         "",
         {"cp313-none-macosx_11_0_arm64"}},
        {"torchvision-0.2.0-py2.py3-none-any.whl",
         "torchvision",
         "0.2.0",
         "",
         {"py2-none-any", "py3-none-any"}},
        {"torch_cuda80-0.1.6.post17-cp27-cp27mu-linux_x86_64.whl",
         "torch-cuda80",
         "0.1.6.post17",
         "",
         {"cp27-cp27mu-linux_x86_64"}},
        {"triton_xpu-3.7.2-cp311-cp311-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl",
         "triton-xpu",
         "3.7.2",
         "",
         {"cp311-cp311-manylinux_2_27_x86_64", "cp311-cp311-manylinux_2_28_x86_64"}},
        {"torchtext-0.9.0.dev20210222-cp39-none-win_amd64.whl",
         "torchtext",
         "0.9.0.dev20210222",
         "",
         {"cp39-none-win_amd64"}},
        {"Pillow-10.0.0-1b-CP311-cp311-Win_AMD64.whl",
         "pillow",
         "10.0.0",
         "1b",
         {"cp311-cp311-win_amd64"}},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.file_name) {
            const auto wheel = WheelFilename::parse(c.file_name);
            BOOST_REQUIRE(wheel.has_value());
            BOOST_TEST(wheel->name().normalized() == c.name);
            BOOST_TEST(wheel->version().to_string() == c.version);
            BOOST_TEST((wheel->build_tag() ? wheel->build_tag()->to_string() : "") == c.build);
            BOOST_TEST(tag_strings(*wheel) == c.tags, boost::test_tools::per_element());
            BOOST_TEST(wheel->to_string() == c.file_name);
        }
    }
}

BOOST_AUTO_TEST_CASE(equality_ignores_spelling_like_packaging) {
    BOOST_TEST((WheelFilename::from("Torch-2.1-py3.py2-NONE-any.whl") ==
                WheelFilename::from("torch-2.1.0-py2.py3-none-any.whl")));
    BOOST_TEST((WheelFilename::from("torch-2.1-1-py3-none-any.whl") !=
                WheelFilename::from("torch-2.1-py3-none-any.whl")));
    BOOST_TEST((WheelFilename::from("torch-2.1+cpu-py3-none-any.whl") !=
                WheelFilename::from("torch-2.1-py3-none-any.whl")));
}

BOOST_AUTO_TEST_CASE(build_tags_sort_as_number_then_rest) {
    std::vector<BuildTag> ascending;
    for (const char* name :
         {"a-1-1-py3-none-any.whl", "a-1-1b-py3-none-any.whl", "a-1-2-py3-none-any.whl",
          "a-1-10-py3-none-any.whl", "a-1-10_x-py3-none-any.whl"}) {
        ascending.push_back(*WheelFilename::from(name).build_tag());
    }
    for (std::size_t i = 0; i + 1 < ascending.size(); ++i) {
        BOOST_TEST((ascending[i] < ascending[i + 1]), ascending[i].to_string());
    }
    const auto padded = WheelFilename::from("a-1-007-py3-none-any.whl");
    BOOST_TEST(padded.build_tag()->number == 7u);
    BOOST_TEST(padded.to_string() == "a-1-007-py3-none-any.whl"); // printed as written
}

// PEP 825: a label after the platform tag; a third part that starts with a digit is a build tag.
BOOST_AUTO_TEST_CASE(variant_labels_are_read_and_kept) {
    const auto numpy =
        WheelFilename::from("numpy-2.3.2-cp313-cp313t-musllinux_1_2_x86_64-x86_64_v3.whl");
    BOOST_TEST(numpy.variant_label().value_or("none") == "x86_64_v3");
    BOOST_TEST(!numpy.build_tag().has_value());
    BOOST_TEST(numpy.tag_set().platforms().front() == "musllinux_1_2_x86_64");
    const auto both = WheelFilename::from("torch-2.9.0-1-cp312-cp312-linux_x86_64-cu128.whl");
    BOOST_TEST(both.build_tag().has_value());
    BOOST_TEST(both.variant_label().value_or("none") == "cu128");
    BOOST_TEST(both.tag_set().interpreters().front() == "cp312");
    const auto plain = WheelFilename::from("torch-2.9.0-1-cp312-cp312-linux_x86_64.whl");
    BOOST_TEST(!plain.variant_label().has_value());
    BOOST_TEST(plain.build_tag().has_value());
    BOOST_TEST(!(both == plain));
}

BOOST_AUTO_TEST_CASE(malformed_names_report_the_offending_byte) {
    struct Case {
        std::string file_name;
        std::size_t position;
        std::string fragment;
    };
    const std::vector<Case> cases{
        {"torch-2.1.0.tar.gz", 18, "ends in .whl"},
        {"torch-2.1.0-cp311-cp311-linux_x86_64.WHL", 40, "ends in .whl"},
        {"torch-2.1.0-py3-none.whl", 20, "only 4"},
        {"torch-2.1.0-1-py3-none-any-v1-x.whl", 29, "too many"},
        {"torch-2.1.0-1-2-py3-none-any.whl", 14, "starts with a letter"},
        {"torch-2.x-py3-none-any.whl", 7, "unexpected '.'"},
        {"torch--py3-none-any.whl", 6, "found nothing"},
        {"torch-2.1-x1-py3-none-any-cu128.whl", 10, "start with a digit"},
        {"torch-2.1-py3-none-any-CU128.whl", 23, "invalid variant label: 'C'"},
        {"torch-2.1-py3-none-any-cu+128.whl", 25, "invalid variant label: '+'"},
        {"torch-2.1-1+x-py3-none-any.whl", 11, "unexpected '+'"},
        {"torch-2.1-99999999999999999999-py3-none-any.whl", 10, "too large"},
        {"torch__x-2.1-py3-none-any.whl", 5, "single '_'"},
        {"-2.1-py3-none-any.whl", 0, "empty"},
        {"_torch-2.1-py3-none-any.whl", 0, "invalid package name"},
        {"torch-2.1-3py-none-any.whl", 10, "starts with a letter"},
        {"torch-2.1-py3-none-any.linux+x86.whl", 28, "unexpected '+'"},
        {"torch-2.1-py3-none-.whl", 19, "empty platform"},
        {".whl", 0, "only 1"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT("input '" << c.file_name << "'") {
            const auto wheel = WheelFilename::parse(c.file_name);
            BOOST_REQUIRE(!wheel.has_value());
            BOOST_TEST(wheel.error().position == c.position);
            BOOST_TEST(wheel.error().message.find(c.fragment) != std::string::npos,
                       wheel.error().message);
            BOOST_TEST(wheel.error().input == c.file_name);
        }
    }
    BOOST_CHECK_THROW(WheelFilename::from("torch.whl"), torchpin::ParseFailure);
}

BOOST_AUTO_TEST_SUITE_END()
