// import_page_files: pages handed over in order on any number of threads, the first error thrown.
#include "importers/index/page_files.hpp"
#include "tests/support/pytorch_index.hpp"

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include <boost/test/unit_test.hpp>

using torchpin::InputError;
using torchpin::PageFile;
using torchpin::PageImport;
namespace test = torchpin::test;

namespace {

// The pages of a small generated index (40 variants x 6 packages) written below a fresh directory.
struct PageDirectory {
    std::filesystem::path root = std::filesystem::temp_directory_path() /
                                 ("torchpin_page_files_" + std::to_string(getpid()));
    std::vector<PageFile> files;

    PageDirectory() {
        std::filesystem::remove_all(root);
        for (const test::IndexPageFile& page : test::write_pytorch_index({.versions = 1})) {
            const auto path = root / page.path;
            std::filesystem::create_directories(path.parent_path());
            std::ofstream(path, std::ios::binary) << page.content;
            files.push_back(PageFile{path, "https://download.pytorch.org/" + page.path});
        }
    }
    ~PageDirectory() { std::filesystem::remove_all(root); }
};

std::vector<std::string> listing_names(const std::vector<PageFile>& files, std::size_t threads) {
    std::vector<std::string> names;
    torchpin::import_page_files(
        files, {}, 1u << 20,
        [&](PageImport&& page) {
            BOOST_TEST(page.listing.rows.size() == 24u); // six Pythons on four platforms
            names.push_back(page.listing.name);
        },
        threads);
    return names;
}

} // namespace

BOOST_AUTO_TEST_SUITE(page_files)

BOOST_AUTO_TEST_CASE(pages_come_in_the_given_order_on_any_number_of_threads) {
    const PageDirectory directory;
    BOOST_REQUIRE_EQUAL(directory.files.size(), 240u);
    std::vector<std::string> expected;
    for (const PageFile& file : directory.files) {
        expected.push_back(file.url);
    }
    for (const std::size_t threads : {1u, 2u, 4u, 0u}) {
        BOOST_TEST(listing_names(directory.files, threads) == expected, threads << " threads");
    }
}

BOOST_AUTO_TEST_CASE(the_first_bad_page_fails_after_the_pages_before_it) {
    const PageDirectory directory;
    for (const std::size_t bad : {std::size_t{5}, std::size_t{6}}) {
        std::ofstream(directory.files[bad].path) << "<a href=\"not-a-wheel-.whl\">x</a>";
    }
    for (const std::size_t threads : {1u, 4u}) {
        std::size_t consumed = 0;
        try {
            torchpin::import_page_files(
                directory.files, {}, 1u << 20, [&](PageImport&&) { ++consumed; }, threads);
            BOOST_FAIL("the bad page was accepted");
        } catch (const InputError& error) {
            BOOST_TEST(error.diagnostic().origin == directory.files[5].path.string());
        }
        BOOST_TEST(consumed == 5u, threads << " threads");
    }
}

BOOST_AUTO_TEST_SUITE_END()
