// Recursive descent over the marker grammar, rule for rule as pypa/packaging's _parser.py.
#include "engine/pep/marker_parser.hpp"

#include "engine/pep/package_name.hpp"
#include "engine/pep/pep508_tokens.hpp"
#include "engine/pep/python_string.hpp"

namespace torchpin {

namespace {

struct OperatorSpelling {
    std::string_view symbol;
    MarkerOperator op;
};

// Longest spellings first, so "===" is not read as "==" followed by "=".
constexpr OperatorSpelling comparison_operators[] = {
    {"===", MarkerOperator::Identity},  {"==", MarkerOperator::Equal},
    {"~=", MarkerOperator::Compatible}, {"!=", MarkerOperator::NotEqual},
    {"<=", MarkerOperator::LessEqual},  {">=", MarkerOperator::GreaterEqual},
    {"<", MarkerOperator::Less},        {">", MarkerOperator::Greater},
};

// "os.name" -> "os_name", "python_implementation" -> "platform_python_implementation".
std::string canonical_variable(std::string_view spelling) {
    std::string name(spelling);
    for (char& c : name) {
        c = c == '.' ? '_' : c;
    }
    return name == "python_implementation" ? "platform_python_implementation" : name;
}

// PEP 685: a value compared with `extra` is normalized when parsed, so it prints normalized.
void normalize_extra_value(MarkerComparison& comparison) {
    const auto is_extra = [](const MarkerOperand& side) {
        return side.is_variable && side.text == "extra";
    };
    if (is_extra(comparison.left) && !comparison.right.is_variable) {
        comparison.right.text = normalize_package_name(comparison.right.text);
    } else if (is_extra(comparison.right) && !comparison.left.is_variable) {
        comparison.left.text = normalize_package_name(comparison.left.text);
    }
}

class MarkerParser {
public:
    MarkerParser(std::string_view text, std::size_t position)
        : text_(text)
        , pos_(position) {}

    std::size_t position() const noexcept { return pos_; }

    // marker = atom (("and" | "or") atom)*
    Expected<MarkerGroup> expression(std::size_t depth) {
        MarkerGroup group;
        while (true) {
            auto term = atom(depth);
            if (!term) {
                return term.error();
            }
            group.terms.push_back(std::move(*term));
            if (const std::size_t n = pep508::keyword_length(text_, pos_, "and")) {
                group.joins.push_back(MarkerJoin::And);
                pos_ += n;
            } else if (const std::size_t m = pep508::keyword_length(text_, pos_, "or")) {
                group.joins.push_back(MarkerJoin::Or);
                pos_ += m;
            } else {
                return group;
            }
        }
    }

private:
    // atom = WS? "(" WS? marker WS? ")" WS? | WS? comparison WS?
    Expected<MarkerTerm> atom(std::size_t depth) {
        skip_whitespace();
        MarkerTerm term;
        if (text_.substr(pos_, 1) == "(") {
            if (depth == max_marker_nesting) {
                return error("markers nest at most " + std::to_string(max_marker_nesting) +
                             " parentheses deep");
            }
            const std::size_t open = pos_++;
            skip_whitespace();
            auto inner = expression(depth + 1);
            if (!inner) {
                return inner.error();
            }
            skip_whitespace();
            if (text_.substr(pos_, 1) != ")") {
                return error("expected ')' to close the '(' at " + std::to_string(open) +
                             ", after the marker expression");
            }
            ++pos_;
            term.value = std::move(*inner);
        } else {
            auto comparison = this->comparison();
            if (!comparison) {
                return comparison.error();
            }
            term.value = std::move(*comparison);
        }
        skip_whitespace();
        return term;
    }

    // comparison = operand WS? operator WS? operand
    Expected<MarkerComparison> comparison() {
        MarkerComparison result;
        auto left = operand();
        if (!left) {
            return left.error();
        }
        skip_whitespace();
        auto op = comparison_operator();
        if (!op) {
            return op.error();
        }
        skip_whitespace();
        auto right = operand();
        if (!right) {
            return right.error();
        }
        result.left = std::move(*left);
        result.op = *op;
        result.right = std::move(*right);
        normalize_extra_value(result);
        return result;
    }

    // operand = VARIABLE | QUOTED_STRING
    Expected<MarkerOperand> operand() {
        if (const std::size_t n = pep508::variable_length(text_, pos_)) {
            MarkerOperand variable{true, canonical_variable(text_.substr(pos_, n))};
            pos_ += n;
            return variable;
        }
        if (const std::size_t n = pep508::quoted_string_length(text_, pos_)) {
            auto value = decode_python_string(text_.substr(pos_, n));
            if (!value) {
                return ParseError{"invalid quoted string: " + value.error().message,
                                  pos_ + value.error().position, std::string(text_)};
            }
            pos_ += n;
            return MarkerOperand{false, std::move(*value)};
        }
        return error("expected a marker variable (such as python_version) or a quoted string");
    }

    // operator = "in" | "not" WS "in" | one of === == ~= != <= >= < >
    Expected<MarkerOperator> comparison_operator() {
        if (const std::size_t n = pep508::keyword_length(text_, pos_, "in")) {
            pos_ += n;
            return MarkerOperator::In;
        }
        if (const std::size_t n = pep508::keyword_length(text_, pos_, "not")) {
            pos_ += n;
            const std::size_t space = pep508::whitespace_length(text_, pos_);
            if (space == 0) {
                return error("expected a space after 'not'");
            }
            pos_ += space;
            const std::size_t in = pep508::keyword_length(text_, pos_, "in");
            if (in == 0) {
                return error("expected 'in' after 'not'");
            }
            pos_ += in;
            return MarkerOperator::NotIn;
        }
        for (const auto& spelling : comparison_operators) {
            if (text_.substr(pos_, spelling.symbol.size()) == spelling.symbol) {
                pos_ += spelling.symbol.size();
                return spelling.op;
            }
        }
        return error(
            "expected a marker operator: one of <=, <, !=, ==, >=, >, ~=, ===, in, not in");
    }

    void skip_whitespace() noexcept { pos_ += pep508::whitespace_length(text_, pos_); }

    ParseError error(std::string message) const {
        return ParseError{std::move(message), pos_, std::string(text_)};
    }

    std::string_view text_;
    std::size_t pos_;
};

} // namespace

Expected<MarkerGroup> parse_marker_expression(std::string_view text, std::size_t& position) {
    MarkerParser parser(text, position);
    auto group = parser.expression(0);
    if (group) {
        position = parser.position();
    }
    return group;
}

} // namespace torchpin
