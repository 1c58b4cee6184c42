// Link issue warnings with duplicate links capped at ten unless -v.
#include "cli/link_issue_report.hpp"

namespace torchpin::cli {

LinkIssueReport::LinkIssueReport(const GlobalOptions& global, std::ostream& out)
    : quiet_(global.quiet())
    , verbose_(global.verbose())
    , out_(out) {}

void LinkIssueReport::add(const LinkIssue& issue) {
    ++count_;
    if (issue.kind == LinkIssueKind::DuplicateFile && ++duplicates_ > duplicates_shown &&
        !verbose_) {
        return;
    }
    if (!quiet_) {
        out_ << render(issue.diagnostic, Severity::Warning) << '\n';
    }
}

void LinkIssueReport::finish() {
    if (quiet_ || verbose_ || duplicates_ <= duplicates_shown) {
        return;
    }
    const std::size_t held_back = duplicates_ - duplicates_shown;
    out_ << "torchpin: warning: … and " << with_thousands_separators(held_back)
         << " more duplicate link" << (held_back == 1 ? "" : "s") << " (-v lists them all)\n";
}

std::string with_thousands_separators(std::size_t number) {
    std::string digits = std::to_string(number);
    for (std::size_t i = digits.size(); i > 3; i -= 3) {
        digits.insert(i - 3, ",");
    }
    return digits;
}

} // namespace torchpin::cli
