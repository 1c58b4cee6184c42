// warning_json, hints_json: the one JSON rendering of an answer's warnings and hints.
#include "cli/warning_json.hpp"

namespace torchpin::cli {

namespace {

template <class Statement>
nlohmann::ordered_json statement_json(const Statement& statement) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    out["code"] = name(statement.code);
    out["message"] = statement.message;
    for (const auto& [fact, value] : statement.facts) {
        out[fact] = value;
    }
    return out;
}

} // namespace

nlohmann::ordered_json warning_json(const AnswerWarning& warning) {
    return statement_json(warning);
}

nlohmann::ordered_json warnings_json(const std::vector<AnswerWarning>& warnings) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const AnswerWarning& warning : warnings) {
        out.push_back(warning_json(warning));
    }
    return out;
}

nlohmann::ordered_json hints_json(const std::vector<AnswerHint>& hints) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const AnswerHint& hint : hints) {
        out.push_back(statement_json(hint));
    }
    return out;
}

} // namespace torchpin::cli
