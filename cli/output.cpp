// Atomic file output: write beside the target, flush to disk, rename over it.
#include "cli/output.hpp"

#include "engine/base/diagnostic.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <unistd.h>

namespace torchpin::cli {

void write_output(std::string_view content, const std::filesystem::path& path) {
    if (path.empty()) {
        std::cout << content;
        std::cout.flush();
        return;
    }
    const std::filesystem::path temporary = path.string() + ".tmp." + std::to_string(getpid());
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        throw InputError(Diagnostic{path.string(), 0, 0,
                                    std::string("cannot write: ") + std::strerror(errno), ""});
    }
    std::size_t written = 0;
    while (written < content.size()) {
        const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
        if (n < 0) {
            const int error = errno;
            ::close(fd);
            std::filesystem::remove(temporary);
            throw InputError(Diagnostic{path.string(), 0, 0,
                                        std::string("cannot write: ") + std::strerror(error), ""});
        }
        written += static_cast<std::size_t>(n);
    }
    ::fsync(fd);
    ::close(fd);
    std::filesystem::rename(temporary, path);
}

} // namespace torchpin::cli
