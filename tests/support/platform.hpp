// Test decorators for what only one system can run (POSIX shells and signals; Win32 calls).
#pragma once

#include "engine/base/host_system.hpp"

#include <boost/test/unit_test.hpp>

namespace torchpin::test {

// The precondition itself: whether the platform layer is `kind`.
struct HostIs {
    HostKind kind = HostKind::Posix;
    boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
        return host_kind() == kind;
    }
};

// Runs the test only where the platform layer is the POSIX one: it needs /bin/sh, signals or a
// pseudo-terminal. Elsewhere Boost.Test reports it as skipped, with this reason.
inline boost::unit_test::decorator::precondition posix_only() {
    return boost::unit_test::precondition(HostIs{HostKind::Posix});
}

// Runs the test only on Windows (under wine in CI): it calls the Win32 implementations.
inline boost::unit_test::decorator::precondition windows_only() {
    return boost::unit_test::precondition(HostIs{HostKind::Windows});
}

} // namespace torchpin::test
