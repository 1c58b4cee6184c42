// A writer killed by SIGKILL halfway through a big import (POSIX only: fork and signals): the
// previous revision survives whole and readers keep reading it.
#include "tests/engine/matrix/matrix_store_fixtures.hpp"

#include <chrono>
#include <csignal>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using namespace torchpin::test::store;

BOOST_AUTO_TEST_SUITE(matrix_store)

BOOST_AUTO_TEST_CASE(sigkill_mid_import_leaves_the_previous_revision_and_readers_keep_reading) {
    TempDatabase temp;
    {
        auto store = MatrixStore::open(temp.path, true);
        store.import(request({listing({wheel(a)}, "d1")}));
    }
    const pid_t child = fork();
    if (child == 0) {
        // A big import: 300 listings of 400 files each, killed long before it commits.
        auto store = MatrixStore::open(temp.path, false);
        std::vector<ListingImport> listings;
        for (int page = 0; page < 300; ++page) {
            std::vector<IndexFile> files;
            for (int i = 0; i < 400; ++i) {
                IndexFile f = wheel("torch-2." + std::to_string(page) + "." + std::to_string(i) +
                                    "+cu121-cp311-cp311-linux_x86_64.whl");
                files.push_back(f);
            }
            ListingImport l = listing(files, "page" + std::to_string(page));
            l.name = cu121_page + std::to_string(page);
            listings.push_back(std::move(l));
        }
        store.import(request(std::move(listings)));
        _exit(0);
    }
    // Read while the child writes, then kill it.
    auto reader = MatrixStore::open(temp.path, false);
    for (int i = 0; i < 20; ++i) {
        BOOST_TEST(reader.wheel_files({}, 1).size() == 1u);
        std::this_thread::sleep_for(std::chrono::milliseconds(15));
    }
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
    BOOST_TEST((WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL),
               "the import finished before it could be killed; make it larger");
    auto store = MatrixStore::open(temp.path, false);
    BOOST_TEST(store.verify().empty());
    BOOST_TEST(store.revisions().size() == 1u);
    BOOST_TEST(store.wheel_files({}, 1).size() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
