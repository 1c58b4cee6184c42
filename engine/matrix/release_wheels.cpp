// ReleaseWheels: the wheel index the solver and the outputs' hash lists look files up in.
#include "engine/matrix/release_wheels.hpp"

#include <algorithm>

namespace torchpin {

namespace {

// The files the reader returned that are the package's at the public version: the reader
// matches version texts; the parsed names and versions have the last word.
ReleaseWheels::Files of_release(ReleaseWheels::Files files, std::string_view package,
                                const Version& public_version) {
    std::erase_if(files, [&](const IndexFile* file) {
        return file->wheel.name().normalized() != package ||
               file->wheel.version().public_version() != public_version;
    });
    return files;
}

} // namespace

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

const ReleaseWheels::Files& ReleaseWheels::installable(std::string_view package,
                                                       const Version& version,
                                                       const TagRanking& ranking) const {
    if (version.has_local()) {
        return installable(package, version.public_version(), ranking);
    }
    ByVersion& known = installable_[{&ranking, std::string(package)}];
    if (const auto it = known.find(version); it != known.end()) {
        return it->second;
    }
    Files files;
    if (reader_ != nullptr) {
        files =
            of_release((*reader_)(package, version,
                                  [&ranking](std::string_view interpreters, std::string_view abis,
                                             std::string_view platforms) {
                                      return ranking.accepts(interpreters, abis, platforms);
                                  }),
                       package, version);
    } else {
        std::ranges::copy_if(of(package, version), std::back_inserter(files),
                             [&ranking](const IndexFile* file) {
                                 return ranking.best(file->wheel.tag_set()).has_value();
                             });
    }
    return known.insert_or_assign(version, std::move(files)).first->second;
}

const ReleaseWheels::Files& ReleaseWheels::read(std::string_view package,
                                                const Version& public_version) const {
    auto& of_package = files_.try_emplace(std::string(package)).first->second;
    return of_package
        .insert_or_assign(public_version, of_release((*reader_)(package, public_version, {}),
                                                     package, public_version))
        .first->second;
}

} // namespace torchpin
