// Wheel compatibility tags (PEP 425): the interpreter-abi-platform triple and compressed tag sets.
#pragma once

#include "engine/base/expected.hpp"

#include <array>
#include <compare>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// One tag triple, lowercased as pypa/packaging does: Tag::from("CP311-cp311-Win_AMD64") is
// cp311-cp311-win_amd64.
class Tag {
public:
    // "cp311-cp311-manylinux_2_17_x86_64". The interpreter is an identifier (letters, digits,
    // '_', not starting with a digit); ABI and platform are letters, digits and '_'. A compressed
    // set ("py2.py3-none-any") is an error here: TagSet::parse reads those.
    static Expected<Tag> parse(std::string_view text);
    static Tag from(std::string_view text); // throws ParseFailure

    // Lowercases its arguments and does not validate them: Tag("py3", "none", "any").
    Tag(std::string_view interpreter, std::string_view abi, std::string_view platform);

    const std::string& interpreter() const noexcept { return interpreter_; } // "cp311", "py3"
    const std::string& abi() const noexcept { return abi_; }                 // "cp313t", "abi3"
    const std::string& platform() const noexcept { return platform_; }       // "win_amd64"

    std::string to_string() const; // "cp311-cp311-win_amd64"

    friend auto operator<=>(const Tag&, const Tag&) = default;

private:
    std::string interpreter_;
    std::string abi_;
    std::string platform_;
};

// A tag's three parts, lowercase, borrowed: a key of text held elsewhere (TagRanking's).
struct TagView {
    std::string_view interpreter;
    std::string_view abi;
    std::string_view platform;
};

struct TagHash {
    std::size_t operator()(const Tag& tag) const noexcept;
    std::size_t operator()(const TagView& tag) const noexcept;
};

struct TagEqual {
    bool operator()(const TagView& a, const TagView& b) const noexcept {
        return a.interpreter == b.interpreter && a.abi == b.abi && a.platform == b.platform;
    }
};

// The tag part of a wheel file name, which may be a compressed set: "py2.py3-none-any" stands
// for py2-none-any and py3-none-any; "cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64"
// for one tag per platform.
//
// Invariant (tested): TagSet::parse(s)->to_string() == s. Two sets are equal when they stand for
// the same tags, however they are spelled: "py3.py2-none-any" == "py2.py3-NONE-any".
class TagSet {
public:
    static Expected<TagSet> parse(std::string_view text);
    static TagSet from(std::string_view text); // throws ParseFailure

    // Each dot-separated component as written.
    const std::vector<std::string>& interpreters() const noexcept { return written_[0]; }
    const std::vector<std::string>& abis() const noexcept { return written_[1]; }
    const std::vector<std::string>& platforms() const noexcept { return written_[2]; }

    // The tags the set stands for, lowercased, without repeats, interpreters varying slowest.
    std::vector<Tag> tags() const;
    // Calls visit(interpreter, abi, platform) for each of those tags, lowercased, without repeats
    // and without building them (the resolver ranks every listed file's tags).
    template <class Visit>
    void for_each_tag(Visit visit) const {
        const Components& n = normalized();
        for (const std::string& interpreter : n[0]) {
            for (const std::string& abi : n[1]) {
                for (const std::string& platform : n[2]) {
                    visit(std::string_view(interpreter), std::string_view(abi),
                          std::string_view(platform));
                }
            }
        }
    }
    std::size_t size() const noexcept; // how many tags, without building them
    bool contains(const Tag& tag) const;

    std::string to_string() const; // as written

    friend bool operator==(const TagSet& a, const TagSet& b) noexcept {
        return a.normalized() == b.normalized();
    }

private:
    using Components = std::array<std::vector<std::string>, 3>; // interpreters, ABIs, platforms
    const Components& normalized() const noexcept {
        return written_is_normalized_ ? written_ : normalized_;
    }

    Components written_;
    Components normalized_; // lowercased, sorted, unique; empty when written_ already is
    bool written_is_normalized_ = false; // the usual case: no copy of every member
};

} // namespace torchpin
