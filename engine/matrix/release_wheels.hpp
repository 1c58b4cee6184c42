// A matrix's wheel files by package and public version, so that a question about one release
// looks at that release's files only, or at what its files are (their groups) without them.
#pragma once

#include "engine/matrix/compat_matrix.hpp"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace torchpin {

// ReleaseWheels::visit_tagged on the files `reader` reads: those of `package` at `version`'s public
// version whose version and tags are one of `wanted`.
void visit_tagged(WheelReader& reader, std::string_view package, const Version& version,
                  const std::vector<WheelTagColumns>& wanted, const FileVisitor& visit);

// Indexes the matrix's loaded `wheels` once, or, for a matrix loaded with `read_wheels`, reads
// each release's files or groups through it on first use. Refers to the matrix, which must
// outlive it; not safe to share between threads.
class ReleaseWheels {
public:
    using Files = std::vector<const IndexFile*>;
    using Groups = std::vector<WheelGroup>;

    explicit ReleaseWheels(const CompatMatrix& matrix);

    // The files of `package` (normalized) at `version`'s public version, every local label
    // included, in the matrix's order.
    const Files& of(std::string_view package, const Version& version) const;

    // What those files are: wheel_groups_of the files of each listing, in no particular order.
    const Groups& groups(std::string_view package, const Version& version) const;

    // Those of the files that have one of `wanted`'s versions and tags, in the matrix's order:
    // a reader finds them without reading the release's other files.
    Files tagged(std::string_view package, const Version& version,
                 const std::vector<WheelTagColumns>& wanted) const;
    // Calls `visit` on those files in that order until it returns false; a reader decodes no file
    // past that.
    void visit_tagged(std::string_view package, const Version& version,
                      const std::vector<WheelTagColumns>& wanted, const FileVisitor& visit) const;

    // The matrix's wheel_lists, copied on first use and shared: what a pin that reads its file
    // later, perhaps after the matrix is gone, holds without a copy of its own.
    std::shared_ptr<const WheelLists> shared_wheel_lists() const;

private:
    template <class Value>
    using ByRelease = std::map<std::string, std::unordered_map<Version, Value>, std::less<>>;

    const Files& read(std::string_view package, const Version& public_version) const;
    Groups grouped(std::string_view package, const Version& public_version) const;

    const CompatMatrix& matrix_;
    WheelReader* reader_ = nullptr;
    mutable ByRelease<Files> files_;
    mutable ByRelease<Groups> groups_;
    mutable std::shared_ptr<const WheelLists> shared_wheel_lists_;
};

} // namespace torchpin
