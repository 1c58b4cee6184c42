// Running a program on Windows: CreateProcessW in a job object, both pipes read by threads, a
// deadline, and the whole job killed when it passes.
#include "engine/base/program_run.hpp"

#include "engine/base/host_system.hpp"
#include "engine/base/utf8_path.hpp"
#include "engine/base/windows/wide_text.hpp"
#include "engine/base/windows_command_line.hpp"

#include <algorithm>
#include <cwchar>
#include <map>
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

void write_all(HANDLE pipe, std::string_view text) {
    while (!text.empty()) {
        DWORD n = 0;
        const DWORD piece = static_cast<DWORD>(std::min<std::size_t>(text.size(), 1u << 20));
        if (!::WriteFile(pipe, text.data(), piece, &n, nullptr)) {
            return; // the child stopped reading
        }
        text.remove_prefix(n);
    }
}

// This process's environment with `changes` applied, as CreateProcessW's block: sorted
// "NAME=value" strings, each ended by a NUL, then one more NUL. Names match in any case.
std::wstring environment_block(const std::map<std::string, std::string>& changes) {
    std::map<std::wstring, std::wstring, decltype([](const std::wstring& a, const std::wstring& b) {
                 return ::_wcsicmp(a.c_str(), b.c_str()) < 0;
             })>
        variables;
    for (const auto& [name, value] : host_environment()) {
        variables[windows::wide(name)] = windows::wide(value);
    }
    for (const auto& [name, value] : changes) {
        variables.insert_or_assign(windows::wide(name), windows::wide(value));
    }
    std::wstring block;
    for (const auto& [name, value] : variables) {
        block += name + L"=" + value;
        block += L'\0';
    }
    block += L'\0';
    return block;
}

} // namespace

ProgramRun run_program(const std::filesystem::path& program, const std::vector<std::string>& args,
                       std::chrono::milliseconds timeout, const ProgramInput& input) {
    ProgramRun run;
    Handle in_read, in_write, out_read, out_write, err_read, err_write;
    SECURITY_ATTRIBUTES inheritable{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    Handle nul(::CreateFileW(L"NUL", GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, &inheritable,
                             OPEN_EXISTING, 0, nullptr));
    // stdin: the text through a pipe, or NUL. The pipe's write end stays here, its read end is
    // the child's: make_pipe makes the read end the local one, so swap the inheritance.
    const bool has_input = !input.text.empty();
    if (has_input && (!::CreatePipe(in_read.out(), in_write.out(), &inheritable, 0) ||
                      !::SetHandleInformation(in_write.get(), HANDLE_FLAG_INHERIT, 0))) {
        run.problem = windows::error_text(::GetLastError());
        return run;
    }
    if (!make_pipe(out_read, out_write) || !make_pipe(err_read, err_write)) {
        run.problem = windows::error_text(::GetLastError());
        return run;
    }
    STARTUPINFOW startup{};
    startup.cb = sizeof startup;
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdInput = has_input ? in_read.get() : nul.get();
    startup.hStdOutput = out_write.get();
    startup.hStdError = err_write.get();
    std::wstring command_line = windows::wide(windows_command_line(utf8_of(program), args));
    PROCESS_INFORMATION process{};
    const Handle job(make_job());
    std::wstring environment =
        input.environment.empty() ? std::wstring() : environment_block(input.environment);
    if (!::CreateProcessW(program.c_str(), command_line.data(), nullptr, nullptr, TRUE,
                          CREATE_SUSPENDED | CREATE_NO_WINDOW | CREATE_UNICODE_ENVIRONMENT,
                          environment.empty() ? nullptr : environment.data(), nullptr, &startup,
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
    in_read.reset();
    out_write.reset();
    err_write.reset();
    nul.reset();

    std::thread writer([&] {
        write_all(in_write.get(), input.text);
        in_write.reset(); // end of input
    });
    std::thread out_reader(read_all, out_read.get(), std::ref(run.out));
    std::thread err_reader(read_all, err_read.get(), std::ref(run.err));
    const DWORD waited =
        ::WaitForSingleObject(process.hProcess, static_cast<DWORD>(timeout.count()));
    const bool exited = waited == WAIT_OBJECT_0;
    // Whatever the child left running would hold the pipes open: the job ends it all, as the
    // process group kill does on POSIX.
    if (job.get() != nullptr) {
        ::TerminateJobObject(job.get(), 1);
    } else if (!exited) {
        ::TerminateProcess(process.hProcess, 1);
    }
    out_reader.join();
    err_reader.join();
    writer.join();
    if (waited == WAIT_FAILED) {
        run.problem = windows::error_text(::GetLastError());
        return run; // NotStarted: it cannot be waited for
    }
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
