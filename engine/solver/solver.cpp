// resolve(): every (torch, backend) candidate checked against the request and the machine, in
// the documented preference order; the first that passes every check is the answer.
#include "engine/solver/solver.hpp"

#include "engine/matrix/companion_label.hpp"
#include "engine/matrix/known_issue_scope.hpp"
#include "engine/pep/version_set.hpp"
#include "engine/solver/companion_fit.hpp"
#include "engine/solver/gfx_check.hpp"
#include "engine/solver/stated_codes.hpp"
#include "engine/solver/wheel_choice.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace torchpin {

namespace {

const std::string_view companions[] = {"torchvision", "torchaudio"};

// The user's requirements that apply on this machine, by normalized package name.
std::map<std::string, std::vector<const Requirement*>, std::less<>>
applicable_requirements(const ResolveRequest& request, const TargetMachine& machine) {
    const MarkerEnvironment env = marker_environment(machine);
    std::map<std::string, std::vector<const Requirement*>, std::less<>> out;
    for (const Requirement& r : request.requirements) {
        const MarkerResult applies = r.applies_to(env);
        if (applies.has_value() && !applies.value()) {
            continue; // a marker that excludes this machine
        }
        out[r.name().normalized()].push_back(&r);
    }
    return out;
}

// The packages built against torch the request names (xformers, flash-attn, ...), in its order.
// A package whose every requirement has a marker that excludes the machine is not wanted here.
std::vector<std::string> requested_builds_against_torch(
    const ResolveRequest& request,
    const std::map<std::string, std::vector<const Requirement*>, std::less<>>& applicable) {
    std::vector<std::string> packages;
    for (const Requirement& r : request.requirements) {
        const std::string name = r.name().normalized();
        if (!is_torch_family(name) && applicable.contains(name) &&
            std::ranges::find(packages, name) == packages.end()) {
            packages.push_back(name);
        }
    }
    return packages;
}

// The matrix's releases of `package`, newest first.
std::vector<const CompanionPackageFact*> releases_of(const CompatMatrix& matrix,
                                                     std::string_view package) {
    std::vector<const CompanionPackageFact*> releases;
    for (const CompanionPackageFact& row : *matrix.companion_packages) {
        if (row.package == package) {
            releases.push_back(&row);
        }
    }
    std::ranges::sort(releases, [](auto* a, auto* b) { return b->version < a->version; });
    return releases;
}

bool is_requested(const ResolveRequest& request, std::string_view package) {
    return std::any_of(request.requirements.begin(), request.requirements.end(),
                       [&](const Requirement& r) { return r.name().normalized() == package; });
}

std::string python_label(const PythonTarget& python) {
    return std::to_string(python.major) + "." + std::to_string(python.minor) +
           (python.is_free_threaded() ? "t" : "");
}

// The version a pin names: the listed file's; else the release with the backend's local label
// where the index is known to label the package's files: torch and torchvision when the
// release's install commands use labels (those commands pin torchaudio bare: 0.9.0 has no
// +cu111 build), torch where the matrix shows the release's other builds for this platform
// labelled, and a companion of a labelled torch pin whose files the matrix shows labelled for
// some build; else the bare release, which pip matches with any label.
Version pin_version(const Version& release, const Backend& backend, const WheelChoice& wheel,
                    const ReleaseFact& facts, std::string_view package, bool torch_labelled,
                    const ReleaseWheels& wheels, const WheelJudge& judge) {
    if (wheel.version) {
        return *wheel.version;
    }
    const bool commands_label =
        facts.install_style == std::optional<std::string>("local-label") && package != "torchaudio";
    const bool torch_like_its_siblings =
        package == "torch" && labels_builds_here(wheels, judge, release);
    const bool companion_labelled =
        package != "torch" && torch_labelled && index_labels(wheels, package, release);
    if (commands_label || torch_like_its_siblings || companion_labelled) {
        return release.with_local(backend.to_string());
    }
    return release;
}

// The machine's preferred platform tag ("manylinux_2_35_x86_64"), or "any".
std::string best_platform_of(const TargetMachine& machine) {
    const auto platforms = platform_tags(machine.tags);
    return platforms.empty() ? std::string("any") : platforms.front();
}

// "5.0 6.0 7.0 7.5 8.0 8.6 9.0 10.0 12.0+PTX"
std::string arch_list_text(const std::vector<ArchTarget>& arch_list) {
    std::string text;
    for (const ArchTarget& target : arch_list) {
        text += (text.empty() ? "" : " ") + target.to_string();
    }
    return text;
}

// Why `release` has no `package`, where the matrix says: the curated note (torchaudio's), or for
// a release known only from the index, that no metadata read pairs one with it.
std::string unpaired_note(const ReleaseFact& release, std::string_view package) {
    if (release.from_index) {
        return "unknown: no " + std::string(package) +
               " wheel whose metadata torchpin read requires this torch";
    }
    return package == "torchaudio" ? release.torchaudio_note : "";
}

class CandidateChecker {
public:
    CandidateChecker(const CompatMatrix& matrix, const TargetMachine& machine,
                     const ResolveRequest& request)
        : matrix_(matrix)
        , machine_(machine)
        , request_(request)
        , ranking_(machine.tags)
        , wheels_(matrix)
        , best_platform_(best_platform_of(machine))
        , judge_(machine.tags, ranking_, best_platform_)
        , requirements_(applicable_requirements(request, machine))
        , built_against_torch_(requested_builds_against_torch(request, requirements_)) {
        if (const auto torch = requirements_.find("torch"); torch != requirements_.end()) {
            for (const Requirement* r : torch->second) {
                torch_requirement_text_.emplace(r, r->to_string());
            }
        }
    }

    // `published`: whether the matrix records the build for the machine's OS and CPU;
    // `projection`: only as expected (or possible) from nightlies, so it counts once the index
    // lists its files.
    Candidate check(const ReleaseFact& release, const Backend& backend, bool published,
                    Projection projection) const {
        Candidate c{
            release.torch, backend, {}, DriverFit::NotNeeded, GfxFit::NotNeeded, {}, {}, {}, {},
            false,         false};
        if (!published) {
            c.rejections.push_back(BackendNotPublished{release.torch, backend});
            return c;
        }
        if (projection != Projection::None &&
            !choose_wheel(matrix_, wheels_, judge_, "torch", release.torch, backend).any_listed) {
            c.rejections.push_back(
                BuildNotVerified{release.torch, backend, projection == Projection::Possible});
        }
        if (release.from_index) {
            c.warnings.push_back(warnings::release_from_index(release.torch));
        }
        check_backend_kind(c);
        check_package(c, release, "torch", release.torch);
        for (std::string_view package : companions) {
            if (!is_requested(request_, package)) {
                continue;
            }
            const bool vision = package == "torchvision";
            const auto paired = newest_companion(package, release, backend);
            const auto& series = vision ? release.torchvision_series : release.torchaudio_series;
            if (paired) {
                check_package(c, release, package, paired->version);
                if (!paired->metadata_of.empty()) {
                    c.warnings.push_back(
                        warnings::paired_by_metadata(package, paired->version, release.torch,
                                                     paired->metadata_of, paired->torch_specifier));
                }
            } else if (series) {
                check_series(c, release, package, *series);
            } else if (request_.companions_where_released) {
                c.warnings.push_back(warnings::companion_not_released(package, release.torch));
            } else {
                c.rejections.push_back(NotPaired{std::string(package), release.torch, std::nullopt,
                                                 "", unpaired_note(release, package)});
            }
        }
        for (const std::string& package : built_against_torch_) {
            check_built_against_torch(c, package);
        }
        check_accelerator(c);
        add_known_issues(c);
        if (!c.works()) {
            c.pins.clear();
        }
        return c;
    }

    // The torch requirement that excludes every build of `release` by its version alone, so that
    // none of its files need reading; nullptr when none does, or when one names a local label or
    // uses === (then only the file's exact version can tell).
    const Requirement* excluding_requirement(const ReleaseFact& release) const {
        const auto it = requirements_.find("torch");
        if (it == requirements_.end()) {
            return nullptr;
        }
        for (const Requirement* r : it->second) {
            const auto& clauses = r->specifier().specifiers();
            const bool needs_file = std::any_of(clauses.begin(), clauses.end(), [](const auto& s) {
                return s.op() == Operator::Identity || (s.version() && s.version()->has_local());
            });
            if (!needs_file && !r->specifier().contains(release.torch, true)) {
                return r;
            }
        }
        return nullptr;
    }

    // The candidate of a release `requirement` excludes (excluding_requirement), rejected for
    // its backend's kind where that applies and for the requirement, naming the release without
    // a local label since no file was read.
    Candidate excluded(const ReleaseFact& release, const Backend& backend,
                       const Requirement& requirement) const {
        Candidate c{
            release.torch, backend, {}, DriverFit::NotNeeded, GfxFit::NotNeeded, {}, {}, {}, {},
            false,         false};
        check_backend_kind(c);
        c.rejections.push_back(ExcludedByRequirement{"torch", release.torch,
                                                     torch_requirement_text_.at(&requirement)});
        check_accelerator(c); // for the driver fit, which orders candidates as check() does
        return c;
    }

private:
    // A companion release for a torch release, and where the index's metadata stated the
    // pairing when it did (the wheel read, and its torch specifier).
    struct Companion {
        Version version;
        std::string metadata_of = {};
        std::string torch_specifier = {};
    };

    // The newest release of `package` for this torch and backend: the one paired with the
    // release, or a newer one whose torch range holds it and that was built for the backend (its
    // torch release published the backend here, and not only as projected).
    std::optional<Companion> newest_companion(std::string_view package, const ReleaseFact& release,
                                              const Backend& backend) const {
        const bool vision = package == "torchvision";
        std::optional<Companion> newest;
        if (const auto& paired = vision ? release.torchvision : release.torchaudio) {
            const std::string& url =
                vision ? release.torchvision_metadata_of : release.torchaudio_metadata_of;
            newest = Companion{*paired, url, url.empty() ? "" : "==" + release.torch.to_string()};
        }
        for (const CompanionRange& range : matrix_.companion_ranges) {
            if (range.package != package || !range.torch.contains(release.torch, true) ||
                (newest && !(newest->version < range.version))) {
                continue;
            }
            const PublishedBackend* built = matrix_.publication(
                range.released_with, backend, machine_.tags.os, machine_.tags.arch);
            if (range.released_with == release.torch || (built != nullptr && !built->projected())) {
                newest =
                    Companion{range.version, range.stated_by_metadata_of, range.torch.to_string()};
            }
        }
        return newest;
    }

    // The driver, GPU and gfx checks of a CUDA or ROCm build (they read no files).
    void check_accelerator(Candidate& c) const {
        if (c.backend.kind() == BackendKind::Cuda) {
            check_driver(c);
            check_gpus(c);
        } else if (c.backend.kind() == BackendKind::Rocm) {
            check_gfx(c);
        }
    }

    void check_backend_kind(Candidate& c) const {
        if (request_.backend) {
            return; // the user chose it; its checks still apply
        }
        const BackendKind kind = c.backend.kind();
        if (kind == BackendKind::Cpu && machine_.has_gpu() && !request_.allow_cpu_fallback) {
            c.rejections.push_back(WrongBackendKind{
                c.backend,
                "a GPU is present: a CPU build would leave it unused (--allow-cpu-fallback)"});
        } else if (kind == BackendKind::Cuda && machine_.nvidia_gpus.empty() &&
                   !machine_.nvidia_driver) {
            c.rejections.push_back(WrongBackendKind{c.backend, "the machine has no NVIDIA GPU"});
        } else if (kind == BackendKind::Rocm && machine_.rocm_gfx.empty()) {
            c.rejections.push_back(WrongBackendKind{c.backend, "the machine has no AMD GPU"});
        } else if (kind == BackendKind::Xpu && !machine_.intel_xpu_gpu) {
            c.rejections.push_back(WrongBackendKind{c.backend, "the machine has no Intel XPU GPU"});
        }
    }

    void check_package(Candidate& c, const ReleaseFact& release, std::string_view package,
                       const Version& version) const {
        const WheelChoice wheel =
            choose_wheel(matrix_, wheels_, judge_, package, version, c.backend);
        const bool torch_labelled = !c.pins.empty() && c.pins.front().package == "torch" &&
                                    c.pins.front().version && c.pins.front().version->has_local();
        const Version pinned = pin_version(version, c.backend, wheel, release, package,
                                           torch_labelled, wheels_, judge_);
        if (auto it = requirements_.find(package); it != requirements_.end()) {
            for (const Requirement* r : it->second) {
                if (!r->specifier().contains(pinned, true)) {
                    if (package == "torch") {
                        c.rejections.push_back(
                            ExcludedByRequirement{std::string(package), pinned, r->to_string()});
                    } else {
                        c.rejections.push_back(
                            NotPaired{std::string(package), c.torch, pinned, r->to_string(), ""});
                    }
                    return;
                }
            }
        }
        if (wheel.listing_decides && !wheel.file) {
            c.rejections.push_back(NoWheelFor{std::string(package), version, c.backend,
                                              machine_.tags.python.abi(), best_platform()});
            return;
        }
        if (!wheel.file) {
            // No file decides: none listed, or only files of wheel lists and naming rules for
            // other Pythons, which do not say that the index has none for this one.
            const std::string python = python_label(machine_.tags.python);
            if (!release.python.empty() && std::find(release.python.begin(), release.python.end(),
                                                     python) == release.python.end()) {
                c.rejections.push_back(NoWheelFor{std::string(package), version, c.backend,
                                                  machine_.tags.python.abi(), best_platform()});
                return;
            }
            c.warnings.push_back(warnings::files_unknown(package, pinned, python, wheel.any_listed,
                                                         !release.python.empty()));
        }
        c.pins.push_back(Pin{std::string(package), pinned, "", wheel.file, std::nullopt});
    }

    // A companion whose exact release is unknown but whose series is: pinned as "==series.*",
    // checked against the user's requirements as sets of versions.
    void check_series(Candidate& c, const ReleaseFact& release, std::string_view package,
                      const std::string& series) const {
        const SpecifierSet series_set = SpecifierSet::from("==" + series + ".*");
        if (auto it = requirements_.find(package); it != requirements_.end()) {
            for (const Requirement* r : it->second) {
                if (to_version_set(series_set).intersect(to_version_set(r->specifier())).empty()) {
                    c.rejections.push_back(
                        NotPaired{std::string(package), c.torch, std::nullopt, r->to_string(),
                                  "torch " + c.torch.to_string() + " pairs with the " +
                                      std::string(package) + " " + series + " series"});
                    return;
                }
            }
        }
        const std::string python = python_label(machine_.tags.python);
        if (!release.python.empty() && std::find(release.python.begin(), release.python.end(),
                                                 python) == release.python.end()) {
            c.rejections.push_back(NoWheelFor{std::string(package), release.torch, c.backend,
                                              machine_.tags.python.abi(), best_platform()});
            return;
        }
        c.warnings.push_back(warnings::companion_series(package, c.torch, series));
        c.pins.push_back(
            Pin{std::string(package), std::nullopt, series, std::nullopt, std::nullopt});
    }

    const std::string& best_platform() const { return best_platform_; }

    // Whether every requirement of the user on `package` that applies here admits `version`.
    bool admitted(std::string_view package, const Version& version) const {
        const auto it = requirements_.find(package);
        return it == requirements_.end() ||
               std::ranges::all_of(it->second, [&](const Requirement* r) {
                   return r->specifier().contains(version, true);
               });
    }

    std::string requirement_text(std::string_view package) const {
        const auto it = requirements_.find(package);
        if (it == requirements_.end()) {
            return "";
        }
        std::vector<std::string> texts;
        for (const Requirement* r : it->second) {
            if (!r->specifier().empty()) {
                texts.push_back(r->to_string());
            }
        }
        return join_words(texts);
    }

    // A package built against torch the request names: its newest release the requirements
    // admit that fits the build (companion_fit) and whose file can be placed, pinned with where
    // it comes from; or the rejection with the newest admitted release's misfits.
    void check_built_against_torch(Candidate& c, const std::string& package) const {
        const CompanionTarget target{c.torch, c.backend, machine_.tags.os, machine_.tags.arch,
                                     machine_.tags.python};
        const std::string index_url = pytorch_index_url(c.backend, request_.index_base);
        const auto releases = releases_of(matrix_, package);
        CompanionDoesNotFit misfit{
            package, c.torch, c.backend, std::nullopt, {}, requirement_text(package), "", false};
        for (const CompanionPackageFact* release : releases) {
            CompanionFit fit = companion_fit(*release, target);
            const ListedFile listed = fit.fits() ? listed_file(*release, c) : ListedFile{};
            std::optional<CompanionPlacement> placement;
            if (listed.best != nullptr) {
                placement = placement_of(*release, *listed.best);
                fit.unverified.clear(); // the listed file of this build shows what was assumed
            } else if (listed.build_listed) {
                const std::string fact = "has no " + machine_.tags.python.abi() + " file for " +
                                         best_platform_ + " among its listed files for torch " +
                                         torch_minor_of(c.torch).to_string() + " " +
                                         c.backend.to_string();
                fit.misfits.push_back(
                    {CompanionMisfitKind::Python,
                     release->package + " " + release->version.to_string() + " " + fact, fact});
            } else if (fit.fits()) {
                placement = place_companion(*release, target, index_url);
            }
            if (fit.fits() && !placement) {
                // A release learned from its listed files has no scheme to name another's.
                const std::string fact = release->learned_from.empty()
                                             ? "has no prebuilt file for this build (source only)"
                                             : "has no listed file for torch " +
                                                   torch_minor_of(c.torch).to_string() + " " +
                                                   c.backend.to_string();
                fit.misfits.push_back(
                    {CompanionMisfitKind::Platform,
                     release->package + " " + release->version.to_string() + " " + fact, fact});
            }
            const WheelChoice wheel =
                placement && placement->source.kind == PinSourceKind::PytorchIndex
                    ? choose_wheel(matrix_, wheels_, judge_, package, release->version, c.backend)
                    : WheelChoice{};
            if (placement && wheel.listing_decides && !wheel.file) {
                const std::string fact = "has no " + machine_.tags.python.abi() + " file for " +
                                         best_platform_ + " in the " + c.backend.to_string() +
                                         " folder";
                fit.misfits.push_back(
                    {CompanionMisfitKind::Python,
                     release->package + " " + release->version.to_string() + " " + fact, fact});
            }
            if (!admitted(package, release->version)) {
                misfit.fits_without_requirement = misfit.fits_without_requirement || fit.fits();
                continue;
            }
            if (fit.fits()) {
                WheelChoice pinned = wheel;
                if (!pinned.file && listed.best != nullptr) {
                    pinned.version = listed.best->wheel.version();
                    pinned.file = *listed.best;
                }
                pin_built_against_torch(c, *release, *placement, fit, pinned);
                return;
            }
            if (!misfit.newest) {
                misfit.newest = release->version;
                for (const CompanionMisfit& m : fit.misfits) {
                    misfit.facts.push_back(m.fact);
                }
            }
        }
        if (!releases.empty() && releases.front()->retired) {
            misfit.retired_note = releases.front()->retired_note;
        }
        c.rejections.push_back(std::move(misfit));
    }

    // A release's imported files whose label names the candidate's torch minor and variant (PyG's
    // pages, flash-attn's assets): the one this machine installs, and whether any is listed for
    // the build at all (then the listing decides: none for this Python or platform is a misfit).
    struct ListedFile {
        const IndexFile* best = nullptr;
        bool build_listed = false;
    };

    ListedFile listed_file(const CompanionPackageFact& release, const Candidate& c) const {
        ListedFile listed;
        const bool find_links =
            std::ranges::find(release.files_on, "find-links") != release.files_on.end();
        const bool assets =
            std::ranges::find(release.files_on, "release-assets") != release.files_on.end();
        if (!find_links && !assets) {
            return listed;
        }
        std::optional<std::size_t> best_priority;
        for (const IndexFile* file : wheels_.of(release.package, release.version)) {
            const auto label = parse_companion_label(file->wheel.version().local_label());
            if (file->yanked || !label || label->torch_minor != torch_minor_of(c.torch) ||
                !label_names_build(*label, c)) {
                continue;
            }
            listed.build_listed = true;
            const auto priority = ranking_.best(file->wheel.tag_set());
            if (wheel_for_platform(*file, machine_.tags) && priority &&
                (!best_priority || *priority < *best_priority)) {
                best_priority = priority;
                listed.best = file;
            }
        }
        return listed;
    }

    // Whether a label's variant is the candidate's: its backend, or the CUDA major of a
    // flash-attn asset with the C++ ABI of torch's pip wheels.
    static bool label_names_build(const LabelledBuild& label, const Candidate& c) {
        if (label.backend) {
            return *label.backend == c.backend;
        }
        const auto cuda = c.backend.cuda_version();
        return cuda && label.cuda_major == cuda->major() &&
               (!label.cxx11_abi || *label.cxx11_abi == torch_wheels_use_cxx11_abi(c.torch));
    }

    // A listed file's place: its find-links page (PyG), or its own URL (release assets).
    static CompanionPlacement placement_of(const CompanionPackageFact& release,
                                           const IndexFile& file) {
        CompanionPlacement placed;
        placed.version = file.wheel.version();
        const bool find_links =
            std::ranges::find(release.files_on, "find-links") != release.files_on.end();
        placed.source.kind = find_links ? PinSourceKind::FindLinks : PinSourceKind::DirectUrl;
        placed.source.url = find_links ? file.listing : file.url;
        return placed;
    }

    // `wheel`: the file the machine installs where the matrix lists the release's files in the
    // placement's folder; the pin then names its version, label included.
    static void pin_built_against_torch(Candidate& c, const CompanionPackageFact& release,
                                        const CompanionPlacement& placement,
                                        const CompanionFit& fit, const WheelChoice& wheel) {
        if (!release.learned_from.empty() && release.metadata_says) {
            c.warnings.push_back(warnings::paired_by_metadata(release.package, release.version,
                                                              c.torch, release.learned_from,
                                                              release.metadata_says->to_string()));
        } else if (!release.learned_from.empty()) {
            c.warnings.push_back(warnings::companion_from_labels(release.package, release.version,
                                                                 release.learned_from));
        }
        std::vector<std::string> assumed = fit.unverified;
        if (placement.url_from_scheme) {
            assumed.push_back("its file's URL follows the project's naming scheme; no listing of "
                              "those files was read");
        }
        if (!assumed.empty()) {
            std::string what;
            for (const std::string& part : assumed) {
                what += (what.empty() ? "" : "; ") + part;
            }
            c.warnings.push_back(
                warnings::companion_assumed(release.package, release.version, what));
        }
        c.pins.push_back(Pin{release.package, wheel.version.value_or(placement.version), "",
                             wheel.file, placement.source});
    }

    void check_driver(Candidate& c) const {
        const auto cuda = matrix_.cuda_of(c.backend, c.torch, machine_.tags.os);
        if (!cuda) {
            c.rejections.push_back(MissingFact{c.backend, "its CUDA version is unknown"});
            return;
        }
        const auto need = matrix_.direct_requirement(*cuda, machine_.tags.os);
        if (!need) {
            check_driver_against_the_floor(c, *cuda);
            return;
        }
        if (!machine_.nvidia_driver) {
            c.rejections.push_back(DriverTooOld{c.backend, *cuda, need->driver, std::nullopt});
            return;
        }
        const DriverVersion& have = *machine_.nvidia_driver;
        if (!(have < need->driver)) {
            c.driver_fit = DriverFit::Direct;
            return;
        }
        const CompatFloor* floor = matrix_.compat_floor(cuda->major(), machine_.tags.os);
        if (floor != nullptr && !(have < floor->minimum) &&
            (!floor->below || have < *floor->below)) {
            c.driver_fit = DriverFit::MinorVersion;
            c.driver_meets_the_minor = driver_meets_minor_of(*cuda, have);
            c.warnings.push_back(
                warnings::driver_minor_version(have, *cuda, need->driver, need->branch_only));
            return;
        }
        c.rejections.push_back(DriverTooOld{c.backend, *cuda, need->driver, have});
    }

    // Neither a minimum for the toolkit on this OS nor its minor's driver branch is known (a
    // matrix without cuda_branch, or a minor NVIDIA's notes do not reach): the CUDA major's
    // minor-version-compatibility floor is the requirement.
    void check_driver_against_the_floor(Candidate& c, const CudaVersion& cuda) const {
        const std::string os(name(machine_.tags.os));
        const CompatFloor* floor = matrix_.compat_floor(cuda.major(), machine_.tags.os);
        if (floor == nullptr) {
            c.rejections.push_back(MissingFact{c.backend, "no driver minimum is known for CUDA " +
                                                              cuda.to_string() + " on " + os});
            return;
        }
        const auto& have = machine_.nvidia_driver;
        if (!have || *have < floor->minimum || (floor->below && !(*have < *floor->below))) {
            c.rejections.push_back(DriverTooOld{c.backend, cuda, floor->minimum, have});
            return;
        }
        c.driver_fit = DriverFit::MinorVersion;
        c.warnings.push_back(
            warnings::driver_floor_only(machine_.tags.os, cuda, *have, floor->minimum));
    }

    // Whether the driver meets some release of `cuda`'s major.minor directly.
    bool driver_meets_minor_of(const CudaVersion& cuda, const DriverVersion& have) const {
        return std::any_of(
            matrix_.cuda_drivers.begin(), matrix_.cuda_drivers.end(), [&](const CudaDriverFact& f) {
                return f.os == machine_.tags.os && f.cuda.major() == cuda.major() &&
                       f.cuda.minor() == cuda.minor() && f.minimum && !(have < *f.minimum);
            });
    }

    void check_gpus(Candidate& c) const {
        const auto cuda = matrix_.cuda_of(c.backend, c.torch, machine_.tags.os);
        const ArchListFact* arch =
            matrix_.arch_list(c.torch, c.backend, machine_.tags.os, machine_.tags.arch);
        if (arch == nullptr && !machine_.nvidia_gpus.empty()) {
            arch = assumed_arch_list(c);
        }
        for (const auto& gpu : machine_.nvidia_gpus) {
            if (arch == nullptr || !cuda) {
                c.warnings.push_back(
                    warnings::arch_list_unknown(c.torch, c.backend, describe_gpu(gpu)));
                c.gpu_support_unverified = true;
                continue;
            }
            const auto first_cuda = matrix_.first_cuda_for(gpu.capability);
            const GpuFit fit = fit_on_gpu(arch->arch_list, *cuda, gpu.capability, first_cuda);
            if (fit == GpuFit::NotBuilt || fit == GpuFit::CudaTooOld) {
                c.rejections.push_back(GpuArchNotBuilt{describe_gpu(gpu), gpu.capability, c.backend,
                                                       *cuda, arch->arch_list, fit, first_cuda});
            } else if (fit == GpuFit::Ptx) {
                c.warnings.push_back(warnings::gpu_runs_ptx(describe_gpu(gpu)));
            }
        }
    }

    // For a release known only from the index: the arch list of the newest curated release before
    // it with one for this build, stated as an assumption; nullptr for a curated release or none.
    const ArchListFact* assumed_arch_list(Candidate& c) const {
        const ReleaseFact* release = matrix_.release(c.torch);
        if (release == nullptr || !release->from_index) {
            return nullptr;
        }
        for (const ReleaseFact& earlier : matrix_.releases) {
            if (earlier.from_index || !(earlier.torch < c.torch)) {
                continue;
            }
            const ArchListFact* arch =
                matrix_.arch_list(earlier.torch, c.backend, machine_.tags.os, machine_.tags.arch);
            if (arch != nullptr) {
                c.warnings.push_back(warnings::arch_list_assumed(c.torch, c.backend, earlier.torch,
                                                                 arch_list_text(arch->arch_list)));
                return arch;
            }
        }
        return nullptr;
    }

    static std::string describe_gpu(const TargetMachine::NvidiaGpu& gpu) {
        return gpu.name.empty() ? gpu.capability.sm() : gpu.name + " (" + gpu.capability.sm() + ")";
    }

    void check_gfx(Candidate& c) const {
        GfxCheck gfx =
            check_gfx_targets(matrix_, c.torch, c.backend, machine_.rocm_gfx, machine_.tags.os);
        c.gfx_fit = gfx.fit;
        if (gfx.fit == GfxFit::Unverified) {
            for (const std::string& target : machine_.rocm_gfx) {
                c.warnings.push_back(warnings::gfx_list_unknown(c.backend, target));
                c.gpu_support_unverified = true;
            }
        }
        for (GfxNotBuilt& rejection : gfx.rejections) {
            c.rejections.push_back(std::move(rejection));
        }
        for (const HsaOverrideFact& fact : gfx.overrides) {
            c.warnings.push_back(warnings::hsa_override(fact, c.backend));
        }
        c.hsa_overrides = std::move(gfx.overrides);
    }

    // Each known issue of this build on this OS, unless the machine's Visual C++ runtime is
    // known to rule it out or the issue is known only by its message (explain-error's): one
    // line among the warnings, the whole fact for explain.
    void add_known_issues(Candidate& c) const {
        const KnownIssueQuery query{.os = machine_.tags.os,
                                    .torch = c.torch,
                                    .backend = c.backend,
                                    .vc_runtime = machine_.vc_runtime,
                                    .every_version_issues = true};
        for (const KnownIssueFact& issue : matrix_.known_issues) {
            if (known_issue_applies(issue, query)) {
                c.warnings.push_back(warnings::known_issue(issue));
                c.known_issues.push_back(issue);
            }
        }
    }

    const CompatMatrix& matrix_;
    const TargetMachine& machine_;
    const ResolveRequest& request_;
    TagRanking ranking_;
    ReleaseWheels wheels_;
    std::string best_platform_; // named by NoWheelFor rejections
    WheelJudge judge_;
    std::map<std::string, std::vector<const Requirement*>, std::less<>> requirements_;
    std::vector<std::string> built_against_torch_;
    // Each torch requirement as written, for the candidates it excludes (one per release and
    // backend).
    std::map<const Requirement*, std::string> torch_requirement_text_;
};

// A CPU build for a machine with a GPU: ranked below every GPU build.
bool is_cpu_fallback(const Candidate& c, const TargetMachine& machine) {
    return machine.has_gpu() && c.backend.kind() == BackendKind::Cpu;
}

// Among ROCm builds, one that carries every AMD GPU's target before one that needs an HSA
// override, before one whose gfx list is unknown. Other builds keep their place by kind (the
// backend order), so a rejected CUDA build is not listed before the ROCm builds.
int gfx_rank(GfxFit fit) {
    return fit == GfxFit::Override ? 1 : fit == GfxFit::Unverified ? 2 : 0;
}

bool both_rocm(const Candidate& a, const Candidate& b) {
    return a.backend.kind() == BackendKind::Rocm && b.backend.kind() == BackendKind::Rocm;
}

// GPU builds before a CPU fallback; newer torch first; a build known to serve the GPUs before one
// whose arch or gfx list is unknown; Direct before MinorVersion, and among MinorVersion fits one
// of the CUDA minor the driver runs directly; built for the AMD GPUs before an HSA override;
// newer toolkit.
bool better(const Candidate& a, const Candidate& b, const TargetMachine& machine) {
    const bool a_fallback = is_cpu_fallback(a, machine);
    const bool b_fallback = is_cpu_fallback(b, machine);
    if (a_fallback != b_fallback) {
        return b_fallback;
    }
    if (a.torch != b.torch) {
        return b.torch < a.torch;
    }
    if (a.gpu_support_unverified != b.gpu_support_unverified) {
        return b.gpu_support_unverified;
    }
    if (a.driver_fit != b.driver_fit) {
        return a.driver_fit < b.driver_fit;
    }
    if (a.driver_meets_the_minor != b.driver_meets_the_minor) {
        return a.driver_meets_the_minor;
    }
    if (both_rocm(a, b) && gfx_rank(a.gfx_fit) != gfx_rank(b.gfx_fit)) {
        return gfx_rank(a.gfx_fit) < gfx_rank(b.gfx_fit);
    }
    return b.backend < a.backend;
}

// The (backend, torch) builds the matrix records for the machine's OS and CPU, for the
// candidates' "is it published" question (asked for every release and backend), kept by release:
// a question scans the dozen builds of one release, and an answer that weighs one release does
// not pay for ordering every build of every release.
class PublishedHere {
public:
    // The builds of one release here, in the matrix's order.
    class OfRelease {
    public:
        explicit OfRelease(const std::vector<const PublishedBackend*>* builds)
            : builds_(builds) {}
        bool contains(const Backend& backend) const {
            return builds_ != nullptr && std::ranges::any_of(*builds_, [&](const auto* p) {
                       return p->backend == backend;
                   });
        }
        // The projection of the first projected row of the build, if a row is.
        Projection projection(const Backend& backend) const {
            if (builds_ != nullptr) {
                for (const PublishedBackend* p : *builds_) {
                    if (p->backend == backend && p->projected()) {
                        return p->projection;
                    }
                }
            }
            return Projection::None;
        }

    private:
        const std::vector<const PublishedBackend*>* builds_; // nullptr: none
    };

    PublishedHere(const CompatMatrix& matrix, const TargetMachine& machine) {
        std::set<Backend> seen;
        for (const PublishedBackend& p : matrix.published) {
            if (p.os == machine.tags.os && p.arch == machine.tags.arch) {
                by_release_[p.torch].push_back(&p);
                if (seen.insert(p.backend).second) {
                    backends_.push_back(p.backend);
                }
            }
        }
    }

    OfRelease of_release(const Version& torch) const {
        const auto found = by_release_.find(torch);
        return OfRelease(found == by_release_.end() ? nullptr : &found->second);
    }
    // In the matrix's order.
    const std::vector<Backend>& backends() const { return backends_; }

private:
    std::unordered_map<Version, std::vector<const PublishedBackend*>> by_release_;
    std::vector<Backend> backends_;
};

// Releases newer than `chosen` of which the matrix records no build at all for the machine's OS
// and CPU: unknown rather than unpublished, so the answer says so.
std::optional<AnswerWarning> releases_without_builds_here(const CompatMatrix& matrix,
                                                          const TargetMachine& machine,
                                                          const Version& chosen) {
    std::vector<std::string> unknown;
    for (const ReleaseFact& release : matrix.releases) {
        const bool any_here = std::any_of(
            matrix.published.begin(), matrix.published.end(), [&](const PublishedBackend& p) {
                return p.torch == release.torch && p.os == machine.tags.os &&
                       p.arch == machine.tags.arch;
            });
        if (chosen < release.torch && !any_here) {
            unknown.push_back(release.torch.to_string());
        }
    }
    if (unknown.empty()) {
        return std::nullopt;
    }
    return warnings::releases_unknown_here(unknown.back(), unknown.front(), machine.tags.os,
                                           machine.tags.arch);
}

// Newer releases whose build would run here but for a companion the request names that is not
// released for them (torchaudio from 2.12 on): the answer says why it is older than they are.
std::optional<AnswerWarning> newer_without_companion(const std::vector<Candidate>& candidates,
                                                     const Version& chosen) {
    std::set<Version> releases;
    std::set<std::string> packages;
    for (const Candidate& c : candidates) {
        const bool only_unreleased_companions =
            !c.rejections.empty() &&
            std::all_of(c.rejections.begin(), c.rejections.end(), [](const Rejection& r) {
                const auto* unpaired = std::get_if<NotPaired>(&r);
                const auto* misfit = std::get_if<CompanionDoesNotFit>(&r);
                // Not released at all, rather than paired with a version a requirement excludes.
                return (unpaired != nullptr && !unpaired->paired &&
                        unpaired->requirement.empty()) ||
                       (misfit != nullptr && !misfit->fits_without_requirement);
            });
        if (chosen < c.torch && only_unreleased_companions) {
            releases.insert(c.torch);
            for (const Rejection& r : c.rejections) {
                const auto* unpaired = std::get_if<NotPaired>(&r);
                packages.insert(unpaired != nullptr ? unpaired->package
                                                    : std::get<CompanionDoesNotFit>(r).package);
            }
        }
    }
    if (releases.empty()) {
        return std::nullopt;
    }
    return warnings::newer_without_companion({releases.begin(), releases.end()},
                                             {packages.begin(), packages.end()});
}

// Newer releases with a build that would run here but whose builds are only projected (2.15.0
// before an index listing confirms them): the answer names them and how to confirm them.
std::optional<AnswerWarning> newer_not_verified(const std::vector<Candidate>& candidates,
                                                const Version& chosen) {
    std::set<Version> releases;
    for (const Candidate& c : candidates) {
        const bool only_unverified =
            !c.rejections.empty() &&
            std::all_of(c.rejections.begin(), c.rejections.end(), [](const Rejection& r) {
                return std::holds_alternative<BuildNotVerified>(r);
            });
        if (chosen < c.torch && only_unverified) {
            releases.insert(c.torch);
        }
    }
    if (releases.empty()) {
        return std::nullopt;
    }
    return warnings::newer_not_verified({releases.begin(), releases.end()});
}

} // namespace

MarkerEnvironment marker_environment(const TargetMachine& machine) {
    const PythonTarget& python = machine.tags.python;
    const std::string version = std::to_string(python.major) + "." + std::to_string(python.minor);
    MarkerEnvironment env;
    env.implementation_name =
        python.implementation == PythonImplementation::PyPy ? "pypy" : "cpython";
    env.platform_python_implementation =
        python.implementation == PythonImplementation::PyPy ? "PyPy" : "CPython";
    env.python_version = version;
    env.python_full_version = version + ".0";
    env.implementation_version = env.python_full_version;
    env.platform_machine = std::string(name(machine.tags.arch));
    switch (machine.tags.os) {
    case OperatingSystem::Linux:
        env.sys_platform = "linux", env.platform_system = "Linux", env.os_name = "posix";
        break;
    case OperatingSystem::Windows:
        env.sys_platform = "win32", env.platform_system = "Windows", env.os_name = "nt";
        env.platform_machine = machine.tags.arch == CpuArch::X86_64 ? "AMD64" : "ARM64";
        break;
    case OperatingSystem::Macos:
        env.sys_platform = "darwin", env.platform_system = "Darwin", env.os_name = "posix";
        env.platform_machine = machine.tags.arch == CpuArch::Aarch64 ? "arm64" : "x86_64";
        break;
    }
    return env;
}

std::string_view name(DriverFit fit) noexcept {
    static constexpr std::string_view names[] = {"direct", "minor-version", "not-needed"};
    return names[static_cast<int>(fit)];
}

std::string_view name(GfxFit fit) noexcept {
    static constexpr std::string_view names[] = {"built", "hsa-override", "unverified",
                                                 "not-needed"};
    return names[static_cast<int>(fit)];
}

std::vector<EnvironmentVariable> required_environment(const Candidate& candidate) {
    if (candidate.hsa_overrides.empty()) {
        return {};
    }
    return {{"HSA_OVERRIDE_GFX_VERSION", candidate.hsa_overrides.front().hsa_version}};
}

std::string Pin::specifier() const {
    return version ? "==" + version->to_string() : "==" + series + ".*";
}

std::string Pin::requirement() const {
    if (source && source->kind == PinSourceKind::DirectUrl) {
        return package + " @ " + source->url;
    }
    return package + specifier();
}

std::string pytorch_index_url(const Backend& backend, std::string_view base) {
    return std::string(base) + backend.index_directory();
}

std::string Resolution::index_url() const {
    return solution ? pytorch_index_url(solution->backend, index_base) : std::string();
}

std::vector<Candidate> evaluate_candidates(const CompatMatrix& matrix, const TargetMachine& machine,
                                           const ResolveRequest& request, Evaluation evaluation) {
    const CandidateChecker checker(matrix, machine, request);
    const PublishedHere published_here(matrix, machine);
    // The forced backend, or every backend published for the OS and CPU.
    const std::vector<Backend> backends =
        request.backend ? std::vector<Backend>{*request.backend} : published_here.backends();
    std::vector<Candidate> candidates;
    for (const ReleaseFact& release : matrix.releases) { // newest first
        const auto first_of_release = static_cast<std::ptrdiff_t>(candidates.size());
        // Only the answer is wanted: a release the torch requirement rules out is passed over
        // with that reason alone, before any of its files are read.
        const Requirement* excluded_by = evaluation == Evaluation::UntilAnswer
                                             ? checker.excluding_requirement(release)
                                             : nullptr;
        const PublishedHere::OfRelease builds = published_here.of_release(release.torch);
        for (const Backend& backend : backends) {
            const bool published = builds.contains(backend);
            if (excluded_by != nullptr && published) {
                candidates.push_back(checker.excluded(release, backend, *excluded_by));
            } else if (published || request.backend) {
                candidates.push_back(
                    checker.check(release, backend, published, builds.projection(backend)));
            }
        }
        if (evaluation == Evaluation::UntilAnswer &&
            std::any_of(
                candidates.begin() + first_of_release, candidates.end(),
                [&](const Candidate& c) { return c.works() && !is_cpu_fallback(c, machine); })) {
            break;
        }
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [&](const Candidate& a, const Candidate& b) { return better(a, b, machine); });
    return candidates;
}

Resolution resolve(const CompatMatrix& matrix, const TargetMachine& machine,
                   const ResolveRequest& request, Evaluation evaluation) {
    Resolution resolution;
    resolution.index_base = request.index_base;
    resolution.candidates = evaluate_candidates(matrix, machine, request, evaluation);
    const auto works = [](const Candidate& c) { return c.works(); };
    if (evaluation == Evaluation::UntilAnswer &&
        std::none_of(resolution.candidates.begin(), resolution.candidates.end(), works)) {
        // No answer: the hints and the explanation need every candidate's every reason, which
        // UntilAnswer left out for releases the torch requirement excludes.
        resolution.candidates = evaluate_candidates(matrix, machine, request);
    }
    const auto it = std::find_if(resolution.candidates.begin(), resolution.candidates.end(), works);
    if (it != resolution.candidates.end()) {
        resolution.solution = *it;
        if (auto gap = releases_without_builds_here(matrix, machine, it->torch)) {
            resolution.solution->warnings.push_back(*gap);
        }
        if (auto held_back = newer_without_companion(resolution.candidates, it->torch)) {
            resolution.solution->warnings.push_back(*held_back);
        }
        if (auto unverified = newer_not_verified(resolution.candidates, it->torch)) {
            resolution.solution->warnings.push_back(*unverified);
        }
    }
    return resolution;
}

} // namespace torchpin
