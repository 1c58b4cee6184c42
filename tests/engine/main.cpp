// Boost.Test entry point of the engine test suite.
#define BOOST_TEST_MODULE torchpin_engine
#include <boost/test/unit_test.hpp>
