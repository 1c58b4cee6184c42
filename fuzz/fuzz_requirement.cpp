// Fuzz target: accepted requirements and markers re-parse from their printed form, unchanged.
#include "engine/pep/requirement.hpp"
#include "fuzz/fuzz_target.hpp"

#include <cstdint>
#include <string_view>

namespace {

const torchpin::MarkerEnvironment& linux_environment() {
    static const torchpin::MarkerEnvironment environment{
        .implementation_name = "cpython",
        .implementation_version = "3.13.0rc1",
        .os_name = "posix",
        .platform_machine = "x86_64",
        .platform_release = "6.1.0-18-amd64",
        .platform_system = "Linux",
        .platform_version = "#1 SMP PREEMPT_DYNAMIC",
        .python_full_version = "3.13.0rc1",
        .platform_python_implementation = "CPython",
        .python_version = "3.13",
        .sys_platform = "linux",
        .extra = "cuda",
        .extras = std::vector<std::string>{"cuda", "opt-einsum"},
        .dependency_groups = std::nullopt,
    };
    return environment;
}

bool same_result(const torchpin::MarkerResult& a, const torchpin::MarkerResult& b) {
    if (a.has_value() != b.has_value()) {
        return false;
    }
    return a.has_value() ? a.value() == b.value() : a.error().kind == b.error().kind;
}

void check_marker(std::string_view text) {
    auto parsed = torchpin::Marker::parse(text);
    if (!parsed) {
        FUZZ_CHECK(parsed.error().position <= text.size());
        return;
    }
    const std::string printed = parsed->to_string();
    auto again = torchpin::Marker::parse(printed);
    FUZZ_CHECK(again.has_value());
    FUZZ_CHECK(again->to_string() == printed);
    FUZZ_CHECK(
        same_result(parsed->evaluate(linux_environment()), again->evaluate(linux_environment())));
}

void check_requirement(std::string_view text) {
    auto parsed = torchpin::Requirement::parse(text);
    if (!parsed) {
        FUZZ_CHECK(parsed.error().position <= text.size());
        return;
    }
    const std::string printed = parsed->to_string();
    auto again = torchpin::Requirement::parse(printed);
    FUZZ_CHECK(again.has_value());
    FUZZ_CHECK(again->to_string() == printed);
    FUZZ_CHECK(same_result(parsed->applies_to(linux_environment(), {"cuda"}),
                           again->applies_to(linux_environment(), {"cuda"})));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_requirement(text);
    check_marker(text);
    return 0;
}
