// Marker parsing entry points, MarkerResult, and the normalized printed form.
#include "engine/pep/marker.hpp"

#include "engine/pep/marker_parser.hpp"
#include "engine/pep/python_string.hpp"

#include <stdexcept>

namespace torchpin {

namespace {

// "((a or b))" prints like "(a or b)": a group of one term is that term.
const MarkerTerm& innermost(const MarkerTerm& term) {
    const MarkerTerm* current = &term;
    while (const auto* group = std::get_if<MarkerGroup>(&current->value)) {
        if (group->terms.size() != 1) {
            break;
        }
        current = &group->terms.front();
    }
    return *current;
}

std::string print_operand(const MarkerOperand& operand) {
    return operand.is_variable ? operand.text : quote_python_string(operand.text);
}

std::string print_comparison(const MarkerComparison& comparison) {
    return print_operand(comparison.left) + " " +
           std::string(marker_operator_symbol(comparison.op)) + " " +
           print_operand(comparison.right);
}

std::string print_terms(const MarkerGroup& group);

// A term inside a group: a group of several terms keeps its parentheses. (packaging drops them
// when the group was written in double parentheses, which changes the meaning; torchpin does not.)
std::string print_term(const MarkerTerm& term) {
    const MarkerTerm& inner = innermost(term);
    if (const auto* comparison = std::get_if<MarkerComparison>(&inner.value)) {
        return print_comparison(*comparison);
    }
    return "(" + print_terms(std::get<MarkerGroup>(inner.value)) + ")";
}

std::string print_terms(const MarkerGroup& group) {
    std::string out;
    for (std::size_t i = 0; i < group.terms.size(); ++i) {
        if (i > 0) {
            out += group.joins[i - 1] == MarkerJoin::And ? " and " : " or ";
        }
        out += print_term(group.terms[i]);
    }
    return out;
}

} // namespace

std::string_view marker_operator_symbol(MarkerOperator op) noexcept {
    switch (op) {
    case MarkerOperator::Less:
        return "<";
    case MarkerOperator::LessEqual:
        return "<=";
    case MarkerOperator::Equal:
        return "==";
    case MarkerOperator::NotEqual:
        return "!=";
    case MarkerOperator::GreaterEqual:
        return ">=";
    case MarkerOperator::Greater:
        return ">";
    case MarkerOperator::Compatible:
        return "~=";
    case MarkerOperator::Identity:
        return "===";
    case MarkerOperator::In:
        return "in";
    case MarkerOperator::NotIn:
        return "not in";
    }
    return "?";
}

bool MarkerResult::value() const {
    if (!has_value()) {
        throw std::logic_error("MarkerResult::value() on an error: " + error().message);
    }
    return std::get<bool>(state_);
}

const MarkerError& MarkerResult::error() const {
    if (has_value()) {
        throw std::logic_error("MarkerResult::error() on a value");
    }
    return std::get<MarkerError>(state_);
}

Expected<Marker> Marker::parse(std::string_view text) {
    std::size_t position = 0;
    auto root = parse_marker_expression(text, position);
    if (!root) {
        ParseError error = root.error();
        error.message = "invalid marker: " + error.message;
        return error;
    }
    if (position != text.size()) {
        return ParseError{"invalid marker: expected 'and', 'or' or the end of the marker", position,
                          std::string(text)};
    }
    return Marker(std::move(*root));
}

Marker Marker::from(std::string_view text) {
    return parse(text).value();
}

std::string Marker::to_string() const {
    if (root_.terms.size() == 1) {
        const MarkerTerm& inner = innermost(root_.terms.front());
        if (const auto* group = std::get_if<MarkerGroup>(&inner.value)) {
            return print_terms(*group); // the outermost parentheses are never printed
        }
    }
    return print_terms(root_);
}

} // namespace torchpin
