// Whole PyTorch-style indexes as page files: a large generated one, and real wheels placed on
// pages.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin::test {

// One page of an index: where it lives below the index root and what it says.
struct IndexPageFile {
    std::string path; // "whl/cu128/torch/index.html"
    std::string content;
};

// The shape of a generated index: every package in every variant directory, each version built
// for six Python tags and four platforms, so the default has 40 x 6 x 35 x 6 x 4 = 201,600
// files on 240 pages (about 93 MB), written by write_pytorch_simple_page.
struct PytorchIndexShape {
    std::size_t versions = 35; // per package and variant
    // When not 0, every n-th file has another sha256 than usual (a re-upload): 100 changes 1%.
    std::size_t changed_hash_every = 0;
};

// The pages /whl/<variant>/<package>/index.html for the 40 variants cpu … xpu and the packages
// torch, torchvision, torchaudio (with the variant's local label), triton, torchtext and
// torchdata (without one). Every file has a sha256, two thirds have metadata and an upload time;
// files of the packages PyTorch serves from R2 link to download-r2.pytorch.org, the others are
// site-relative, as on the real index.
std::vector<IndexPageFile> write_pytorch_index(const PytorchIndexShape& shape = {});

// The number of files write_pytorch_index lists.
std::size_t pytorch_index_file_count(const PytorchIndexShape& shape = {});

// The wheels of a fixture such as tests/data/wheels/nixpkgs_torch_wheels.json ({"wheels": [{
// "package", "url", "sha256", "upload_time"}]}) on the pages of their index directories:
// /whl/cu128/torch-….whl is listed on whl/cu128/torch/index.html. Links to hosts other than
// download.pytorch.org stay absolute, as the generator writes R2 links.
std::vector<IndexPageFile> write_pages_of_wheels(std::string_view fixture_json);

} // namespace torchpin::test
