// Loading libcurl with dlopen: resolve each function by name, fail with the package to install.
#include "net/curl/curl_library.hpp"

#include <cstdlib>
#include <dlfcn.h>
#include <string>

namespace torchpin::net {

namespace {

constexpr const char* default_library = "libcurl.so.4";
constexpr const char* install_hint =
    "'torchpin update' and importing URLs load libcurl at run time; install the libcurl runtime "
    "(Debian/Ubuntu: apt-get install libcurl4)";

// The library to load: $TORCHPIN_LIBCURL when set (another build, or a test), else the soname.
std::string library_name() {
    const char* chosen = std::getenv("TORCHPIN_LIBCURL");
    return chosen != nullptr && *chosen != '\0' ? chosen : default_library;
}

template <typename Function>
void resolve(void* library, const char* symbol, Function& function) {
    void* address = dlsym(library, symbol);
    if (address == nullptr) {
        throw NetworkUnavailable(std::string("the loaded libcurl has no ") + symbol +
                                 " (libcurl 7.66 or newer is needed); " + install_hint);
    }
    function = reinterpret_cast<Function>(address);
}

CurlLibrary load() {
    const std::string name = library_name();
    // Never closed: libcurl keeps global state until the process ends.
    void* library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        const char* reason = dlerror();
        throw NetworkUnavailable("cannot load " + name + " (" +
                                 (reason != nullptr ? reason : "unknown reason") + "); " +
                                 install_hint);
    }
    decltype(&curl_global_init) global_init = nullptr;
    resolve(library, "curl_global_init", global_init);
    CurlLibrary curl{};
    resolve(library, "curl_easy_init", curl.easy_init);
    resolve(library, "curl_easy_setopt", curl.easy_setopt);
    resolve(library, "curl_easy_getinfo", curl.easy_getinfo);
    resolve(library, "curl_easy_cleanup", curl.easy_cleanup);
    resolve(library, "curl_easy_strerror", curl.easy_strerror);
    resolve(library, "curl_slist_append", curl.slist_append);
    resolve(library, "curl_slist_free_all", curl.slist_free_all);
    resolve(library, "curl_multi_init", curl.multi_init);
    resolve(library, "curl_multi_add_handle", curl.multi_add_handle);
    resolve(library, "curl_multi_remove_handle", curl.multi_remove_handle);
    resolve(library, "curl_multi_perform", curl.multi_perform);
    resolve(library, "curl_multi_poll", curl.multi_poll);
    resolve(library, "curl_multi_info_read", curl.multi_info_read);
    resolve(library, "curl_multi_cleanup", curl.multi_cleanup);
    resolve(library, "curl_multi_strerror", curl.multi_strerror);
    if (global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        throw NetworkUnavailable("libcurl failed to initialise (curl_global_init)");
    }
    return curl;
}

} // namespace

const CurlLibrary& curl_library() {
    static const CurlLibrary curl = load(); // a throw leaves it unset: the next call tries again
    return curl;
}

} // namespace torchpin::net
