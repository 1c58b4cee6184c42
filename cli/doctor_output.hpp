// Rendering a doctor report: text for people (worst first, each finding with its fix; one line
// when healthy) and the torchpin/doctor/v1 JSON object (docs/cli.md).
#pragma once

#include "doctor/doctor_report.hpp"

#include <string>

namespace torchpin::cli {

std::string doctor_text(const DoctorReport& report, bool color);
std::string doctor_json(const DoctorReport& report);

} // namespace torchpin::cli
