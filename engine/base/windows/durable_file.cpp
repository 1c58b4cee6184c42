// Durable file replacement on Windows: CreateFileW, WriteFile, FlushFileBuffers, MoveFileExW.
#include "engine/base/durable_file.hpp"

#include <algorithm>

#include <windows.h>

namespace torchpin {

namespace {

std::error_code last_error() {
    return {static_cast<int>(::GetLastError()), std::system_category()};
}

} // namespace

std::error_code write_file_durably(const std::filesystem::path& path, std::string_view content) {
    std::filesystem::path temporary = path;
    temporary += ".tmp." + std::to_string(::GetCurrentProcessId());
    const HANDLE file = ::CreateFileW(temporary.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_ALWAYS,
                                      FILE_ATTRIBUTE_NORMAL, nullptr);
    if (file == INVALID_HANDLE_VALUE) {
        return last_error();
    }
    std::size_t written = 0;
    while (written < content.size()) {
        const DWORD piece =
            static_cast<DWORD>(std::min<std::size_t>(content.size() - written, 1u << 30));
        DWORD done = 0;
        if (!::WriteFile(file, content.data() + written, piece, &done, nullptr)) {
            const std::error_code error = last_error();
            ::CloseHandle(file);
            ::DeleteFileW(temporary.c_str());
            return error;
        }
        written += done;
    }
    if (!::FlushFileBuffers(file)) {
        const std::error_code error = last_error();
        ::CloseHandle(file);
        ::DeleteFileW(temporary.c_str());
        return error;
    }
    ::CloseHandle(file);
    if (auto error = replace_file(temporary, path)) {
        ::DeleteFileW(temporary.c_str());
        return error;
    }
    return {};
}

std::error_code replace_file(const std::filesystem::path& from, const std::filesystem::path& to) {
    if (!::MoveFileExW(from.c_str(), to.c_str(),
                       MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) {
        return last_error();
    }
    return {};
}

} // namespace torchpin
