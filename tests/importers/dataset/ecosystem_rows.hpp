// The companion_package rows of data/ecosystem.toml as the matrix decodes them, for the tests of
// those rows and of the rule that judges them (companion_fit).
#pragma once

#include "engine/matrix/compat_matrix.hpp"

#include <string>

namespace torchpin::test {

// The matrix built from data/, every platform (built once per test process).
const CompatMatrix& dataset_matrix();

// The row of `package` `version`; throws when data/ has none.
const CompanionPackageFact& companion_row(const std::string& package, const std::string& version);

} // namespace torchpin::test
