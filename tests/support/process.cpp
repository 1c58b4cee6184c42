// Child processes for CLI tests, through the platform layer's run_program: stdin text, extra
// environment, stdout and stderr captured.
#include "tests/support/process.hpp"

#include "engine/base/program_run.hpp"
#include "engine/base/utf8_path.hpp"
#include "tests/support/test_paths.hpp"

#include <stdexcept>

namespace torchpin::test {

ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const std::string& input,
                          const std::map<std::string, std::string>& environment) {
    // Longer than any test runs: a hung child fails its test instead of hanging the suite.
    constexpr std::chrono::minutes limit{10};
    const ProgramRun run = run_program(path_from_utf8(program), args, limit, {input, environment});
    ProcessResult result{-1, run.out, run.err};
    switch (run.outcome) {
    case ProgramRun::Outcome::Exited:
        result.exit_code = run.exit_code;
        break;
    case ProgramRun::Outcome::Signalled:
        result.exit_code = 128 + run.exit_code;
        break;
    case ProgramRun::Outcome::TimedOut:
        throw std::runtime_error(program + " " + run.describe(limit));
    case ProgramRun::Outcome::NotStarted:
        result.exit_code = 127;
        result.err = run.problem;
        break;
    }
    return result;
}

ProcessResult run_torchpin(const std::vector<std::string>& args, const std::string& input,
                           const std::map<std::string, std::string>& environment) {
    auto env = environment;
    env.emplace("NO_COLOR", "1");
    return run_process(torchpin_binary().string(), args, input, env);
}

bool pseudo_terminals_available() {
    // script(1) fails at once where it cannot open a pseudo-terminal (a chroot without /dev/pts).
    const auto script = find_on_path("script", "/usr/bin:/bin");
    return script &&
           run_program(*script, {"-qec", "true", "/dev/null"}, std::chrono::seconds(10), {"\n", {}})
               .succeeded();
}

} // namespace torchpin::test
