// Boost.Test entry point of the importers test suite.
#define BOOST_TEST_MODULE torchpin_importers
#include <boost/test/unit_test.hpp>
