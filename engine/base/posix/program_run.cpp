// Running a program on POSIX: posix_spawn with pipes read under poll, a deadline, and a
// process-group kill when it passes.
#include "engine/base/program_run.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <string_view>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace torchpin {

namespace {

using Clock = std::chrono::steady_clock;

// Closes a descriptor once, on scope exit too.
class Descriptor {
public:
    Descriptor() = default;
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    ~Descriptor() { reset(); }
    int get() const noexcept { return fd_; }
    void reset(int fd = -1) noexcept {
        if (fd_ >= 0) {
            ::close(fd_);
        }
        fd_ = fd;
    }

private:
    int fd_ = -1;
};

bool make_pipe(Descriptor& read_end, Descriptor& write_end) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        return false;
    }
    read_end.reset(fds[0]);
    write_end.reset(fds[1]);
    return true;
}

// write(2) to a pipe whose reader may be gone: SIGPIPE is held back for the call and a pending one
// taken away, so the write fails with EPIPE instead of ending this process.
ssize_t write_without_sigpipe(int fd, std::string_view text) {
    sigset_t pipe_signal, previous;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    ::pthread_sigmask(SIG_BLOCK, &pipe_signal, &previous);
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EPIPE) {
        const timespec now{0, 0};
        while (::sigtimedwait(&pipe_signal, nullptr, &now) > 0) {
        }
        errno = EPIPE;
    }
    ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    return n;
}

// Writes `text` to the child's stdin and reads both pipes until they close or the deadline
// passes; false on timeout.
bool drain(Descriptor& in, std::string_view text, Descriptor& out, Descriptor& err, ProgramRun& run,
           Clock::time_point deadline) {
    if (text.empty()) {
        in.reset();
    }
    while (in.get() >= 0 || out.get() >= 0 || err.get() >= 0) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0) {
            return false;
        }
        pollfd fds[3] = {{out.get(), POLLIN, 0}, {err.get(), POLLIN, 0}, {in.get(), POLLOUT, 0}};
        const int ready = ::poll(fds, 3, static_cast<int>(left.count()));
        if (ready == 0) {
            return false;
        }
        if (ready < 0) {
            if (errno == EINTR) {
                continue;
            }
            return true; // cannot poll: leave it to waiting for the exit
        }
        if (fds[2].fd >= 0 && fds[2].revents != 0) {
            if ((fds[2].revents & POLLOUT) == 0) {
                in.reset(); // POLLERR, POLLHUP: the child stopped reading
            } else if (const ssize_t n = write_without_sigpipe(in.get(), text); n > 0) {
                text.remove_prefix(static_cast<std::size_t>(n));
                if (text.empty()) {
                    in.reset();
                }
            } else if (errno != EINTR && errno != EAGAIN) {
                in.reset();
            }
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0) {
                continue;
            }
            Descriptor& pipe = i == 0 ? out : err;
            char buffer[16384];
            const ssize_t n = ::read(pipe.get(), buffer, sizeof buffer);
            if (n > 0) {
                (i == 0 ? run.out : run.err).append(buffer, static_cast<std::size_t>(n));
            } else if (n == 0 || errno != EINTR) {
                pipe.reset();
            }
        }
    }
    return true;
}

// This process's environment with `changes` applied, as "NAME=value" strings.
std::vector<std::string> environment_with(const std::map<std::string, std::string>& changes) {
    std::vector<std::string> entries;
    for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
        const std::string_view text = *entry;
        if (!changes.contains(std::string(text.substr(0, text.find('='))))) {
            entries.emplace_back(text);
        }
    }
    for (const auto& [name, value] : changes) {
        entries.push_back(name + "=" + value);
    }
    return entries;
}

// Waits for the child until the deadline; false if it is still running then.
bool wait_until(pid_t pid, int& status, Clock::time_point deadline) {
    while (true) {
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid || (done < 0 && errno != EINTR)) {
            return true;
        }
        if (Clock::now() >= deadline) {
            return false;
        }
        ::usleep(1000);
    }
}

} // namespace

ProgramRun run_program(const std::filesystem::path& program, const std::vector<std::string>& args,
                       std::chrono::milliseconds timeout, const ProgramInput& input) {
    ProgramRun run;
    Descriptor in_read, in_write, out_read, out_write, err_read, err_write;
    if (!make_pipe(in_read, in_write) || !make_pipe(out_read, out_write) ||
        !make_pipe(err_read, err_write)) {
        run.problem = std::strerror(errno);
        return run;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (input.text.empty()) {
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    } else {
        posix_spawn_file_actions_adddup2(&actions, in_read.get(), STDIN_FILENO);
        ::fcntl(in_write.get(), F_SETFL, O_NONBLOCK); // poll says when; never wait in write
    }
    posix_spawn_file_actions_adddup2(&actions, out_write.get(), STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err_write.get(), STDERR_FILENO);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP); // its own group, to kill it all
    posix_spawnattr_setpgroup(&attributes, 0);

    const std::string path = program.string();
    std::vector<char*> argv{const_cast<char*>(path.c_str())};
    for (const auto& arg : args) {
        argv.push_back(const_cast<char*>(arg.c_str()));
    }
    argv.push_back(nullptr);
    std::vector<std::string> environment;
    std::vector<char*> envp;
    if (!input.environment.empty()) {
        environment = environment_with(input.environment);
        for (auto& entry : environment) {
            envp.push_back(entry.data());
        }
        envp.push_back(nullptr);
    }
    pid_t pid = 0;
    const int spawned = ::posix_spawn(&pid, path.c_str(), &actions, &attributes, argv.data(),
                                      envp.empty() ? environ : envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    in_read.reset();
    out_write.reset();
    err_write.reset();
    if (spawned != 0) {
        run.problem = std::strerror(spawned);
        return run;
    }

    const auto deadline = Clock::now() + timeout;
    int status = 0;
    if (!drain(in_write, input.text, out_read, err_read, run, deadline) ||
        !wait_until(pid, status, deadline)) {
        ::kill(-pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        run.outcome = ProgramRun::Outcome::TimedOut;
        return run;
    }
    if (WIFSIGNALED(status)) {
        run.outcome = ProgramRun::Outcome::Signalled;
        run.exit_code = WTERMSIG(status);
    } else {
        run.outcome = ProgramRun::Outcome::Exited;
        run.exit_code = WEXITSTATUS(status);
    }
    return run;
}

} // namespace torchpin
