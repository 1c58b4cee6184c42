// libcurl loaded at run time: the few functions torchpin calls, resolved with dlsym on first use.
#pragma once

#include "net/http_client.hpp" // NetworkUnavailable

#define CURL_DISABLE_TYPECHECK
#include <curl/curl.h>

namespace torchpin::net {

// Pointers to the libcurl functions torchpin uses, with the exact types of <curl/curl.h>.
struct CurlLibrary {
    decltype(&curl_easy_init) easy_init;
    decltype(&curl_easy_setopt) easy_setopt;
    decltype(&curl_easy_getinfo) easy_getinfo;
    decltype(&curl_easy_cleanup) easy_cleanup;
    decltype(&curl_easy_strerror) easy_strerror;
    decltype(&curl_slist_append) slist_append;
    decltype(&curl_slist_free_all) slist_free_all;
    decltype(&curl_multi_init) multi_init;
    decltype(&curl_multi_add_handle) multi_add_handle;
    decltype(&curl_multi_remove_handle) multi_remove_handle;
    decltype(&curl_multi_perform) multi_perform;
    decltype(&curl_multi_poll) multi_poll;
    decltype(&curl_multi_info_read) multi_info_read;
    decltype(&curl_multi_cleanup) multi_cleanup;
    decltype(&curl_multi_strerror) multi_strerror;
};

// Loads libcurl.so.4 (or the file $TORCHPIN_LIBCURL names) once, initialises it and returns its
// functions; later calls return the same table. Throws NetworkUnavailable naming the Debian
// package to install (libcurl4) when the library or one of its functions is missing:
// curl_library().easy_init() is a new easy handle.
const CurlLibrary& curl_library();

} // namespace torchpin::net
