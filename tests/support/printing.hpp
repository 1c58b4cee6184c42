// Lets Boost.Test print std::optional values in failure messages ("nullopt" or the value).
#pragma once

#include <optional>
#include <ostream>

#include <boost/test/unit_test.hpp>

namespace boost::test_tools::tt_detail {

template <class T>
struct print_log_value<std::optional<T>> {
    void operator()(std::ostream& out, const std::optional<T>& value) {
        if (value) {
            print_log_value<T>()(out, *value);
        } else {
            out << "nullopt";
        }
    }
};

} // namespace boost::test_tools::tt_detail
