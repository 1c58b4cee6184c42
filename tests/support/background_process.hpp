// A child process that runs while a test needs it (a fake server) and is always stopped after.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <sys/types.h>
#include <vector>

namespace torchpin::test {

// Started with stdout on a pipe and stderr into `stderr_file`; the destructor kills it (SIGKILL)
// and waits for it, so a test that fails or throws never leaves it running:
// BackgroundProcess server("/usr/bin/python3", {"server.py"}, dir / "server.err");
class BackgroundProcess {
public:
    BackgroundProcess(const std::string& program, const std::vector<std::string>& args,
                      const std::filesystem::path& stderr_file);
    BackgroundProcess(const BackgroundProcess&) = delete;
    BackgroundProcess& operator=(const BackgroundProcess&) = delete;
    ~BackgroundProcess();

    // The next line the process writes to stdout, without its newline. Throws when the process
    // closes stdout first or writes no whole line within `timeout`.
    std::string read_line(std::chrono::milliseconds timeout);

private:
    pid_t pid_ = -1;
    int stdout_fd_ = -1;
    std::string pending_; // read but not yet returned
};

} // namespace torchpin::test
