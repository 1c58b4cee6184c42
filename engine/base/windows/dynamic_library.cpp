// LoadLibraryExW/GetProcAddress/FreeLibrary behind the same RAII class as dlopen.
#include "engine/base/dynamic_library.hpp"

#include "engine/base/windows/wide_text.hpp"

#include <windows.h>

namespace torchpin {

DynamicLibrary::DynamicLibrary(const std::vector<std::string>& names) {
    for (const auto& name : names) {
        // A full path loads with its own folder searched for its dependencies; a bare name is
        // searched in System32 and the application folder only, never the current folder.
        const std::wstring wide_name = windows::wide(name);
        const bool absolute = name.find_first_of("\\/") != std::string::npos;
        const DWORD flags =
            absolute ? LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR | LOAD_LIBRARY_SEARCH_DEFAULT_DIRS
                     : LOAD_LIBRARY_SEARCH_DEFAULT_DIRS;
        handle_ = ::LoadLibraryExW(wide_name.c_str(), nullptr, flags);
        if (handle_ != nullptr) {
            name_ = name;
            return;
        }
        problem_ = name + ": " + windows::error_text(::GetLastError());
    }
    if (names.empty()) {
        problem_ = "no library to load";
    }
}

DynamicLibrary::~DynamicLibrary() {
    if (handle_ != nullptr) {
        ::FreeLibrary(static_cast<HMODULE>(handle_));
    }
}

void* DynamicLibrary::address(const char* symbol) const {
    return handle_ != nullptr
               ? reinterpret_cast<void*>(::GetProcAddress(static_cast<HMODULE>(handle_), symbol))
               : nullptr;
}

} // namespace torchpin
