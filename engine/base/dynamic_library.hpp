// A shared library opened with dlopen() for the lifetime of one probe, and typed symbol lookup.
#pragma once

#include <string>
#include <vector>

namespace torchpin {

class DynamicLibrary {
public:
    // Opens the first of `names` that loads; on failure is_open() is false and problem() says
    // why (dlerror() of the last attempt).
    explicit DynamicLibrary(const std::vector<std::string>& names);
    DynamicLibrary(const DynamicLibrary&) = delete;
    DynamicLibrary& operator=(const DynamicLibrary&) = delete;
    ~DynamicLibrary();

    bool is_open() const noexcept { return handle_ != nullptr; }
    const std::string& problem() const noexcept { return problem_; }
    const std::string& name() const noexcept { return name_; } // the one that loaded

    // The function `symbol` as `Function*`, or nullptr when the library lacks it:
    // library.function<int(int*)>("cuDriverGetVersion").
    template <class Function>
    Function* function(const char* symbol) const {
        return reinterpret_cast<Function*>(address(symbol));
    }

private:
    void* address(const char* symbol) const;
    void* handle_ = nullptr;
    std::string name_;
    std::string problem_;
};

} // namespace torchpin
