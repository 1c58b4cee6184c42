// Running a program on Windows: CreateProcessW in a job object, both pipes read by threads, a
// deadline, and the whole job killed when it passes.
#include "engine/base/program_run.hpp"

#include "engine/base/utf8_path.hpp"
#include "engine/base/windows/wide_text.hpp"
#include "engine/base/windows_command_line.hpp"

#include <thread>

#include <windows.h>

namespace torchpin {

namespace {

// Closes a handle once, on scope exit too.
class Handle {
public:
    Handle() = default;
    explicit Handle(HANDLE handle)
        : handle_(handle == INVALID_HANDLE_VALUE ? nullptr : handle) {}
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
    ~Handle() { reset(); }
    HANDLE get() const noexcept { return handle_; }
    HANDLE* out() noexcept { return &handle_; }
    void reset() noexcept {
        if (handle_ != nullptr) {
            ::CloseHandle(handle_);
            handle_ = nullptr;
        }
    }

private:
    HANDLE handle_ = nullptr;
};

// A pipe whose read end stays in this process and whose write end the child inherits.
bool make_pipe(Handle& read_end, Handle& write_end) {
    SECURITY_ATTRIBUTES inheritable{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    return ::CreatePipe(read_end.out(), write_end.out(), &inheritable, 0) &&
           ::SetHandleInformation(read_end.get(), HANDLE_FLAG_INHERIT, 0);
}

void read_all(HANDLE pipe, std::string& into) {
    char buffer[16384];
    DWORD n = 0;
    while (::ReadFile(pipe, buffer, sizeof buffer, &n, nullptr) && n > 0) {
        into.append(buffer, n);
    }
}

// A job that kills every process in it when it is closed: the child and whatever it started.
HANDLE make_job() {
    const HANDLE job = ::CreateJobObjectW(nullptr, nullptr);
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
    limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
    if (job != nullptr) {
        ::SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limits, sizeof limits);
    }
    return job;
}

} // namespace

ProgramRun run_program(const std::filesystem::path& program, const std::vector<std::string>& args,
                       std::chrono::milliseconds timeout) {
    ProgramRun run;
    Handle out_read, out_write, err_read, err_write;
    SECURITY_ATTRIBUTES inheritable{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    Handle nul(::CreateFileW(L"NUL", GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, &inheritable,
                             OPEN_EXISTING, 0, nullptr));
    if (!make_pipe(out_read, out_write) || !make_pipe(err_read, err_write)) {
        run.problem = windows::error_text(::GetLastError());
        return run;
    }
    STARTUPINFOW startup{};
    startup.cb = sizeof startup;
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdInput = nul.get();
    startup.hStdOutput = out_write.get();
    startup.hStdError = err_write.get();
    std::wstring command_line = windows::wide(windows_command_line(utf8_of(program), args));
    PROCESS_INFORMATION process{};
    const Handle job(make_job());
    if (!::CreateProcessW(program.c_str(), command_line.data(), nullptr, nullptr, TRUE,
                          CREATE_SUSPENDED | CREATE_NO_WINDOW, nullptr, nullptr, &startup,
                          &process)) {
        const DWORD error = ::GetLastError();
        run.problem = error == ERROR_FILE_NOT_FOUND || error == ERROR_PATH_NOT_FOUND
                          ? "No such file or directory"
                          : windows::error_text(error);
        return run;
    }
    const Handle process_handle(process.hProcess);
    const Handle thread_handle(process.hThread);
    if (job.get() != nullptr) {
        ::AssignProcessToJobObject(job.get(), process.hProcess);
    }
    ::ResumeThread(process.hThread);
    out_write.reset();
    err_write.reset();
    nul.reset();

    std::thread out_reader(read_all, out_read.get(), std::ref(run.out));
    std::thread err_reader(read_all, err_read.get(), std::ref(run.err));
    const bool exited = ::WaitForSingleObject(process.hProcess,
                                              static_cast<DWORD>(timeout.count())) == WAIT_OBJECT_0;
    // Whatever the child left running would hold the pipes open: the job ends it all, as the
    // process group kill does on POSIX.
    if (job.get() != nullptr) {
        ::TerminateJobObject(job.get(), 1);
    } else if (!exited) {
        ::TerminateProcess(process.hProcess, 1);
    }
    out_reader.join();
    err_reader.join();
    if (!exited) {
        run.outcome = ProgramRun::Outcome::TimedOut;
        return run;
    }
    DWORD code = 0;
    ::GetExitCodeProcess(process.hProcess, &code);
    run.outcome = ProgramRun::Outcome::Exited;
    run.exit_code = static_cast<int>(code);
    return run;
}

} // namespace torchpin
