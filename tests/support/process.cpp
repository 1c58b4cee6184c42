// Child processes for CLI tests: fork/exec with three pipes, read with poll so neither side blocks.
#include "tests/support/process.hpp"

#include "tests/support/test_paths.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

namespace torchpin::test {

namespace {

void make_pipe(int fds[2]) {
    if (pipe(fds) != 0) {
        throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    }
}

} // namespace

ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const std::string& input,
                          const std::map<std::string, std::string>& environment) {
    int in[2];
    int out[2];
    int err[2];
    make_pipe(in);
    make_pipe(out);
    make_pipe(err);
    const pid_t pid = fork();
    if (pid < 0) {
        throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    }
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        dup2(err[1], STDERR_FILENO);
        for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) {
            close(fd);
        }
        for (const auto& [name, value] : environment) {
            setenv(name.c_str(), value.c_str(), 1);
        }
        std::vector<char*> argv{const_cast<char*>(program.c_str())};
        for (const auto& arg : args) {
            argv.push_back(const_cast<char*>(arg.c_str()));
        }
        argv.push_back(nullptr);
        execv(program.c_str(), argv.data());
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(err[1]);
    ProcessResult result;
    std::size_t written = 0;
    if (input.empty()) {
        close(in[1]);
    }
    bool in_open = !input.empty();
    bool out_open = true;
    bool err_open = true;
    while (out_open || err_open) {
        std::vector<pollfd> fds;
        if (in_open) {
            fds.push_back({in[1], POLLOUT, 0});
        }
        if (out_open) {
            fds.push_back({out[0], POLLIN, 0});
        }
        if (err_open) {
            fds.push_back({err[0], POLLIN, 0});
        }
        if (poll(fds.data(), fds.size(), 60000) <= 0) {
            break;
        }
        for (const pollfd& p : fds) {
            if (p.revents == 0) {
                continue;
            }
            if (p.fd == in[1]) {
                const ssize_t n = write(in[1], input.data() + written, input.size() - written);
                written += n > 0 ? static_cast<std::size_t>(n) : 0;
                if (n <= 0 || written == input.size()) {
                    close(in[1]);
                    in_open = false;
                }
                continue;
            }
            char buffer[65536];
            const ssize_t n = read(p.fd, buffer, sizeof buffer);
            if (n <= 0) {
                close(p.fd);
                (p.fd == out[0] ? out_open : err_open) = false;
            } else {
                (p.fd == out[0] ? result.out : result.err)
                    .append(buffer, static_cast<std::size_t>(n));
            }
        }
    }
    if (in_open) {
        close(in[1]);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return result;
}

ProcessResult run_torchpin(const std::vector<std::string>& args, const std::string& input,
                           const std::map<std::string, std::string>& environment) {
    auto env = environment;
    env.emplace("NO_COLOR", "1");
    return run_process(torchpin_binary().string(), args, input, env);
}

bool pseudo_terminals_available() {
    const int fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (fd < 0) {
        return false;
    }
    close(fd);
    return true;
}

} // namespace torchpin::test
