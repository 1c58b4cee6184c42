// A matrix's wheel files by package and public version, so that a question about one release
// looks at that release's files only.
#pragma once

#include "engine/matrix/compat_matrix.hpp"
#include "engine/pep/tag_environment.hpp"

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
    using Files = std::vector<const IndexFile*>;

    explicit ReleaseWheels(const CompatMatrix& matrix);

    // The files of `package` (normalized) at `version`'s public version, every local label
    // included, in the matrix's order.
    const Files& of(std::string_view package, const Version& version) const;

    // Those of them a machine whose tags `ranking` ranks can install (ranking.best accepts one
    // of the file's tags), in the same order: a reader finds them without decoding the others.
    const Files& installable(std::string_view package, const Version& version,
                             const TagRanking& ranking) const;

private:
    using ByVersion = std::unordered_map<Version, Files>;

    const Files& read(std::string_view package, const Version& public_version) const;

    const WheelReader* reader_ = nullptr;
    mutable std::map<std::string, ByVersion, std::less<>> files_;
    mutable std::map<std::pair<const TagRanking*, std::string>, ByVersion, std::less<>>
        installable_;
};

} // namespace torchpin
