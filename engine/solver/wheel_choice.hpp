// Which file of a release and backend pip installs on a machine, and what a release's files say
// where there is none, judged on the release's wheel groups so that only the chosen files are read.
#pragma once

#include "engine/base/text_hash.hpp"
#include "engine/matrix/release_wheels.hpp"
#include "engine/pep/tag_environment.hpp"
#include "engine/solver/pinned_wheel.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace torchpin {

// Is `file` built for the machine's OS and CPU (whatever its Python and libc)? A listing for
// aarch64 says nothing about which x86_64 wheels exist.
bool wheel_for_platform(const IndexFile& file, const TagEnvironment& tags);

struct WheelChoice {
    bool any_listed = false; // the matrix lists files for this version, backend and platform
    // Of those, one comes from an index page that lists every file of its folder, or one is
    // for the machine's Python: either way the files say whether the machine has one (asked only
    // when there is no best file).
    bool listing_decides = false;
    // The file pip installs on this machine, if any, and its version (label included). Where the
    // matrix reads its files on demand and the release's groups say which version that file has,
    // the file is read only when asked for.
    std::optional<Version> version;
    PinnedWheel file;
};

// The machine wheels are chosen for, and what it makes of a group's tags, remembered per text:
// the groups of every release repeat a few dozen lists of Pythons and platform tags. Refers to
// `tags` and `ranking`, which must outlive it; not safe to share between threads.
class WheelJudge {
public:
    // `machine_platform`: the machine's preferred platform tag ("manylinux_2_35_x86_64").
    WheelJudge(const TagEnvironment& tags, const TagRanking& ranking, std::string machine_platform);

    const TagEnvironment& tags() const noexcept { return tags_; }

    // What the machine makes of a group's files, of those built for its OS and CPU.
    struct Fit {
        bool for_platform = false;           // one is built for its OS and CPU
        bool for_its_python = false;         // one is for its Python, on whatever platform version
        std::optional<std::size_t> priority; // the best TagRanking gives one
        // The files of that priority, in WheelGroup::files order; they borrow from the text of
        // the tags the fit is kept by, which lives as long as the judge.
        std::vector<FileTags> best;
    };
    const Fit& fit(const WheelGroup& group) const;

private:
    // What the machine makes of one file's tags.
    struct FileFit {
        bool for_platform = false;
        bool for_its_python = false;
        std::optional<std::size_t> priority;
    };

    // The fit of a group tags text, remembered by the text.
    const Fit& fit_of_text(std::string_view tags) const;
    // Fills `fit` from the files the group tags `tags` list.
    void fit_of(std::string_view tags, Fit& fit) const;
    // The FileFit of `file`, remembered by its text: the groups of a matrix's releases list a few
    // dozen different files' tags many times over.
    const FileFit& file_fit(const FileTags& file) const;

    const TagEnvironment& tags_;
    const TagRanking& ranking_;
    std::string machine_platform_;
    mutable TextMap<Fit> fits_; // by the groups' tags text
    // The same fits by the identity of a group's SharedText tags, which the entry keeps alive (so
    // that no other text takes its place): the groups a matrix file's read decodes share each text,
    // so most lookups hash a pointer, not hundreds of bytes.
    mutable std::unordered_map<const void*, std::pair<SharedText, const Fit*>> fits_by_identity_;
    mutable TextMap<FileFit> file_fits_; // by FileTags::text
};

// What the machine `judge` judges for finds among the PyTorch index's own files
// (CompatMatrix::on_pytorch_index) of `package` at `version` for `backend`, its OS and CPU. PEP 825
// variant wheels are never the pin: installers without variant support reject their names, and
// which variant suits the machine is not in the matrix. Of equally ranked files, the first in the
// matrix's order is the pin, unless a later one is observed and it only derived.
WheelChoice choose_wheel(const CompatMatrix& matrix, const ReleaseWheels& wheels,
                         const WheelJudge& judge, std::string_view package, const Version& version,
                         const Backend& backend);

// Whether the matrix lists a file of `package` at `version` that carries its build's label
// (torchaudio-2.8.0+cu128): the index labels that release's files of the package.
bool index_labels(const ReleaseWheels& wheels, std::string_view package, const Version& version);

// Whether the matrix lists a labelled torch file of `version` for this machine's platform, of
// any backend (2.7.1+cu128 for a 2.7.1+cu126 pin): the index labels the release's builds here.
// macOS files carry no label, so a macOS machine finds none.
bool labels_builds_here(const ReleaseWheels& wheels, const WheelJudge& judge,
                        const Version& version);

} // namespace torchpin
