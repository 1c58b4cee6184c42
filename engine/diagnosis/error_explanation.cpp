// explain_error: match every known issue's patterns, weigh the facts, rank.
#include "engine/diagnosis/error_explanation.hpp"

#include "engine/diagnosis/issue_checks.hpp"
#include "engine/diagnosis/message_pattern.hpp"

#include <algorithm>

namespace torchpin {

namespace {

// The longest pattern of `issue` that matches, or nullopt.
std::optional<std::string> matching_pattern(const KnownIssueFact& issue,
                                            const PreparedMessage& message) {
    std::optional<std::string> best;
    for (const std::string& text : issue.patterns) {
        const auto pattern = MessagePattern::parse(text);
        if (pattern && pattern->matches(message) && (!best || text.size() > best->size())) {
            best = text;
        }
    }
    return best;
}

long score(const ErrorCause& cause) {
    return static_cast<long>(cause.evidence.size()) - static_cast<long>(cause.doubts.size());
}

} // namespace

std::vector<ErrorCause> explain_error(std::string_view message,
                                      std::span<const KnownIssueFact> issues,
                                      const ErrorFacts& facts) {
    const PreparedMessage prepared(message);
    std::vector<ErrorCause> causes;
    for (const KnownIssueFact& issue : issues) {
        const auto pattern = matching_pattern(issue, prepared);
        if (!pattern) {
            continue;
        }
        ErrorCause cause{issue, *pattern, {"the message has: " + *pattern}, {}};
        weigh_facts(cause, message, facts);
        causes.push_back(std::move(cause));
    }
    std::stable_sort(causes.begin(), causes.end(), [](const ErrorCause& a, const ErrorCause& b) {
        if (score(a) != score(b)) {
            return score(a) > score(b);
        }
        return a.pattern.size() > b.pattern.size();
    });
    return causes;
}

} // namespace torchpin
