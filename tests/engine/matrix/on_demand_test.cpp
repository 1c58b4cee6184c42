// OnDemand: a value read once, on its first use or ahead of it; a read that fails is tried again.
#include "engine/matrix/on_demand.hpp"

#include <stdexcept>
#include <thread>
#include <vector>

#include <boost/test/unit_test.hpp>

using torchpin::OnDemand;

BOOST_AUTO_TEST_SUITE(on_demand)

BOOST_AUTO_TEST_CASE(a_value_read_ahead_is_not_read_again) {
    int reads = 0;
    const auto rows = OnDemand<std::vector<int>>::read_by([&] {
        ++reads;
        return std::vector<int>{1, 2, 3};
    });
    std::thread([&] { rows.read_ahead(); }).join();
    BOOST_TEST(reads == 1);
    BOOST_TEST(rows->size() == 3u);
    BOOST_TEST(reads == 1);
}

BOOST_AUTO_TEST_CASE(a_read_ahead_that_fails_leaves_the_read_to_the_first_use) {
    int reads = 0;
    bool damaged = true;
    const auto rows = OnDemand<std::vector<int>>::read_by([&] {
        ++reads;
        if (damaged) {
            throw std::runtime_error("matrix table t: row 1: damaged");
        }
        return std::vector<int>{4};
    });
    BOOST_CHECK_NO_THROW(rows.read_ahead());
    BOOST_TEST(reads == 1);
    BOOST_CHECK_THROW(static_cast<void>(*rows), std::runtime_error); // the use tries again
    BOOST_TEST(reads == 2);
    damaged = false;
    BOOST_TEST(rows->front() == 4);
    BOOST_TEST(reads == 3);
}

BOOST_AUTO_TEST_SUITE_END()
