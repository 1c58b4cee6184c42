// ReleaseWheels: the wheel index the solver and the outputs' hash lists look files up in.
#include "engine/matrix/release_wheels.hpp"

namespace torchpin {

ReleaseWheels::ReleaseWheels(const CompatMatrix& matrix) {
    if (matrix.read_wheels) {
        reader_ = &matrix.read_wheels;
        return;
    }
    for (const IndexFile& file : matrix.wheels) {
        files_[std::string(file.wheel.name().normalized())][file.wheel.version().public_version()]
            .push_back(&file);
    }
}

const std::vector<const IndexFile*>& ReleaseWheels::of(std::string_view package,
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

const ReleaseWheels::Files& ReleaseWheels::read(std::string_view package,
                                                const Version& public_version) const {
    Files files;
    for (const IndexFile& file : (*reader_)(package, public_version)) {
        // The reader matches version texts; the parsed names and versions have the last word.
        if (file.wheel.name().normalized() == package &&
            file.wheel.version().public_version() == public_version) {
            files.push_back(&file);
        }
    }
    auto& of_package = files_.try_emplace(std::string(package)).first->second;
    return of_package.insert_or_assign(public_version, std::move(files)).first->second;
}

} // namespace torchpin
