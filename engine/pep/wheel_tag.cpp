// Tag triples and compressed tag sets: validation with positions, lowercasing, expansion.
#include "engine/pep/wheel_tag.hpp"

#include "engine/base/text_scanner.hpp"

#include <algorithm>
#include <functional>
#include <optional>
#include <unordered_set>

namespace torchpin {

namespace {

constexpr std::string_view component_names[3] = {"interpreter", "ABI", "platform"};

std::string lowercase(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), ascii_lower);
    return out;
}

// Checks one member of a component ("py3", "manylinux2014_x86_64"); `offset` places it in `text`.
std::optional<ParseError> check_member(std::string_view member, std::size_t component,
                                       std::size_t offset, std::string_view text) {
    const std::string_view what = component_names[component];
    if (member.empty()) {
        return ParseError{"empty " + std::string(what) + " tag", offset, std::string(text)};
    }
    for (std::size_t i = 0; i < member.size(); ++i) {
        const char c = member[i];
        if (!is_ascii_alnum(c) && c != '_') {
            return ParseError{"unexpected '" + std::string(1, c) + "' in the " + std::string(what) +
                                  " tag",
                              offset + i, std::string(text)};
        }
    }
    if (component == 0 && is_ascii_digit(member.front())) {
        return ParseError{"an interpreter tag starts with a letter (py3, cp311)", offset,
                          std::string(text)};
    }
    return std::nullopt;
}

} // namespace

Tag::Tag(std::string_view interpreter, std::string_view abi, std::string_view platform)
    : interpreter_(lowercase(interpreter))
    , abi_(lowercase(abi))
    , platform_(lowercase(platform)) {}

Expected<Tag> Tag::parse(std::string_view text) {
    auto set = TagSet::parse(text);
    if (!set) {
        return set.error();
    }
    if (const auto dot = text.find('.'); dot != std::string_view::npos) {
        return ParseError{"a compressed tag set stands for several tags; expected one", dot,
                          std::string(text)};
    }
    return Tag(set->interpreters().front(), set->abis().front(), set->platforms().front());
}

Tag Tag::from(std::string_view text) {
    return parse(text).value();
}

std::string Tag::to_string() const {
    return interpreter_ + "-" + abi_ + "-" + platform_;
}

std::size_t TagHash::operator()(const Tag& tag) const noexcept {
    return (*this)(TagView{tag.interpreter(), tag.abi(), tag.platform()});
}

std::size_t TagHash::operator()(const TagView& tag) const noexcept {
    const std::hash<std::string_view> hash;
    std::size_t seed = hash(tag.interpreter);
    for (const std::string_view part : {tag.abi, tag.platform}) {
        seed ^= hash(part) + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2);
    }
    return seed;
}

Expected<TagSet> TagSet::parse(std::string_view text) {
    TagSet set;
    std::size_t component = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        const bool end_of_member = i == text.size() || text[i] == '.' || text[i] == '-';
        if (!end_of_member) {
            continue;
        }
        const std::string_view member = text.substr(start, i - start);
        if (auto error = check_member(member, component, start, text)) {
            return *error;
        }
        set.written_[component].emplace_back(member);
        start = i + 1;
        if (i < text.size() && text[i] == '-') {
            if (++component == 3) {
                return ParseError{"a tag has three parts (interpreter-abi-platform); found a "
                                  "fourth '-'",
                                  i, std::string(text)};
            }
        }
    }
    if (component != 2) {
        return ParseError{"a tag has three parts (interpreter-abi-platform), like py3-none-any",
                          text.size(), std::string(text)};
    }
    const auto is_normalized = [](const std::vector<std::string>& members) {
        return std::adjacent_find(members.begin(), members.end(), std::greater_equal<>()) ==
                   members.end() &&
               std::all_of(members.begin(), members.end(), [](const std::string& m) {
                   return std::none_of(m.begin(), m.end(),
                                       [](char ch) { return ch >= 'A' && ch <= 'Z'; });
               });
    };
    set.written_is_normalized_ =
        std::all_of(set.written_.begin(), set.written_.end(), is_normalized);
    if (set.written_is_normalized_) {
        return set;
    }
    for (std::size_t c = 0; c < 3; ++c) {
        auto& normalized = set.normalized_[c];
        for (const auto& member : set.written_[c]) {
            normalized.push_back(lowercase(member));
        }
        std::sort(normalized.begin(), normalized.end());
        normalized.erase(std::unique(normalized.begin(), normalized.end()), normalized.end());
    }
    return set;
}

TagSet TagSet::from(std::string_view text) {
    return parse(text).value();
}

std::vector<Tag> TagSet::tags() const {
    std::vector<Tag> out;
    std::unordered_set<Tag, TagHash> seen;
    for (const auto& interpreter : interpreters()) {
        for (const auto& abi : abis()) {
            for (const auto& platform : platforms()) {
                Tag tag(interpreter, abi, platform);
                if (seen.insert(tag).second) {
                    out.push_back(std::move(tag));
                }
            }
        }
    }
    return out;
}

std::size_t TagSet::size() const noexcept {
    const Components& n = normalized();
    return n[0].size() * n[1].size() * n[2].size();
}

bool TagSet::contains(const Tag& tag) const {
    const auto has = [](const std::vector<std::string>& sorted, const std::string& member) {
        return std::binary_search(sorted.begin(), sorted.end(), member);
    };
    const Components& n = normalized();
    return has(n[0], tag.interpreter()) && has(n[1], tag.abi()) && has(n[2], tag.platform());
}

std::string TagSet::to_string() const {
    std::string out;
    for (std::size_t c = 0; c < 3; ++c) {
        for (std::size_t i = 0; i < written_[c].size(); ++i) {
            out += (i == 0 ? (c == 0 ? "" : "-") : ".") + written_[c][i];
        }
    }
    return out;
}

} // namespace torchpin
