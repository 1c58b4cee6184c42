// explain_error: match every known issue's patterns, weigh the facts, rank.
#include "engine/diagnosis/error_explanation.hpp"

#include "engine/diagnosis/issue_checks.hpp"
#include "engine/diagnosis/message_pattern.hpp"

#include <algorithm>

namespace torchpin {

namespace {

struct PatternMatch {
    std::string pattern;
    std::vector<MessagePattern::Reading> readings;
};

// The longest pattern of `issue` that matches, with what it reads out, or nullopt.
std::optional<PatternMatch> matching_pattern(const KnownIssueFact& issue,
                                             const PreparedMessage& message) {
    std::optional<PatternMatch> best;
    for (const std::string& text : issue.patterns) {
        const auto pattern = MessagePattern::parse(text);
        if (!pattern || (best && text.size() <= best->pattern.size())) {
            continue;
        }
        if (auto readings = pattern->match(message)) {
            best = PatternMatch{text, std::move(*readings)};
        }
    }
    return best;
}

// "built_for_torch" = "2.5.1+cu121" reads "the message says: built for torch 2.5.1+cu121".
std::string reading_text(const MessagePattern::Reading& reading) {
    std::string name = reading.name;
    std::replace(name.begin(), name.end(), '_', ' ');
    return "the message says: " + name + " " + reading.value;
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
        const auto found = matching_pattern(issue, prepared);
        if (!found) {
            continue;
        }
        ErrorCause cause{issue, found->pattern, {"the message has: " + found->pattern}, {}};
        for (const MessagePattern::Reading& reading : found->readings) {
            cause.evidence.push_back(reading_text(reading));
        }
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
