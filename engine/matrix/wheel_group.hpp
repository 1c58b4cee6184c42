// The files of one release in one listing that differ only in their Python and platform, as one
// row: what a question about a release reads instead of the release's files (the derived
// wheel_group table).
#pragma once

#include "engine/base/shared_text.hpp"
#include "engine/matrix/index_file.hpp"
#include "engine/matrix/wheel_build.hpp"
#include "engine/pep/tag_environment.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// One file's tag columns ("py2.py3", "none", "any"), borrowed from its group.
struct FileTags {
    std::string_view text; // the three, '-'-joined as the group's tags hold them
    std::string_view interpreters;
    std::string_view abis;
    std::string_view platforms;
};

struct WheelGroup {
    std::string package;            // normalized
    Version version;                // the files' version, label included
    std::optional<Backend> backend; // IndexFile::backend
    // The OS word of the files' platform tags (os_word_of): a group never mixes OSes.
    std::string os;
    // Every platform of its files, sorted, each once, '.'-joined: the text the SQL filter on a
    // wheel row's platform_tags reads (an OS word is in it exactly when it is in a file's).
    std::string platforms;
    // Each file's tag columns joined by '-' ("cp311-cp311-manylinux_2_28_x86_64"), sorted, each
    // once, space-separated (no column has a '-' or a space). Shared: the groups of one read that
    // list the same files' tags hold one text.
    SharedText tags;
    bool variant = false;          // PEP 825 variant wheels, which are never a pin
    bool on_pytorch_index = false; // CompatMatrix::on_pytorch_index of each file
    bool lists_every_file = false; // CompatMatrix::lists_every_file of each file

    // The stored tags of one of the group's files (one of files_of(tags), or of a text equal to
    // it).
    WheelTagColumns tag_columns(const FileTags& file) const;

    friend bool operator==(const WheelGroup&, const WheelGroup&) = default;
};

// The groups of one release, OS and standing whose files have the same platforms and tags, as one
// row of wheel_group_union: the builds of a release (cpu, cu118, cu121, rocm5.6...) mostly list
// the same Pythons and platforms, so that a release's groups are a few such rows (schema version
// 25: a full-size matrix's 423 Linux torch groups are 145 rows).
struct WheelGroupSet {
    std::string package; // normalized
    Version release;     // the public version of every group's
    std::string os;
    bool variant = false;
    bool on_pytorch_index = false;
    bool lists_every_file = false;
    std::vector<WheelBuild> builds; // a group each, sorted, each once
    std::string platforms;          // as WheelGroup::platforms
    SharedText tags;                // as WheelGroup::tags

    friend bool operator==(const WheelGroupSet&, const WheelGroupSet&) = default;
};

// `groups` (of one listing or merged over several: none has the key of another) as sets, in the
// order of each set's first group.
std::vector<WheelGroupSet> group_sets(const std::vector<WheelGroup>& groups);

// The groups `set` holds, appended to `groups` in the order of its builds.
void add_groups_of(const WheelGroupSet& set, std::vector<WheelGroup>& groups);

// The files a group's `tags` text lists, borrowed from it.
std::vector<FileTags> files_of(std::string_view tags);

// The word a platform tag of `os` holds ("linux", "win", "macosx"): what the SQL filter on the
// platform_tags of wheel and group rows looks for.
std::string_view os_word(OperatingSystem os) noexcept;

// The OS a platform_tags text is for, as that filter tells them: "any" for pure wheels, else the
// first os_word the text holds (Linux, Windows, macOS), else "other".
std::string_view os_word_of(std::string_view platforms);

} // namespace torchpin
