// choose_wheel and the label questions, on a release's wheel groups: a group holds its files'
// tags, so each test of a file is made on them, and only the pin is read as a file, when asked for.
#include "engine/solver/wheel_choice.hpp"

#include "engine/pep/platform_tag.hpp"
#include "engine/pep/wheel_tag.hpp"

#include <algorithm>
#include <functional>

namespace torchpin {

namespace {

// Does a wheel labelled `file_backend` belong to `backend`? An unlabelled wheel outside a
// variant folder is a CPU build (the macOS wheels PyTorch publishes without a label).
bool of_backend(const std::optional<Backend>& file_backend, const Backend& backend) {
    if (file_backend) {
        return *file_backend == backend;
    }
    return backend.kind() == BackendKind::Cpu;
}

// Is one platform tag ("manylinux_2_28_x86_64") for the machine's OS and CPU, whatever its libc?
bool platform_for_machine(std::string_view text, const TagEnvironment& tags) {
    const PlatformTag platform = PlatformTag::parse(text);
    const std::string& arch = platform.arch();
    const bool arm = tags.arch == CpuArch::Aarch64;
    switch (platform.family()) {
    case PlatformFamily::Any:
        return true;
    case PlatformFamily::Linux:
    case PlatformFamily::Manylinux:
    case PlatformFamily::Musllinux:
        return tags.os == OperatingSystem::Linux && arch == name(tags.arch);
    case PlatformFamily::Macos:
        return tags.os == OperatingSystem::Macos &&
               (arch == "universal2" || arch == (arm ? "arm64" : "x86_64") ||
                (!arm && arch == "intel"));
    case PlatformFamily::Windows:
        return tags.os == OperatingSystem::Windows &&
               arch == (arm                          ? "arm64"
                        : tags.arch == CpuArch::I686 ? "x86"
                                                     : "amd64");
    case PlatformFamily::Other:
        break;
    }
    return false;
}

// Whether `test` holds for one of the '.'-joined components of a tag column ("py2.py3").
template <class Test>
bool any_component(std::string_view dotted, Test test) {
    while (true) {
        const std::size_t dot = dotted.find('.');
        if (test(dotted.substr(0, dot))) {
            return true;
        }
        if (dot == std::string_view::npos) {
            return false;
        }
        dotted.remove_prefix(dot + 1);
    }
}

bool for_platform(const FileTags& file, const TagEnvironment& tags) {
    return any_component(file.platforms,
                         [&](std::string_view p) { return platform_for_machine(p, tags); });
}

// Is `file` for the machine's Python (interpreter and ABI), on whatever version of its platform?
// A cp312 manylinux_2_28 file is, on a glibc 2.17 machine with CPython 3.12.
bool for_python(const FileTags& file, const TagEnvironment& tags,
                const std::string& machine_platform) {
    return any_component(file.interpreters, [&](std::string_view interpreter) {
        return any_component(file.abis, [&](std::string_view abi) {
            return supported(Tag(interpreter, abi, machine_platform), tags);
        });
    });
}

// Whether pip would install `file` of `backend` on the machine: not a variant, of the backend,
// built for the machine's OS and CPU, and on the PyTorch index (`wheel_lists`: the matrix's).
bool installable(const IndexFile& file, const WheelLists& wheel_lists, const TagEnvironment& tags,
                 const Backend& backend) {
    return !file.wheel.variant_label() && of_backend(file.backend, backend) &&
           wheel_for_platform(file, tags) &&
           on_pytorch_index(file, wheel_lists.contains(file.listing));
}

// The file pip installs among those `visit_tagged` visits (the files of the best-ranked tags, in
// the matrix's order; the groups' tests hold for each): the first installable one, unless it is
// derived and a later one observed. An observed file is not bettered, so no later file is read.
const IndexFile* first_installable(const std::function<void(const FileVisitor&)>& visit_tagged,
                                   const WheelLists& wheel_lists, const TagEnvironment& tags,
                                   const Backend& backend) {
    const IndexFile* best = nullptr;
    visit_tagged([&](const IndexFile& file) {
        if (installable(file, wheel_lists, tags, backend) &&
            (best == nullptr || (file.provenance == Provenance::Observed &&
                                 best->provenance == Provenance::Derived))) {
            best = &file;
        }
        return best == nullptr || best->provenance != Provenance::Observed;
    });
    return best;
}

// Whether the tags of `wanted` are all of one version (with its label).
bool one_version(const std::vector<WheelTagColumns>& wanted) {
    return std::ranges::all_of(
        wanted, [&](const WheelTagColumns& w) { return w.version == wanted.front().version; });
}

} // namespace

bool wheel_for_platform(const IndexFile& file, const TagEnvironment& tags) {
    const auto& platforms = file.wheel.tag_set().platforms();
    return std::ranges::any_of(platforms,
                               [&](const std::string& p) { return platform_for_machine(p, tags); });
}

WheelJudge::WheelJudge(const TagEnvironment& tags, const TagRanking& ranking,
                       std::string machine_platform)
    : tags_(tags)
    , ranking_(ranking)
    , machine_platform_(std::move(machine_platform)) {}

const WheelJudge::Fit& WheelJudge::fit(const WheelGroup& group) const {
    if (const auto it = fits_by_identity_.find(group.tags.identity());
        it != fits_by_identity_.end()) {
        return *it->second.second;
    }
    const Fit& fit = fit_of_text(group.tags);
    fits_by_identity_.emplace(group.tags.identity(), std::pair(group.tags, &fit));
    return fit;
}

const WheelJudge::Fit& WheelJudge::fit_of_text(std::string_view tags) const {
    if (const auto it = fits_.find(tags); it != fits_.end()) {
        return it->second;
    }
    // The fit's files borrow from the key's text, which keeps its place in the map's node; a fit
    // that throws half made is not kept.
    const auto entry = fits_.try_emplace(std::string(tags)).first;
    try {
        fit_of(entry->first, entry->second);
        return entry->second;
    } catch (...) {
        fits_.erase(entry);
        throw;
    }
}

void WheelJudge::fit_of(std::string_view tags, Fit& fit) const {
    for (const FileTags& file : files_of(tags)) {
        const FileFit& file_fit = this->file_fit(file);
        if (!file_fit.for_platform) {
            continue;
        }
        fit.for_platform = true;
        fit.for_its_python = fit.for_its_python || file_fit.for_its_python;
        if (!file_fit.priority) {
            continue;
        }
        if (!fit.priority || *file_fit.priority < *fit.priority) {
            fit.priority = file_fit.priority;
            fit.best.clear();
        }
        if (file_fit.priority == fit.priority) {
            fit.best.push_back(file);
        }
    }
}

const WheelJudge::FileFit& WheelJudge::file_fit(const FileTags& file) const {
    if (const auto it = file_fits_.find(file.text); it != file_fits_.end()) {
        return it->second;
    }
    FileFit fit;
    if (for_platform(file, tags_)) {
        fit.for_platform = true;
        fit.for_its_python = for_python(file, tags_, machine_platform_);
        fit.priority = ranking_.best(file.interpreters, file.abis, file.platforms);
    }
    return file_fits_.emplace(std::string(file.text), fit).first->second;
}

WheelChoice choose_wheel(const CompatMatrix& matrix, const ReleaseWheels& wheels,
                         const WheelJudge& judge, std::string_view package, const Version& version,
                         const Backend& backend) {
    struct Best {
        const WheelGroup* group;
        const WheelJudge::Fit* fit;
    };
    WheelChoice choice;
    std::optional<std::size_t> best_priority;
    std::vector<Best> best; // the groups of the best-ranked files
    for (const WheelGroup& group : wheels.groups(package, version)) {
        if (group.variant || !of_backend(group.backend, backend) || !group.on_pytorch_index) {
            continue;
        }
        const WheelJudge::Fit& fit = judge.fit(group);
        if (!fit.for_platform) {
            continue;
        }
        choice.any_listed = true;
        choice.listing_decides =
            choice.listing_decides || group.lists_every_file || fit.for_its_python;
        if (!fit.priority) {
            continue;
        }
        if (!best_priority || *fit.priority < *best_priority) {
            best_priority = fit.priority;
            best.clear();
        }
        if (fit.priority == best_priority) {
            best.push_back({&group, &fit});
        }
    }
    if (best.empty()) {
        return choice;
    }
    std::vector<WheelTagColumns> wanted;
    for (const auto& [group, fit] : best) {
        for (const FileTags& file : fit->best) {
            wanted.push_back(group->tag_columns(file));
        }
    }
    std::ranges::sort(wanted); // each listing of a file has a group of its own
    wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
    const TagEnvironment& tags = judge.tags();
    if (matrix.read_wheels && one_version(wanted)) {
        // Each best group holds a file pip installs (its files are of the backend, no variant, on
        // the index, and the judge found their tags for the machine): the version is known, and
        // the file is read when asked for.
        choice.version = best.front().group->version;
        choice.file = PinnedWheel::found_by(
            [reader = matrix.read_wheels, wheel_lists = wheels.shared_wheel_lists(), tags,
             package = std::string(package), version, wanted = std::move(wanted), backend] {
                return first_installable(
                    [&](const FileVisitor& visit) {
                        visit_tagged(*reader, package, version, wanted, visit);
                    },
                    *wheel_lists, tags, backend);
            });
        return choice;
    }
    const IndexFile* file = first_installable(
        [&](const FileVisitor& visit) { wheels.visit_tagged(package, version, wanted, visit); },
        matrix.wheel_lists, tags, backend);
    if (file != nullptr) {
        choice.version = file->wheel.version();
        choice.file = *file;
    }
    return choice;
}

bool index_labels(const ReleaseWheels& wheels, std::string_view package, const Version& version) {
    return std::ranges::any_of(wheels.groups(package, version),
                               [](const WheelGroup& g) { return g.version.has_local(); });
}

bool labels_builds_here(const ReleaseWheels& wheels, const WheelJudge& judge,
                        const Version& version) {
    return std::ranges::any_of(wheels.groups("torch", version), [&](const WheelGroup& g) {
        return g.version.has_local() && judge.fit(g).for_platform;
    });
}

} // namespace torchpin
