// fork/exec with a stdout pipe; kill and waitpid in the destructor.
#include "tests/support/background_process.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

namespace torchpin::test {

BackgroundProcess::BackgroundProcess(const std::string& program,
                                     const std::vector<std::string>& args,
                                     const std::filesystem::path& stderr_file) {
    int out[2];
    if (pipe(out) != 0) {
        throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    }
    const int err = open(stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (err < 0) {
        throw std::runtime_error("cannot write " + stderr_file.string());
    }
    pid_ = fork();
    if (pid_ < 0) {
        throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    }
    if (pid_ == 0) {
        dup2(out[1], STDOUT_FILENO);
        dup2(err, STDERR_FILENO);
        close(out[0]);
        close(out[1]);
        close(err);
        std::vector<char*> argv{const_cast<char*>(program.c_str())};
        for (const auto& arg : args) {
            argv.push_back(const_cast<char*>(arg.c_str()));
        }
        argv.push_back(nullptr);
        execv(program.c_str(), argv.data());
        _exit(127);
    }
    close(out[1]);
    close(err);
    stdout_fd_ = out[0];
}

BackgroundProcess::~BackgroundProcess() {
    kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    close(stdout_fd_);
}

std::string BackgroundProcess::read_line(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (pending_.find('\n') == std::string::npos) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        pollfd fd{stdout_fd_, POLLIN, 0};
        if (left.count() <= 0 || poll(&fd, 1, static_cast<int>(left.count())) <= 0) {
            throw std::runtime_error("no line from the background process within " +
                                     std::to_string(timeout.count()) + " ms");
        }
        char buffer[4096];
        const ssize_t n = read(stdout_fd_, buffer, sizeof buffer);
        if (n <= 0) {
            throw std::runtime_error("the background process closed its output: " + pending_);
        }
        pending_.append(buffer, static_cast<std::size_t>(n));
    }
    const std::size_t end = pending_.find('\n');
    std::string line = pending_.substr(0, end);
    pending_.erase(0, end + 1);
    return line;
}

} // namespace torchpin::test
