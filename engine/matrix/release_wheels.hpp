// A matrix's wheel files by package and public version, so that a question about one release
// looks at that release's files only.
#pragma once

#include "engine/matrix/compat_matrix.hpp"

#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace torchpin {

// Indexes the matrix's loaded `wheels` once, or, for a matrix loaded with `read_wheels`, reads
// each release's files through it on first use. Refers to the matrix, which must outlive it; not
// safe to share between threads.
class ReleaseWheels {
public:
    explicit ReleaseWheels(const CompatMatrix& matrix);

    // The files of `package` (normalized) at `version`'s public version, every local label
    // included, in the matrix's order.
    const std::vector<const IndexFile*>& of(std::string_view package, const Version& version) const;

private:
    using Files = std::vector<const IndexFile*>;

    const Files& read(std::string_view package, const Version& public_version) const;

    const WheelReader* reader_ = nullptr;
    mutable std::map<std::string, std::unordered_map<Version, Files>, std::less<>> files_;
};

} // namespace torchpin
