// Where a package index keeps its pages, as PyTorch lays them out and as any PEP 503 directory
// tree does: BASE/ (the root), BASE/<package>/ (all variants), BASE/<folder>/<package>/.
#pragma once

#include "engine/pep/package_name.hpp"

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin::cli {

// The index URL with exactly one trailing slash; throws UsageError unless it is http(s):
// index_base("https://download.pytorch.org/whl") is "https://download.pytorch.org/whl/".
std::string index_base(std::string_view url);

// BASE/<package>/: package_page_url(".../whl/", torch) is ".../whl/torch/".
std::string package_page_url(const std::string& base, const PackageName& package);

// BASE/<folder>/<package>/: variant_page_url(".../whl/", "cu121", torch) is ".../whl/cu121/torch/".
std::string variant_page_url(const std::string& base, const std::string& folder,
                             const PackageName& package);

// Whether a directory name is a PyTorch variant folder, written as PyTorch writes it: "cu121",
// "rocm6.2", "cpu", "xpu", "cpu-cxx11-abi"; not "cu121_full" (another name for cu121) or "torch".
bool is_variant_folder(std::string_view folder);

// The variant folders among links to BASE/<folder>/ (a root page's project links; a plain
// directory tree lists its folders so): {".../whl/cu121/", ".../whl/torch/"} gives {"cu121"}.
std::set<std::string> folders_linked(const std::vector<std::string>& urls, const std::string& base);

// The variant folders a directory listing links to (python3 -m http.server, nginx and Apache
// autoindex write "<a href="cu121/">cu121/</a>", text that is no project name, so the page
// reports it as an invalid link): {"cu121/", "torch/", "cu121"} gives {"cu121"}.
std::set<std::string> folders_listed(const std::vector<std::string>& link_texts);

// The variant folders of backend labels: {"cu121", "cpu.cxx11.abi"} gives {"cpu-cxx11-abi",
// "cu121"}; labels that are no backend are ignored.
std::set<std::string> folders_of_labels(const std::vector<std::string>& labels);

// The variant folders in page URLs BASE/<folder>/<package>/: the listings update fetched before.
std::set<std::string> folders_of_pages(const std::vector<std::string>& page_urls,
                                       const std::string& base);

} // namespace torchpin::cli
