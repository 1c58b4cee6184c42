// Index pages in the exact shape PyTorch's generator writes, for tests that parse or serve them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin::test {

// The shape follows pytorch/test-infra s3_management as described in
// shared/data/extracted/pep503/pytorch_index_html_format.md; `torchpin update` tests can serve
// these pages as a fake index.

// One file of a per-package page, as the generator knows it.
struct PytorchPageFile {
    // The S3 object key, with the local version's '+' written as %2B:
    // "whl/cu128/torch-2.7.1%2Bcu128-cp312-cp312-manylinux_2_28_x86_64.whl".
    std::string key;
    std::optional<std::string> sha256{};          // the "#sha256=" fragment; none for nightlies
    std::optional<std::string> metadata_sha256{}; // data-dist-info-metadata and data-core-metadata
    std::optional<std::string> upload_time{};     // data-upload-time: "2025-06-03T18:27:52Z"
    // "" for site-relative links ("/whl/…"), or a host such as "https://download-r2.pytorch.org".
    std::string base_url{};
};

// The page /whl/<variant>/<project>/: doctype, "<h1>Links for <project></h1>" (lower-cased,
// '_' -> '-'), one "<a href=…>…</a><br/>" line per file sorted by key, and the trailing
// "<!--TIMESTAMP <seconds>-->" comment; lines joined with "\n".
// write_pytorch_simple_page("torch", {{.key = "whl/cpu/torch-2.7.1%2Bcpu-…whl"}}).
std::string write_pytorch_simple_page(std::string_view project, std::vector<PytorchPageFile> files,
                                      std::int64_t timestamp = 1703347410);

// The package list page /whl/<variant>/: one "<a href="torch/">torch</a><br/>" line per project.
std::string write_pytorch_root_page(const std::vector<std::string>& projects,
                                    std::int64_t timestamp = 1703347410);

} // namespace torchpin::test
