// Boost.Test entry point of the detection test suite.
#define BOOST_TEST_MODULE torchpin_detect
#include <boost/test/unit_test.hpp>
