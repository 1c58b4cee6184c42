// Durable file replacement on POSIX: open, write, fsync, rename(2).
#include "engine/base/durable_file.hpp"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace torchpin {

std::error_code write_file_durably(const std::filesystem::path& path, std::string_view content) {
    const std::filesystem::path temporary = path.string() + ".tmp." + std::to_string(::getpid());
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        return {errno, std::generic_category()};
    }
    std::size_t written = 0;
    while (written < content.size()) {
        const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0) {
            const std::error_code error(errno, std::generic_category());
            ::close(fd);
            ::unlink(temporary.c_str());
            return error;
        }
        written += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const std::error_code error(errno, std::generic_category());
        ::unlink(temporary.c_str());
        return error;
    }
    if (auto error = replace_file(temporary, path)) {
        ::unlink(temporary.c_str());
        return error;
    }
    return {};
}

std::error_code replace_file(const std::filesystem::path& from, const std::filesystem::path& to) {
    if (::rename(from.c_str(), to.c_str()) != 0) {
        return {errno, std::generic_category()};
    }
    return {};
}

} // namespace torchpin
