// Runs a program with arguments and standard input, capturing its exit code, stdout and stderr.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace torchpin::test {

struct ProcessResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

// `environment` entries are added to (or override) the current environment.
ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const std::string& input = "",
                          const std::map<std::string, std::string>& environment = {});

// The torchpin binary of this build, with NO_COLOR=1 so output is stable.
ProcessResult run_torchpin(const std::vector<std::string>& args, const std::string& input = "",
                           const std::map<std::string, std::string>& environment = {});

// Whether script(1) can give a command a terminal: a chroot without /dev/pts cannot.
bool pseudo_terminals_available();

} // namespace torchpin::test
