// dlopen/dlsym/dlclose behind a small RAII class.
#include "engine/base/dynamic_library.hpp"

#include <dlfcn.h>

namespace torchpin {

DynamicLibrary::DynamicLibrary(const std::vector<std::string>& names) {
    for (const auto& name : names) {
        handle_ = ::dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (handle_ != nullptr) {
            name_ = name;
            return;
        }
        const char* error = ::dlerror();
        problem_ = error != nullptr ? error : "cannot load " + name;
    }
    if (names.empty()) {
        problem_ = "no library to load";
    }
}

DynamicLibrary::~DynamicLibrary() {
    if (handle_ != nullptr) {
        ::dlclose(handle_);
    }
}

void* DynamicLibrary::address(const char* symbol) const {
    return handle_ != nullptr ? ::dlsym(handle_, symbol) : nullptr;
}

} // namespace torchpin
