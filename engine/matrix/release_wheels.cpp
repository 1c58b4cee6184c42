// ReleaseWheels: the wheel index the solver and the outputs' hash lists look files up in.
#include "engine/matrix/release_wheels.hpp"

#include "engine/matrix/derived_listings.hpp"

#include <algorithm>
#include <set>

namespace torchpin {

namespace {

// Whether a file the reader returned is the package's at the public version: the reader matches
// version texts; the parsed names and versions have the last word.
bool of_release(const IndexFile& file, std::string_view package, const Version& public_version) {
    return file.wheel.name().normalized() == package &&
           file.wheel.version().public_version() == public_version;
}

ReleaseWheels::Files of_release(ReleaseWheels::Files files, std::string_view package,
                                const Version& public_version) {
    std::erase_if(
        files, [&](const IndexFile* file) { return !of_release(*file, package, public_version); });
    return files;
}

} // namespace

void visit_tagged(WheelReader& reader, std::string_view package, const Version& version,
                  const std::vector<WheelTagColumns>& wanted, const FileVisitor& visit) {
    const Version public_version = version.public_version();
    reader.visit_tagged(package, wanted, [&](const IndexFile& file) {
        return !of_release(file, package, public_version) || visit(file);
    });
}

ReleaseWheels::ReleaseWheels(const CompatMatrix& matrix)
    : matrix_(matrix) {
    if (matrix.read_wheels) {
        reader_ = matrix.read_wheels.get();
        return;
    }
    for (const IndexFile& file : matrix.wheels) {
        files_[std::string(file.wheel.name().normalized())][file.wheel.version().public_version()]
            .push_back(&file);
    }
}

const ReleaseWheels::Files& ReleaseWheels::of(std::string_view package,
                                              const Version& version) const {
    if (version.has_local()) {
        return of(package, version.public_version()); // a resolve's releases carry no label
    }
    if (const auto of_package = files_.find(package); of_package != files_.end()) {
        if (const auto it = of_package->second.find(version); it != of_package->second.end()) {
            return it->second;
        }
    }
    static const Files none;
    return reader_ == nullptr ? none : read(package, version);
}

const ReleaseWheels::Groups& ReleaseWheels::groups(std::string_view package,
                                                   const Version& version) const {
    if (version.has_local()) {
        return groups(package, version.public_version());
    }
    auto& of_package = groups_.try_emplace(std::string(package)).first->second;
    if (const auto it = of_package.find(version); it != of_package.end()) {
        return it->second;
    }
    return of_package.emplace(version, grouped(package, version)).first->second;
}

ReleaseWheels::Files ReleaseWheels::tagged(std::string_view package, const Version& version,
                                           const std::vector<WheelTagColumns>& wanted) const {
    Files files;
    visit_tagged(package, version, wanted, [&](const IndexFile& file) {
        files.push_back(&file);
        return true;
    });
    return files;
}

void ReleaseWheels::visit_tagged(std::string_view package, const Version& version,
                                 const std::vector<WheelTagColumns>& wanted,
                                 const FileVisitor& visit) const {
    if (reader_ != nullptr) {
        torchpin::visit_tagged(*reader_, package, version, wanted, visit);
        return;
    }
    const std::set<WheelTagColumns> wanted_set(wanted.begin(), wanted.end());
    for (const IndexFile* file : of(package, version.public_version())) {
        if (wanted_set.contains(tag_columns(*file)) && !visit(*file)) {
            return;
        }
    }
}

std::shared_ptr<const WheelLists> ReleaseWheels::shared_wheel_lists() const {
    if (!shared_wheel_lists_) {
        shared_wheel_lists_ = std::make_shared<const WheelLists>(matrix_.wheel_lists);
    }
    return shared_wheel_lists_;
}

const ReleaseWheels::Files& ReleaseWheels::read(std::string_view package,
                                                const Version& public_version) const {
    auto& of_package = files_.try_emplace(std::string(package)).first->second;
    return of_package
        .insert_or_assign(public_version, of_release(reader_->files(package, public_version),
                                                     package, public_version))
        .first->second;
}

ReleaseWheels::Groups ReleaseWheels::grouped(std::string_view package,
                                             const Version& public_version) const {
    if (reader_ != nullptr) {
        Groups groups = reader_->groups(package, public_version);
        std::erase_if(groups, [&](const WheelGroup& group) {
            return group.package != package || group.version.public_version() != public_version;
        });
        return groups;
    }
    std::map<std::string_view, Files> by_listing;
    for (const IndexFile* file : of(package, public_version)) {
        by_listing[file->listing].push_back(file);
    }
    Groups groups;
    for (const auto& [listing, files] : by_listing) {
        std::ranges::move(wheel_groups_of(files, matrix_.wheel_lists.contains(listing)),
                          std::back_inserter(groups));
    }
    return groups;
}

} // namespace torchpin
