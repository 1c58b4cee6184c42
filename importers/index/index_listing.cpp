// Spellings of page kinds and link issue kinds.
#include "importers/index/index_listing.hpp"

#include "engine/base/enum_names.hpp"

namespace torchpin {

namespace {

constexpr EnumNames<PageKind, 3> page_kind_names{{{PageKind::SimpleHtml, "simple-html"},
                                                  {PageKind::SimpleJson, "simple-json"},
                                                  {PageKind::FindLinks, "find-links"}}};

constexpr EnumNames<LinkIssueKind, 3> issue_kind_names{
    {{LinkIssueKind::InvalidLink, "invalid-link"},
     {LinkIssueKind::DuplicateFile, "duplicate-file"},
     {LinkIssueKind::BackendMismatch, "backend-mismatch"}}};

} // namespace

std::string_view name(PageKind kind) noexcept {
    return name_of(page_kind_names, kind);
}

std::optional<PageKind> parse_page_kind(std::string_view text) noexcept {
    return find_by_name(page_kind_names, text);
}

std::string_view name(LinkIssueKind kind) noexcept {
    return name_of(issue_kind_names, kind);
}

} // namespace torchpin
