// Boost.Test entry point of the cli test suite.
#define BOOST_TEST_MODULE torchpin_cli
#include <boost/test/unit_test.hpp>
