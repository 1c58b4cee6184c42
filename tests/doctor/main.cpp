// Boost.Test entry point of the doctor test suite.
#define BOOST_TEST_MODULE torchpin_doctor
#include <boost/test/unit_test.hpp>
