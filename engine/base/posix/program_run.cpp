// Running a program on POSIX: posix_spawn with pipes read under poll, a deadline, and a
// process-group kill when it passes.
#include "engine/base/program_run.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
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

// Reads both pipes until they close or the deadline passes; false on timeout.
bool drain(Descriptor& out, Descriptor& err, ProgramRun& run, Clock::time_point deadline) {
    while (out.get() >= 0 || err.get() >= 0) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0) {
            return false;
        }
        pollfd fds[2] = {{out.get(), POLLIN, 0}, {err.get(), POLLIN, 0}};
        const int ready = ::poll(fds, 2, static_cast<int>(left.count()));
        if (ready == 0) {
            return false;
        }
        if (ready < 0) {
            if (errno == EINTR) {
                continue;
            }
            return true; // cannot poll: leave it to waiting for the exit
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
                       std::chrono::milliseconds timeout) {
    ProgramRun run;
    Descriptor out_read, out_write, err_read, err_write;
    if (!make_pipe(out_read, out_write) || !make_pipe(err_read, err_write)) {
        run.problem = std::strerror(errno);
        return run;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
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
    pid_t pid = 0;
    const int spawned =
        ::posix_spawn(&pid, path.c_str(), &actions, &attributes, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    out_write.reset();
    err_write.reset();
    if (spawned != 0) {
        run.problem = std::strerror(spawned);
        return run;
    }

    const auto deadline = Clock::now() + timeout;
    int status = 0;
    if (!drain(out_read, err_read, run, deadline) || !wait_until(pid, status, deadline)) {
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
