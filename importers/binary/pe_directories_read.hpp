// Reading a big PE file without its code: only the headers and the sections that the import,
// delay-import and resource directories point into, laid out as a smaller image of their own
// (torch_cuda.dll is over a gigabyte, its imports a few kilobytes).
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <vector>

namespace torchpin {

// The smaller image, which read_pe_image reads as it would the whole file; nullopt when the
// headers do not parse (then read the whole file, so that the reader reports the error).
std::optional<std::vector<unsigned char>> read_pe_directories(std::istream& in,
                                                              std::uint64_t file_size);

} // namespace torchpin
