// Marker::evaluate: packaging 26's comparison rules, variable lookup and and/or grouping.
#include "engine/base/text_scanner.hpp"
#include "engine/pep/marker.hpp"
#include "engine/pep/package_name.hpp"
#include "engine/pep/specifier.hpp"

#include <algorithm>

namespace torchpin {

namespace {

// The variables packaging compares as versions when the other side makes a valid specifier.
constexpr std::string_view version_variables[] = {"implementation_version", "platform_release",
                                                  "python_full_version", "python_version"};

bool is_version_variable(std::string_view name) {
    return std::find(std::begin(version_variables), std::end(version_variables), name) !=
           std::end(version_variables);
}

// An environment value: a string, or a set for "extras" and "dependency_groups".
struct LookedUp {
    std::string text;
    std::optional<std::vector<std::string>> set;
};

MarkerError undefined_name(std::string_view name, std::string reason) {
    return MarkerError{MarkerErrorKind::UndefinedEnvironmentName,
                       "'" + std::string(name) + "' " + std::move(reason)};
}

std::optional<std::string> string_variable(const MarkerEnvironment& env, std::string_view name) {
    const std::pair<std::string_view, const std::string*> fields[] = {
        {"implementation_name", &env.implementation_name},
        {"implementation_version", &env.implementation_version},
        {"os_name", &env.os_name},
        {"platform_machine", &env.platform_machine},
        {"platform_release", &env.platform_release},
        {"platform_system", &env.platform_system},
        {"platform_version", &env.platform_version},
        {"platform_python_implementation", &env.platform_python_implementation},
        {"python_version", &env.python_version},
        {"sys_platform", &env.sys_platform},
    };
    for (const auto& [field, value] : fields) {
        if (field == name) {
            return *value;
        }
    }
    if (name == "python_full_version") {
        // platform.python_version() of an untagged build ends in "+", which is not PEP 440.
        const std::string& full = env.python_full_version;
        return full.ends_with('+') ? full + "local" : full;
    }
    if (name == "extra") {
        return env.extra.empty() ? "" : normalize_package_name(env.extra);
    }
    return std::nullopt;
}

// Looks up a variable by name, or the name a string value spells ('"posix" == "os_name"').
std::variant<LookedUp, MarkerError> look_up(const MarkerEnvironment& env, std::string_view name) {
    if (auto text = string_variable(env, name)) {
        return LookedUp{std::move(*text), std::nullopt};
    }
    const bool is_set = name == "extras" || name == "dependency_groups";
    if (!is_set) {
        return undefined_name(name, "is not a marker variable");
    }
    const auto& set = name == "extras" ? env.extras : env.dependency_groups;
    if (!set) {
        return undefined_name(name, "is only defined when evaluating a lock file");
    }
    return LookedUp{"", *set};
}

MarkerError undefined_comparison(std::string_view left, MarkerOperator op, std::string_view right,
                                 std::string_view why) {
    return MarkerError{MarkerErrorKind::UndefinedComparison,
                       "undefined comparison '" + std::string(left) + "' " +
                           std::string(marker_operator_symbol(op)) + " '" + std::string(right) +
                           "': " + std::string(why)};
}

// Strings: "in" is a substring test, "<" and ">" never hold, "<=" and ">=" mean "==".
MarkerResult compare_strings(std::string_view left, MarkerOperator op, std::string_view right) {
    switch (op) {
    case MarkerOperator::In:
        return right.find(left) != std::string_view::npos;
    case MarkerOperator::NotIn:
        return right.find(left) == std::string_view::npos;
    case MarkerOperator::Less:
    case MarkerOperator::Greater:
        return false;
    case MarkerOperator::LessEqual:
    case MarkerOperator::GreaterEqual:
    case MarkerOperator::Equal:
        return left == right;
    case MarkerOperator::NotEqual:
        return left != right;
    case MarkerOperator::Compatible:
    case MarkerOperator::Identity:
        break;
    }
    return undefined_comparison(left, op, right,
                                "~= and === need a version variable and a valid version");
}

// "===" as packaging's Specifier reads it: anything without spaces, ';' or ')' after the operator.
std::optional<std::string_view> arbitrary_version(std::string_view right) {
    const std::string_view version = trim_whitespace(right);
    for (std::size_t i = 0; i < version.size(); ++i) {
        if (version[i] == ';' || version[i] == ')' || leading_space_length(version.substr(i)) > 0) {
            return std::nullopt;
        }
    }
    return version;
}

// A version variable, or a string compared with one: versions when `right` makes a specifier.
MarkerResult compare_values(std::string_view key, std::string_view left, MarkerOperator op,
                            std::string_view right) {
    const bool set_test = op == MarkerOperator::In || op == MarkerOperator::NotIn;
    if (is_version_variable(key) && !set_test) {
        if (op == MarkerOperator::Identity) {
            if (const auto version = arbitrary_version(right)) {
                return iequals(left, *version);
            }
        } else if (auto spec = Specifier::parse(std::string(marker_operator_symbol(op)) +
                                                std::string(right))) {
            const auto version = Version::parse(left);
            return version.has_value() && spec->matches(*version);
        }
    }
    return compare_strings(left, op, right);
}

// "extras" and "dependency_groups": membership of the normalized name.
MarkerResult compare_with_set(std::string_view left, MarkerOperator op,
                              const std::vector<std::string>& set) {
    const std::string name = normalize_package_name(left);
    const bool member = std::any_of(set.begin(), set.end(), [&](const std::string& item) {
        return normalize_package_name(item) == name;
    });
    switch (op) {
    case MarkerOperator::In:
        return member;
    case MarkerOperator::NotIn:
        return !member;
    case MarkerOperator::NotEqual:
        return true; // a string never equals a set
    case MarkerOperator::Compatible:
    case MarkerOperator::Identity:
        return undefined_comparison(left, op, "<set>", "a set is only tested with in / not in");
    default:
        return false;
    }
}

MarkerResult evaluate_comparison(const MarkerComparison& comparison, const MarkerEnvironment& env) {
    const MarkerOperand& variable =
        comparison.left.is_variable ? comparison.left : comparison.right;
    auto found = look_up(env, variable.text);
    if (auto* error = std::get_if<MarkerError>(&found)) {
        return std::move(*error);
    }
    const LookedUp& value = std::get<LookedUp>(found);
    if (comparison.left.is_variable) {
        if (value.set) {
            return undefined_comparison(variable.text, comparison.op, comparison.right.text,
                                        "a set can only stand right of in / not in");
        }
        return compare_values(variable.text, value.text, comparison.op, comparison.right.text);
    }
    if (value.set) {
        return compare_with_set(comparison.left.text, comparison.op, *value.set);
    }
    return compare_values(variable.text, comparison.left.text, comparison.op, value.text);
}

MarkerResult evaluate_group(const MarkerGroup& group, const MarkerEnvironment& env);

MarkerResult evaluate_term(const MarkerTerm& term, const MarkerEnvironment& env) {
    if (const auto* comparison = std::get_if<MarkerComparison>(&term.value)) {
        return evaluate_comparison(*comparison, env);
    }
    return evaluate_group(std::get<MarkerGroup>(term.value), env);
}

// Every term is evaluated (as packaging does), so an undefined comparison is reported even where
// and/or would not need it; the result is "any of the and-chains between the ors holds".
MarkerResult evaluate_group(const MarkerGroup& group, const MarkerEnvironment& env) {
    bool any_chain = false;
    bool chain = true;
    for (std::size_t i = 0; i < group.terms.size(); ++i) {
        if (i > 0 && group.joins[i - 1] == MarkerJoin::Or) {
            any_chain = any_chain || chain;
            chain = true;
        }
        MarkerResult result = evaluate_term(group.terms[i], env);
        if (!result.has_value()) {
            return result;
        }
        chain = chain && result.value();
    }
    return any_chain || chain;
}

} // namespace

MarkerResult Marker::evaluate(const MarkerEnvironment& environment) const {
    return evaluate_group(root_, environment);
}

} // namespace torchpin
