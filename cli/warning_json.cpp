// warning_json: the one JSON rendering of an answer's warnings.
#include "cli/warning_json.hpp"

namespace torchpin::cli {

nlohmann::ordered_json warning_json(const AnswerWarning& warning) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    out["code"] = name(warning.code);
    out["message"] = warning.message;
    for (const auto& [fact, value] : warning.facts) {
        out[fact] = value;
    }
    return out;
}

nlohmann::ordered_json warnings_json(const std::vector<AnswerWarning>& warnings) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const AnswerWarning& warning : warnings) {
        out.push_back(warning_json(warning));
    }
    return out;
}

} // namespace torchpin::cli
