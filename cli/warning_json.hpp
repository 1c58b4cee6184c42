// An answer's warnings and hints in JSON: {"code": "driver-minor-version", "message": "…",
// "driver": …}, the code and the facts the sentence names beside it (docs/cli.md).
#pragma once

#include "engine/solver/answer_hint.hpp"
#include "engine/solver/answer_warning.hpp"

#include <nlohmann/json.hpp>

namespace torchpin::cli {

nlohmann::ordered_json warning_json(const AnswerWarning& warning);
nlohmann::ordered_json warnings_json(const std::vector<AnswerWarning>& warnings);
nlohmann::ordered_json hints_json(const std::vector<AnswerHint>& hints);

} // namespace torchpin::cli
