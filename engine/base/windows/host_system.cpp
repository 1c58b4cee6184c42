// Host facts on Windows: the wide environment and command line, IsWow64Process2, RtlGetVersion.
#include "engine/base/host_system.hpp"

#include "engine/base/windows/wide_text.hpp"

#include <windows.h>

#include <shellapi.h>

namespace torchpin {

namespace {

// RtlGetVersion is ntdll's and not in the import libraries' headers as a plain call; it reports
// the true version where GetVersionEx is capped by the manifest.
using RtlGetVersionFunction = LONG(WINAPI*)(OSVERSIONINFOW*);
// IsWow64Process2 exists from Windows 10 1511; older systems are x86_64 or x86 only.
using IsWow64Process2Function = BOOL(WINAPI*)(HANDLE, USHORT*, USHORT*);

template <class Function>
Function system_function(const wchar_t* module, const char* name) {
    const HMODULE handle = ::GetModuleHandleW(module);
    return handle != nullptr
               ? reinterpret_cast<Function>(reinterpret_cast<void*>(::GetProcAddress(handle, name)))
               : nullptr;
}

} // namespace

HostKind host_kind() noexcept {
    return HostKind::Windows;
}

std::vector<std::string> host_arguments(int, char**) {
    int count = 0;
    wchar_t** wide_arguments = ::CommandLineToArgvW(::GetCommandLineW(), &count);
    std::vector<std::string> arguments;
    for (int i = 1; i < count; ++i) {
        arguments.push_back(windows::narrow(wide_arguments[i]));
    }
    ::LocalFree(wide_arguments);
    return arguments;
}

std::map<std::string, std::string> host_environment() {
    std::map<std::string, std::string> variables;
    wchar_t* block = ::GetEnvironmentStringsW();
    for (const wchar_t* entry = block; entry != nullptr && *entry != L'\0';
         entry += std::wcslen(entry) + 1) {
        const std::string text = windows::narrow(entry);
        // Entries like "=C:=C:\\work" (the current folder per drive) start with '='.
        if (const std::size_t equals = text.find('=', 1); equals != std::string::npos) {
            variables.emplace(text.substr(0, equals), text.substr(equals + 1));
        }
    }
    ::FreeEnvironmentStringsW(block);
    return variables;
}

std::optional<std::string> host_variable(const std::string& name) {
    const std::wstring wide_name = windows::wide(name);
    const DWORD size = ::GetEnvironmentVariableW(wide_name.c_str(), nullptr, 0);
    if (size == 0) {
        return std::nullopt;
    }
    std::wstring value(size, L'\0');
    const DWORD length = ::GetEnvironmentVariableW(wide_name.c_str(), value.data(), size);
    value.resize(length);
    return windows::narrow(value);
}

std::string host_machine_arch() {
    USHORT process = 0;
    USHORT native = 0;
    const auto is_wow64_process2 =
        system_function<IsWow64Process2Function>(L"kernel32.dll", "IsWow64Process2");
    if (is_wow64_process2 != nullptr &&
        is_wow64_process2(::GetCurrentProcess(), &process, &native)) {
        switch (native) {
        case IMAGE_FILE_MACHINE_AMD64:
            return "x86_64";
        case IMAGE_FILE_MACHINE_ARM64:
            return "aarch64";
        case IMAGE_FILE_MACHINE_I386:
            return "i686";
        default:
            return "";
        }
    }
    SYSTEM_INFO info{};
    ::GetNativeSystemInfo(&info);
    switch (info.wProcessorArchitecture) {
    case PROCESSOR_ARCHITECTURE_AMD64:
        return "x86_64";
    case PROCESSOR_ARCHITECTURE_ARM64:
        return "aarch64";
    case PROCESSOR_ARCHITECTURE_INTEL:
        return "i686";
    default:
        return "";
    }
}

std::optional<std::string> host_glibc_version() {
    return std::nullopt;
}

std::optional<std::string> host_windows_build() {
    const auto rtl_get_version =
        system_function<RtlGetVersionFunction>(L"ntdll.dll", "RtlGetVersion");
    OSVERSIONINFOW info{};
    info.dwOSVersionInfoSize = sizeof info;
    if (rtl_get_version == nullptr || rtl_get_version(&info) != 0) {
        return std::nullopt;
    }
    return std::to_string(info.dwMajorVersion) + "." + std::to_string(info.dwMinorVersion) + "." +
           std::to_string(info.dwBuildNumber);
}

std::optional<std::string> file_version_of(const std::filesystem::path& file) {
    DWORD ignored = 0;
    const DWORD size = ::GetFileVersionInfoSizeW(file.c_str(), &ignored);
    if (size == 0) {
        return std::nullopt;
    }
    std::string data(size, '\0');
    VS_FIXEDFILEINFO* info = nullptr;
    UINT length = 0;
    if (!::GetFileVersionInfoW(file.c_str(), 0, size, data.data()) ||
        !::VerQueryValueW(data.data(), L"\\", reinterpret_cast<void**>(&info), &length) ||
        info == nullptr || length < sizeof(VS_FIXEDFILEINFO)) {
        return std::nullopt;
    }
    return std::to_string(HIWORD(info->dwFileVersionMS)) + "." +
           std::to_string(LOWORD(info->dwFileVersionMS)) + "." +
           std::to_string(HIWORD(info->dwFileVersionLS)) + "." +
           std::to_string(LOWORD(info->dwFileVersionLS));
}

std::tm utc_calendar(std::time_t when) {
    std::tm calendar{};
    ::gmtime_s(&calendar, &when);
    return calendar;
}

} // namespace torchpin
