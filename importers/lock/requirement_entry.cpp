// read_requirement_entry / read_editable_entry: pip's parse_req_from_line and parse_editable
// decisions (URL, path or PEP 508), by the shape of the text.
#include "importers/lock/requirement_entry.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/text_scanner.hpp"
#include "engine/pep/marker.hpp"
#include "engine/pep/requirement.hpp"
#include "engine/pep/wheel_filename.hpp"
#include "importers/input/url_reference.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace torchpin {

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    std::ranges::transform(out, out.begin(), ascii_lower);
    return out;
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
        text.remove_prefix(1);
    }
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
        text.remove_suffix(1);
    }
    return text;
}

bool is_vcs_scheme(std::string_view scheme) {
    return scheme == "svn" || scheme.starts_with("git+") || scheme.starts_with("hg+") ||
           scheme.starts_with("svn+") || scheme.starts_with("bzr+");
}

// pip's is_url: the text before the first ':' is http, https, file, ftp or a VCS scheme.
bool is_url(std::string_view text) {
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) {
        return false;
    }
    const std::string scheme = lower(text.substr(0, colon));
    return scheme == "http" || scheme == "https" || scheme == "file" || scheme == "ftp" ||
           is_vcs_scheme(scheme);
}

bool is_file_url(std::string_view text) {
    return lower(text.substr(0, 5)) == "file:";
}

// pip's _looks_like_path, for files written on Linux or Windows.
bool looks_like_path(std::string_view text) {
    return text.find('/') != std::string_view::npos || text.find('\\') != std::string_view::npos ||
           text.starts_with(".");
}

// pip's is_archive_file (ARCHIVE_EXTENSIONS, case-insensitive).
bool is_archive_file(std::string_view text) {
    static constexpr std::array<std::string_view, 12> extensions{
        ".zip", ".whl",    ".tar.bz2",  ".tbz",    ".tar.xz", ".txz",
        ".tlz", ".tar.lz", ".tar.lzma", ".tar.gz", ".tgz",    ".tar"};
    const std::string name = lower(text);
    return std::any_of(extensions.begin(), extensions.end(),
                       [&](std::string_view e) { return name.ends_with(e); });
}

// The project of an "#egg=name" fragment (pip's _egg_fragment_re "[#&]egg=([^&]*)").
std::string egg_name(std::string_view url) {
    const std::size_t hash = url.find('#');
    if (hash == std::string_view::npos) {
        return "";
    }
    std::string_view fragment = url.substr(hash);
    for (std::size_t at = 0; at < fragment.size(); ++at) {
        if ((fragment[at] == '#' || fragment[at] == '&') && fragment.substr(at + 1, 4) == "egg=") {
            std::string_view value = fragment.substr(at + 5);
            value = value.substr(0, value.find('&'));
            value = value.substr(0, value.find('['));
            if (auto name = PackageName::parse(value)) {
                return name->normalized();
            }
        }
    }
    return "";
}

class EntryReader {
public:
    EntryReader(const RequirementEntrySource& source, std::vector<ReaderNote>& notes)
        : source_(source)
        , notes_(notes) {}

    [[noreturn]] void reject(std::size_t offset, std::string message) const {
        throw InputError(diagnostic_in(source_.input, source_.line, offset, std::move(message)));
    }

    LockedPackage package(LockedPackage::Kind kind) const {
        LockedPackage package;
        package.kind = kind;
        const LinePosition at = source_.line.position_of(source_.offset);
        package.where = SourceLocation{source_.input.origin(), source_.line.first_line(),
                                       at.line == source_.line.first_line() ? at.column : 1};
        return package;
    }

    void note(const LockedPackage& package, std::string message) const {
        notes_.push_back(ReaderNote{std::move(message), package.where});
    }

    // Name and version from a wheel file name, when the reference ends in one.
    void name_by_file(LockedPackage& package, std::string_view reference) const {
        const std::string file_name = url_file_name(split_fragment(reference).url);
        if (auto wheel = WheelFilename::parse(file_name)) {
            package.name = wheel->name().normalized();
            package.pinned = wheel->version();
        } else if (package.name.empty()) {
            package.name = egg_name(reference);
        }
    }

    void check_marker(std::string_view marker, std::size_t offset) const {
        if (auto parsed = Marker::parse(marker); !parsed) {
            reject(offset + parsed.error().position,
                   "invalid environment marker: " + parsed.error().message);
        }
    }

    // "https://…/x.whl ; marker": the URL, its wheel name, and a marker after "; ".
    LockedPackage url_entry(std::string_view text) const {
        const std::size_t separator = text.find("; ");
        const std::string_view url = trimmed(text.substr(0, separator));
        LockedPackage package = this->package(is_file_url(url) ? LockedPackage::Kind::LocalPath
                                                               : LockedPackage::Kind::DirectUrl);
        package.url = std::string(url);
        const std::string file_name = url_file_name(split_fragment(url).url);
        if (file_name.ends_with(".whl")) {
            auto wheel = WheelFilename::parse(file_name);
            if (!wheel) {
                reject(source_.offset + static_cast<std::size_t>(url.data() - text.data()) +
                           url.rfind('/') + 1,
                       "invalid wheel file name \"" + file_name + "\": " + wheel.error().message);
            }
            package.name = wheel->name().normalized();
            package.pinned = wheel->version();
        } else {
            package.name = egg_name(url);
        }
        if (separator != std::string_view::npos) {
            const std::size_t marker_offset = separator + 2;
            package.marker = std::string(trimmed(text.substr(marker_offset)));
            check_marker(text.substr(marker_offset), source_.offset + marker_offset);
        }
        if (package.kind == LockedPackage::Kind::LocalPath) {
            note(package, "local file " + package.url + ": recorded, not checked");
        } else if (package.name.empty()) {
            note(package, "the URL names no project (no wheel file name, no #egg=): not checked");
        }
        return package;
    }

    // "./pkg[extra]; marker" or "/x/torch-2.1.0-….whl": a local path, never checked.
    LockedPackage path_entry(std::string_view text) const {
        const std::size_t separator = text.find(';');
        std::string_view path = trimmed(text.substr(0, separator));
        LockedPackage package = this->package(LockedPackage::Kind::LocalPath);
        if (path.size() > 2 && path.back() == ']') {
            const std::size_t open = path.rfind('[');
            if (open != std::string_view::npos && open > 0 && open + 2 < path.size()) {
                const std::string_view extras = path.substr(open + 1, path.size() - open - 2);
                for (std::size_t start = 0; start <= extras.size();) {
                    const std::size_t end = std::min(extras.find(',', start), extras.size());
                    const std::string_view extra = trimmed(extras.substr(start, end - start));
                    if (!extra.empty()) {
                        package.extras.emplace_back(extra);
                    }
                    start = end + 1;
                }
                path = path.substr(0, open);
            }
        }
        package.url = std::string(path);
        name_by_file(package, path);
        if (separator != std::string_view::npos) {
            package.marker = std::string(trimmed(text.substr(separator + 1)));
            check_marker(text.substr(separator + 1), source_.offset + separator + 1);
        }
        note(package, "local path " + package.url + ": recorded, not checked");
        return package;
    }

    LockedPackage pep508_entry(std::string_view text) const {
        auto requirement = Requirement::parse(text);
        if (!requirement) {
            std::string message = requirement.error().message;
            if (text.find('=') != std::string_view::npos &&
                text.find_first_of("<>!~") == std::string_view::npos &&
                text.find("==") == std::string_view::npos) {
                message += " (= is not a valid operator; did you mean ==?)";
            }
            reject(source_.offset + requirement.error().position, std::move(message));
        }
        LockedPackage package = this->package(LockedPackage::Kind::Requirement);
        package.name = requirement->name().normalized();
        for (const PackageName& extra : requirement->extras()) {
            package.extras.push_back(extra.normalized());
        }
        package.specifier = requirement->specifier().to_string();
        for (const Specifier& clause : requirement->specifier().specifiers()) {
            const bool exact = clause.op() == Operator::Identity ||
                               (clause.op() == Operator::Equal && !clause.has_wildcard());
            if (exact && clause.version() && !package.pinned) {
                package.pinned = clause.version();
            }
        }
        if (requirement->marker()) {
            package.marker = requirement->marker()->to_string();
        }
        if (requirement->url()) {
            package.url = *requirement->url();
            package.kind = is_file_url(package.url) ? LockedPackage::Kind::LocalPath
                                                    : LockedPackage::Kind::DirectUrl;
            const std::string file_name = url_file_name(split_fragment(package.url).url);
            if (auto wheel = WheelFilename::parse(file_name)) {
                package.pinned = wheel->version();
            }
            if (package.kind == LockedPackage::Kind::LocalPath) {
                note(package, "local file " + package.url + ": recorded, not checked");
            }
        }
        return package;
    }

    LockedPackage entry(std::string_view text) const {
        if (is_url(text)) {
            return url_entry(text);
        }
        const std::string_view before_marker = trimmed(text.substr(0, text.find(';')));
        const std::size_t at = before_marker.find('@');
        const bool names_a_path =
            (looks_like_path(before_marker) || is_archive_file(before_marker)) &&
            (at == std::string_view::npos || looks_like_path(before_marker.substr(0, at)));
        return names_a_path ? path_entry(text) : pep508_entry(text);
    }

    LockedPackage editable(std::string_view text) const {
        LockedPackage package = this->package(LockedPackage::Kind::Editable);
        package.url = std::string(text);
        if (is_url(text) && !is_file_url(text) &&
            !is_vcs_scheme(lower(text.substr(0, text.find(':'))))) {
            reject(source_.offset,
                   "\"" + package.url +
                       "\" is not a valid editable requirement: it should be a path to a local "
                       "project or a VCS URL (git+https://…, hg+…, svn+…, bzr+…)");
        }
        name_by_file(package, text);
        note(package, "editable install " + package.url + ": recorded, not checked");
        return package;
    }

private:
    const RequirementEntrySource& source_;
    std::vector<ReaderNote>& notes_;
};

} // namespace

LockedPackage read_requirement_entry(const RequirementEntrySource& source, std::string_view text,
                                     std::vector<ReaderNote>& notes) {
    return EntryReader(source, notes).entry(text);
}

LockedPackage read_editable_entry(const RequirementEntrySource& source, std::string_view text,
                                  std::vector<ReaderNote>& notes) {
    return EntryReader(source, notes).editable(text);
}

} // namespace torchpin
