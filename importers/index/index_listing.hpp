// What one package index page lists: wheel rows, other files, project links, and link problems.
#pragma once

#include "engine/base/diagnostic.hpp"
#include "engine/matrix/index_file.hpp"
#include "engine/pep/package_name.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// The format of an index page. Find-links pages (pip's --find-links, such as PyTorch's old
// torch_stable.html) are flat HTML lists of files in variant directories ("cu111/torch-….whl").
enum class PageKind : std::uint8_t { SimpleHtml, SimpleJson, FindLinks };

std::string_view name(PageKind kind) noexcept; // "simple-html", "simple-json", "find-links"
std::optional<PageKind>
parse_page_kind(std::string_view text) noexcept; // "find-links" -> FindLinks

// A listed file that is not a wheel (an sdist "torch-2.1.0.tar.gz", a ".zip", anything else):
// counted and reported, never stored as a row.
struct OtherFile {
    std::string file_name; // decoded: "torchcsprng-0.1.0.tar.gz"
    std::string url;       // absolute, without the fragment
};

// A project on a root (package list) page: <a href="torch/">torch</a>.
struct ProjectLink {
    PackageName name;
    std::string url; // the project's page: "https://download.pytorch.org/whl/torch/"
};

// Problems with single links that do not stop the page from being read.
enum class LinkIssueKind : std::uint8_t {
    InvalidLink,     // a bad wheel name or hash, skipped because skip_invalid was asked for
    DuplicateFile,   // a URL (or project) listed again; the first link is kept
    BackendMismatch, // the local label names another variant than the directory; the label wins
};

std::string_view name(LinkIssueKind kind) noexcept; // "invalid-link", "duplicate-file", ...

// One problem, located at the link's <a> (or JSON entry) in the page:
// {DuplicateFile, "torch-2.1.0-….whl", {"torch.html", 9, 5, "… listed again (first at line 4, …"}}.
struct LinkIssue {
    LinkIssueKind kind;
    std::string file_name; // the file (or project name) the link is about
    Diagnostic diagnostic;
};

// Everything a page lists, in page order. A project page fills `wheels` and `other_files`, a
// root page fills `projects`; a page may mix them, and an empty page is an empty listing.
struct IndexListing {
    std::string page_url;
    PageKind kind = PageKind::SimpleHtml;
    std::vector<IndexFile> wheels; // each row's `listing` is page_url
    std::vector<OtherFile> other_files;
    std::vector<ProjectLink> projects;
    std::vector<LinkIssue> issues;
};

// How to read a page: `kind` forces a format (detected from the content otherwise), and
// `skip_invalid` turns links with a bad wheel name or hash into InvalidLink issues instead of
// failing the whole page.
struct PageOptions {
    std::optional<PageKind> kind;
    bool skip_invalid = false;
};

} // namespace torchpin
