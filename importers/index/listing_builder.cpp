// Checks each link of a page and files it as a wheel row, another file, a project or an issue.
#include "importers/index/listing_builder.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/text_scanner.hpp"
#include "importers/input/text_position.hpp"
#include "importers/input/url_reference.hpp"

#include <utility>

namespace torchpin {

namespace {

std::string in_quotes(std::string_view text) {
    return "\"" + std::string(text) + "\"";
}

std::optional<Backend> variant_directory_of(std::string_view url) {
    auto backend = Backend::parse_index_url(url_directory(url));
    return backend ? std::optional<Backend>(*backend) : std::nullopt;
}

// "AB12…" (64 hex digits) -> "ab12…"; nullopt for anything else.
std::optional<std::string> lowercase_sha256(std::string_view hex) {
    if (hex.size() != 64) {
        return std::nullopt;
    }
    std::string out(hex);
    for (char& c : out) {
        c = ascii_lower(c);
        if (!is_ascii_digit(c) && (c < 'a' || c > 'f')) {
            return std::nullopt;
        }
    }
    return out;
}

} // namespace

ListingBuilder::ListingBuilder(const TextInput& page, std::string page_url, bool skip_invalid)
    : page_(page)
    , skip_invalid_(skip_invalid)
    , page_url_(std::move(page_url))
    , page_backend_(variant_directory_of(page_url_)) {
    listing_.page_url = page_url_;
}

void ListingBuilder::expect_links(std::size_t count) {
    listing_.wheels.reserve(count);
    file_offsets_.reserve(count);
}

void ListingBuilder::add_file(FileLink link) {
    std::optional<WheelFilename> wheel;
    if (link.file_name.ends_with(".whl")) {
        auto parsed = WheelFilename::parse(link.file_name);
        if (!parsed) {
            reject(link.offset, link.file_name,
                   in_quotes(link.file_name) +
                       " is not a valid wheel file name: " + parsed.error().message);
            return;
        }
        wheel = std::move(parsed).value();
    }
    std::optional<std::string> sha256;
    if (link.sha256 && !(sha256 = lowercase_sha256(*link.sha256))) {
        reject(link.offset, link.file_name,
               "the sha256 of " + in_quotes(link.file_name) +
                   " is not 64 hexadecimal digits: " + in_quotes(*link.sha256));
        return;
    }
    if (link.core_metadata && link.core_metadata->starts_with("sha256=")) {
        const auto metadata_sha256 = lowercase_sha256(link.core_metadata->substr(7));
        if (!metadata_sha256) {
            reject(
                link.offset, link.file_name,
                "the metadata sha256 of " + in_quotes(link.file_name) +
                    " is not 64 hexadecimal digits: " + in_quotes(link.core_metadata->substr(7)));
            return;
        }
        link.core_metadata = "sha256=" + *metadata_sha256;
    }
    if (!first_time(file_offsets_, link.url, link.offset, link.file_name)) {
        return;
    }
    if (!wheel) {
        listing_.other_files.push_back(OtherFile{std::move(link.file_name), std::move(link.url)});
        return;
    }
    std::optional<Backend> backend = backend_of(*wheel, link);
    listing_.wheels.push_back(IndexFile{.listing = page_url_,
                                        .wheel = std::move(*wheel),
                                        .backend = std::move(backend),
                                        .url = std::move(link.url),
                                        .sha256 = std::move(sha256),
                                        .requires_python = std::move(link.requires_python),
                                        .yanked = link.yanked,
                                        .yanked_reason = std::move(link.yanked_reason),
                                        .core_metadata = std::move(link.core_metadata),
                                        .upload_time = std::move(link.upload_time),
                                        .provenance = Provenance::Observed,
                                        .seen_in = std::nullopt});
}

void ListingBuilder::add_project(std::size_t offset, std::string_view name, std::string url) {
    auto project = PackageName::parse(name);
    if (!project) {
        reject(offset, std::string(name),
               in_quotes(name) + " is not a valid project name: " + project.error().message);
        return;
    }
    if (first_time(project_offsets_, project->normalized(), offset, project->written())) {
        listing_.projects.push_back(ProjectLink{std::move(project).value(), std::move(url)});
    }
}

void ListingBuilder::reject(std::size_t offset, std::string subject, std::string message) {
    Diagnostic diagnostic = diagnostic_at(page_, offset, std::move(message));
    if (!skip_invalid_) {
        throw InputError(std::move(diagnostic));
    }
    listing_.issues.push_back(
        LinkIssue{LinkIssueKind::InvalidLink, std::move(subject), std::move(diagnostic)});
}

IndexListing ListingBuilder::finish(PageKind kind) && {
    listing_.kind = kind;
    return std::move(listing_);
}

bool ListingBuilder::first_time(FirstOffsets& seen, const std::string& key, std::size_t offset,
                                const std::string& subject) {
    const auto [first, inserted] = seen.try_emplace(key, offset);
    if (inserted) {
        return true;
    }
    const Diagnostic first_link = diagnostic_at(page_, first->second, "");
    listing_.issues.push_back(LinkIssue{
        LinkIssueKind::DuplicateFile, subject,
        diagnostic_at(page_, offset,
                      in_quotes(subject) + " is listed again (first at line " +
                          std::to_string(first_link.line) + ", column " +
                          std::to_string(first_link.column) + "); the first link is kept")});
    return false;
}

std::optional<Backend> ListingBuilder::backend_of(const WheelFilename& wheel,
                                                  const FileLink& link) {
    std::optional<Backend> from_label;
    if (const std::string& label = wheel.version().local_label(); !label.empty()) {
        if (auto backend = Backend::parse(label)) {
            from_label = *backend;
        }
    }
    std::optional<Backend> from_path = variant_directory_of(link.url);
    if (!from_path) {
        from_path = page_backend_;
    }
    if (from_label && from_path && *from_label != *from_path) {
        listing_.issues.push_back(
            LinkIssue{LinkIssueKind::BackendMismatch, link.file_name,
                      diagnostic_at(page_, link.offset,
                                    in_quotes(link.file_name) + " has the local label " +
                                        from_label->to_string() + " but is listed under " +
                                        from_path->index_directory() +
                                        "/; its backend is taken from the label")});
    }
    return from_label ? from_label : from_path;
}

} // namespace torchpin
