// Wheel file names: splitting into parts and validating each, with the position of any error.
#include "engine/pep/wheel_filename.hpp"

#include "engine/base/text_scanner.hpp"

namespace torchpin {

namespace {

constexpr std::string_view wheel_extension = ".whl";

struct Part {
    std::string_view text;
    std::size_t offset; // in the file name
};

// Moves an error about `part` to its place in the whole file name.
ParseError within(ParseError error, const Part& part, std::string_view file_name) {
    error.position += part.offset;
    error.input = std::string(file_name);
    return error;
}

Expected<BuildTag> parse_build_tag(const Part& part, std::string_view file_name) {
    const auto fail = [&](std::string message, std::size_t at) {
        return ParseError{"invalid build tag: " + std::move(message), part.offset + at,
                          std::string(file_name)};
    };
    TextScanner scan(part.text);
    bool overflow = false;
    const auto number = scan.read_number(overflow);
    if (!number) {
        return fail("it must start with a digit (PEP 427)", 0);
    }
    if (overflow) {
        return fail("number too large", 0);
    }
    for (std::size_t i = scan.position(); i < part.text.size(); ++i) {
        const char c = part.text[i];
        if (!is_ascii_alnum(c) && c != '_' && c != '.') {
            return fail("unexpected '" + std::string(1, c) + "'", i);
        }
    }
    return BuildTag{*number, std::string(scan.rest())};
}

// A PEP 825 variant label: "x86_64_v3", "cu128"; non-empty, 0-9 a-z _ . only.
Expected<std::string> parse_variant_label(const Part& part, std::string_view file_name) {
    for (std::size_t i = 0; i < part.text.size(); ++i) {
        const char c = part.text[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '_' || c == '.')) {
            return ParseError{"invalid variant label: '" + std::string(1, c) +
                                  "' (PEP 825 allows 0-9, a-z, '_' and '.')",
                              part.offset + i, std::string(file_name)};
        }
    }
    if (part.text.empty()) {
        return ParseError{"invalid variant label: empty", part.offset, std::string(file_name)};
    }
    return std::string(part.text);
}

bool starts_with_digit(std::string_view text) {
    return !text.empty() && text.front() >= '0' && text.front() <= '9';
}

} // namespace

Expected<WheelFilename> WheelFilename::parse(std::string_view file_name) {
    const auto fail = [&](std::string message, std::size_t position) {
        return ParseError{std::move(message), position, std::string(file_name)};
    };
    if (!file_name.ends_with(wheel_extension)) {
        return fail("a wheel file name ends in .whl", file_name.size());
    }
    const std::string_view stem = file_name.substr(0, file_name.size() - wheel_extension.size());
    std::vector<Part> parts;
    for (std::size_t start = 0;;) {
        const std::size_t dash = stem.find('-', start);
        parts.push_back({stem.substr(start, dash - start), start});
        if (dash == std::string_view::npos) {
            break;
        }
        if (parts.size() == 7) {
            return fail("too many '-'-separated parts: expected name-version(-build)-python-abi-"
                        "platform(-variant).whl",
                        dash);
        }
        start = dash + 1;
    }
    if (parts.size() < 5) {
        return fail("expected name-version(-build)-python-abi-platform(-variant).whl, found only " +
                        std::to_string(parts.size()) + " '-'-separated parts",
                    stem.size());
    }

    auto name = PackageName::parse(parts[0].text);
    if (!name) {
        return within(name.error(), parts[0], file_name);
    }
    if (const auto run = parts[0].text.find("__"); run != std::string_view::npos) {
        return fail("invalid project name: a wheel name writes each run of '-', '_' and '.' as "
                    "a single '_' (PEP 427)",
                    run);
    }
    auto version = Version::parse(parts[1].text);
    if (!version) {
        return within(version.error(), parts[1], file_name);
    }
    // Six parts are a build tag (it starts with a digit) or a PEP 825 variant label after the
    // platform (a Python tag never starts with a digit); seven are both.
    const bool has_build =
        parts.size() == 7 || (parts.size() == 6 && starts_with_digit(parts[2].text));
    const bool has_variant = parts.size() == 7 || (parts.size() == 6 && !has_build);
    std::optional<BuildTag> build_tag;
    if (has_build) {
        auto parsed = parse_build_tag(parts[2], file_name);
        if (!parsed) {
            return parsed.error();
        }
        build_tag = *std::move(parsed);
    }
    std::optional<std::string> variant_label;
    if (has_variant) {
        auto parsed = parse_variant_label(parts.back(), file_name);
        if (!parsed) {
            return parsed.error();
        }
        variant_label = *std::move(parsed);
    }
    const Part& python = parts[has_build ? 3 : 2];
    const Part& platform = parts[has_build ? 5 : 4];
    const Part tags{
        stem.substr(python.offset, platform.offset + platform.text.size() - python.offset),
        python.offset};
    auto tag_set = TagSet::parse(tags.text);
    if (!tag_set) {
        return within(tag_set.error(), tags, file_name);
    }
    return WheelFilename(std::string(file_name), *std::move(name), *std::move(version),
                         std::move(build_tag), *std::move(tag_set), std::move(variant_label));
}

WheelFilename WheelFilename::from(std::string_view file_name) {
    return parse(file_name).value();
}

} // namespace torchpin
