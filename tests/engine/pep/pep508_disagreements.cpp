// The disagreement classes of docs/pep508.md as predicates over a case and both outcomes.
#include "tests/engine/pep/pep508_disagreements.hpp"

#include "engine/base/text_scanner.hpp"
#include "engine/pep/python_string.hpp"

#include <algorithm>
#include <functional>

namespace torchpin::test {

namespace {

struct Disagreement {
    const Pep508Case& c;
    const TorchpinOutcome& ours;
    const Pep508Outcome& theirs;
};

void for_each_comparison(const MarkerGroup& group,
                         const std::function<void(const MarkerComparison&)>& visit) {
    for (const auto& term : group.terms) {
        if (const auto* comparison = std::get_if<MarkerComparison>(&term.value)) {
            visit(*comparison);
        } else {
            for_each_comparison(std::get<MarkerGroup>(term.value), visit);
        }
    }
}

bool any_comparison(const TorchpinOutcome& ours,
                    const std::function<bool(const MarkerComparison&)>& test) {
    bool found = false;
    if (ours.marker) {
        for_each_comparison(ours.marker->root(), [&](const MarkerComparison& comparison) {
            found = found || test(comparison);
        });
    }
    return found;
}

bool is_variable(const torchpin::MarkerOperand& side, const std::string& name) {
    return side.is_variable && side.text == name;
}

// packaging's MARKERS_REQUIRING_VERSION.
bool is_version_variable(const std::string& name) {
    return name == "python_version" || name == "python_full_version" ||
           name == "implementation_version" || name == "platform_release";
}

// A comparison as packaging 23 evaluates it: the environment key and both sides looked up, with
// `extra` normalized on both sides and python_full_version not repaired.
struct LegacyComparison {
    std::string key;
    std::string left;
    MarkerOperator op;
    std::string right;
};

std::optional<LegacyComparison> legacy_view(const MarkerComparison& c,
                                            const MarkerEnvironment& env) {
    LegacyComparison view{c.left.is_variable ? c.left.text : c.right.text, "", c.op, ""};
    const auto values = environment_json(env);
    if (!values.contains(view.key)) {
        return std::nullopt;
    }
    const auto found = values.at(view.key).get<std::string>();
    view.left = c.left.is_variable ? found : c.left.text;
    view.right = c.left.is_variable ? c.right.text : found;
    if (view.key == "extra") {
        view.left = torchpin::normalize_package_name(view.left);
        view.right = torchpin::normalize_package_name(view.right);
    }
    return view;
}

bool set_operator(MarkerOperator op) {
    return op == MarkerOperator::In || op == MarkerOperator::NotIn;
}

bool ordering_operator(MarkerOperator op) {
    return op == MarkerOperator::Less || op == MarkerOperator::LessEqual ||
           op == MarkerOperator::Greater || op == MarkerOperator::GreaterEqual;
}

// Whether packaging (any version) makes a Specifier of `op` + `right`.
bool makes_specifier(MarkerOperator op, const std::string& right) {
    if (op == MarkerOperator::Identity) {
        const auto trimmed = torchpin::trim_whitespace(right);
        return trimmed.find_first_of(" \t\n\r\f\v;)") == std::string_view::npos;
    }
    return torchpin::Specifier::parse(std::string(torchpin::marker_operator_symbol(op)) + right)
        .has_value();
}

bool any_legacy_comparison(const Disagreement& d, std::size_t environment,
                           const std::function<bool(const LegacyComparison&)>& test) {
    const MarkerEnvironment& env = d.c.environments[environment];
    return any_comparison(d.ours, [&](const MarkerComparison& c) {
        const auto view = legacy_view(c, env);
        return view && test(*view);
    });
}

bool has_double_parentheses(const MarkerGroup& group, bool top) {
    if (top && group.terms.size() == 1) {
        const auto* inner = std::get_if<MarkerGroup>(&group.terms[0].value);
        return inner != nullptr && has_double_parentheses(*inner, true);
    }
    for (const auto& term : group.terms) {
        const auto* inner = std::get_if<MarkerGroup>(&term.value);
        if (inner == nullptr) {
            continue;
        }
        if (inner->terms.size() == 1) {
            const auto* innermost = std::get_if<MarkerGroup>(&inner->terms[0].value);
            if (innermost != nullptr && innermost->terms.size() >= 2) {
                return true;
            }
        }
        if (has_double_parentheses(*inner, false)) {
            return true;
        }
    }
    return false;
}

std::string without_parentheses(std::string text) {
    std::erase_if(text, [](char c) { return c == '(' || c == ')'; });
    return text;
}

// torchpin's reading of a printed form, printed again; empty when it does not parse.
std::string reprinted(const Disagreement& d, const std::string& printed) {
    if (d.c.is_requirement) {
        auto again = Requirement::parse(printed);
        return again ? again->to_string() : "";
    }
    auto again = Marker::parse(printed);
    return again ? again->to_string() : "";
}

bool compares_extra_with_variable(const MarkerComparison& c) {
    return (is_variable(c.left, "extra") && c.right.is_variable) ||
           (is_variable(c.right, "extra") && c.left.is_variable);
}

struct DisagreementClass {
    std::string name;
    std::function<bool(const Disagreement&)> applies;
};

// One side accepts the text and the other rejects it.
const std::vector<DisagreementClass>& acceptance_classes() {
    static const std::vector<DisagreementClass> classes{
        {"trailing-line-break",
         [](const Disagreement& d) {
             return d.c.text.ends_with('\n') && d.theirs.valid && !d.ours.outcome.valid;
         }},
        {"legacy-trailing-text",
         [](const Disagreement& d) {
             return !d.c.is_requirement && d.theirs.valid &&
                    d.ours.outcome.error.find("or the end of the marker") != std::string::npos;
         }},
        {"name-ends-in-separator",
         [](const Disagreement& d) {
             return d.theirs.valid &&
                    d.ours.outcome.error.find("start and end with a letter or digit") !=
                        std::string::npos;
         }},
        {"lock-file-variables",
         [](const Disagreement& d) {
             return !d.theirs.valid && any_comparison(d.ours, [](const MarkerComparison& c) {
                 return is_variable(c.left, "extras") || is_variable(c.right, "extras") ||
                        is_variable(c.left, "dependency_groups") ||
                        is_variable(c.right, "dependency_groups");
             });
         }},
        {"legacy-url-validation",
         [](const Disagreement& d) {
             return !d.theirs.valid && d.ours.requirement && d.ours.requirement->url() &&
                    (d.theirs.error.find("Invalid URL") != std::string::npos ||
                     d.theirs.error.find("Invalid IPv6 URL") != std::string::npos);
         }},
    };
    return classes;
}

// Both sides evaluate, differently, in one environment.
const std::vector<std::pair<std::string, std::function<bool(const Disagreement&, std::size_t)>>>&
evaluation_classes() {
    static const std::vector<
        std::pair<std::string, std::function<bool(const Disagreement&, std::size_t)>>>
        classes{{"untagged-python-build",
                 [](const Disagreement& d, std::size_t e) {
                     return d.c.environments[e].python_full_version.ends_with('+') &&
                            any_comparison(d.ours, [](const MarkerComparison& c) {
                                return is_variable(c.left, "python_full_version") ||
                                       is_variable(c.right, "python_full_version");
                            });
                 }},
                {"legacy-invalid-version-raises",
                 [](const Disagreement& d, std::size_t e) {
                     return d.theirs.results[e] == "error" &&
                            any_legacy_comparison(d, e, [](const LegacyComparison& c) {
                                return !set_operator(c.op) && makes_specifier(c.op, c.right) &&
                                       !torchpin::Version::parse(c.left).has_value();
                            });
                 }},
                {"legacy-versions-for-string-variables",
                 [](const Disagreement& d, std::size_t e) {
                     return any_legacy_comparison(d, e, [](const LegacyComparison& c) {
                         return !is_version_variable(c.key) && !set_operator(c.op) &&
                                makes_specifier(c.op, c.right) &&
                                torchpin::Version::parse(c.left).has_value();
                     });
                 }},
                {"legacy-arbitrary-equality-normalizes",
                 [](const Disagreement& d, std::size_t e) {
                     return any_legacy_comparison(d, e, [](const LegacyComparison& c) {
                         const auto version = Version::parse(c.left);
                         const auto right = trim_whitespace(c.right);
                         return c.op == MarkerOperator::Identity && version &&
                                iequals(version->to_string(), right) != iequals(c.left, right);
                     });
                 }},
                {"legacy-string-ordering",
                 [](const Disagreement& d, std::size_t e) {
                     return any_legacy_comparison(d, e, [](const LegacyComparison& c) {
                         return ordering_operator(c.op) &&
                                (!is_version_variable(c.key) || !makes_specifier(c.op, c.right));
                     });
                 }},
                {"legacy-extra-variable-rewrite", [](const Disagreement& d, std::size_t) {
                     return any_comparison(d.ours, compares_extra_with_variable);
                 }}};
    return classes;
}

// Both sides accept the text but print it differently. Each class undoes one documented
// difference in packaging's printed form (or, where packaging's form cannot be read back, names
// the value that causes it); the difference is explained when what is left matches.
std::vector<std::string> printing_classes(const Disagreement& d) {
    std::vector<std::string> classes;
    std::string theirs = d.theirs.printed;
    const std::string& ours = d.ours.outcome.printed;
    if (d.ours.requirement && d.ours.requirement->url()) {
        const std::string legacy = "@ " + *d.ours.requirement->url();
        const auto at = theirs.find(legacy);
        if (at != std::string::npos && (at == 0 || theirs[at - 1] != ' ')) {
            theirs = theirs.substr(0, at) + " " + theirs.substr(at);
            classes.push_back("legacy-url-spacing");
        }
    }
    const bool has_extra_value = any_comparison(d.ours, [](const MarkerComparison& c) {
        return (is_variable(c.left, "extra") && !c.right.is_variable) ||
               (is_variable(c.right, "extra") && !c.left.is_variable);
    });
    if (theirs != ours && has_extra_value) {
        const std::string normalized = reprinted(d, theirs);
        if (!normalized.empty() && normalized != theirs) {
            theirs = normalized;
            classes.push_back("legacy-extra-printing");
        }
    }
    if (theirs == ours) {
        return classes;
    }
    if (d.ours.marker && has_double_parentheses(d.ours.marker->root(), true) &&
        without_parentheses(theirs) == without_parentheses(ours)) {
        classes.push_back("double-parentheses");
        return classes;
    }
    const auto& rewrite = evaluation_classes().back();
    if (rewrite.second(d, 0)) {
        classes.push_back(rewrite.first);
        return classes;
    }
    if (any_comparison(d.ours, [](const MarkerComparison& c) {
            const auto odd = [](const torchpin::MarkerOperand& side) {
                return !side.is_variable &&
                       torchpin::quote_python_string(side.text) != "\"" + side.text + "\"";
            };
            return odd(c.left) || odd(c.right);
        })) {
        classes.push_back("value-quoting");
        return classes;
    }
    if (d.ours.requirement && Requirement::from(ours).specifier().specifiers().size() <
                                  d.ours.requirement->specifier().specifiers().size()) {
        classes.push_back("duplicate-specifiers");
        return classes;
    }
    return {};
}

} // namespace

TorchpinOutcome run_torchpin(const Pep508Case& c) {
    TorchpinOutcome ours;
    if (c.is_requirement) {
        auto parsed = Requirement::parse(c.text);
        if (!parsed) {
            ours.outcome.error = parsed.error().message;
            return ours;
        }
        ours.requirement = *parsed;
        ours.marker = parsed->marker();
        ours.outcome.printed = parsed->to_string();
    } else {
        auto parsed = Marker::parse(c.text);
        if (!parsed) {
            ours.outcome.error = parsed.error().message;
            return ours;
        }
        ours.marker = *parsed;
        ours.outcome.printed = parsed->to_string();
    }
    ours.outcome.valid = true;
    for (const auto& env : c.environments) {
        if (!ours.marker) {
            ours.outcome.results.push_back("true");
            continue;
        }
        const auto result = ours.marker->evaluate(env);
        ours.outcome.results.push_back(!result.has_value() ? "error"
                                       : result.value()    ? "true"
                                                           : "false");
    }
    return ours;
}

std::vector<std::string> explain(const Pep508Case& c, const TorchpinOutcome& ours,
                                 const Pep508Outcome& theirs) {
    const Disagreement d{c, ours, theirs};
    if (d.ours.outcome.valid != d.theirs.valid) {
        for (const auto& k : acceptance_classes()) {
            if (k.applies(d)) {
                return {k.name};
            }
        }
        return {};
    }
    std::vector<std::string> classes;
    if (d.ours.outcome.printed != d.theirs.printed) {
        classes = printing_classes(d);
        if (classes.empty()) {
            return {};
        }
    }
    for (std::size_t e = 0; e < environments_per_case; ++e) {
        if (d.ours.outcome.results[e] == d.theirs.results[e]) {
            continue;
        }
        const auto& all = evaluation_classes();
        const auto match =
            std::find_if(all.begin(), all.end(), [&](const auto& k) { return k.second(d, e); });
        if (match == all.end()) {
            return {};
        }
        classes.push_back(match->first);
    }
    return classes;
}

bool same_tree_as_packaging_26(const TorchpinOutcome& ours) {
    return !any_comparison(ours, compares_extra_with_variable);
}

bool agree(const Pep508Outcome& ours, const Pep508Outcome& theirs) {
    return ours.valid == theirs.valid && ours.printed == theirs.printed &&
           ours.results == theirs.results;
}

std::string describe(const Pep508Outcome& outcome) {
    if (!outcome.valid) {
        return "rejects (" + outcome.error + ")";
    }
    std::string results;
    for (const auto& result : outcome.results) {
        results += " " + result;
    }
    return "prints '" + outcome.printed + "', evaluates" + results;
}

} // namespace torchpin::test
