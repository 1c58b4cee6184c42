// Index layout: page URLs below an index base and the variant folders found in links, labels and
// page URLs, for PyTorch's layout and for a plain directory tree.
#include "cli/global_options.hpp"
#include "cli/index_layout.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using namespace torchpin::cli;

namespace {

const std::string base = "https://download.pytorch.org/whl/";

} // namespace

BOOST_AUTO_TEST_SUITE(index_layout)

BOOST_AUTO_TEST_CASE(the_base_gets_one_trailing_slash_and_must_be_http) {
    BOOST_TEST(index_base("https://download.pytorch.org/whl") == base);
    BOOST_TEST(index_base("https://download.pytorch.org/whl//") == base);
    BOOST_TEST(index_base("http://127.0.0.1:8000/") == "http://127.0.0.1:8000/");
    BOOST_CHECK_THROW(index_base("ftp://example.org/simple"), UsageError);
    BOOST_CHECK_THROW(index_base("download.pytorch.org/whl"), UsageError);
}

BOOST_AUTO_TEST_CASE(page_urls_use_normalized_project_names) {
    BOOST_TEST(package_page_url(base, PackageName::from("Torch_Vision")) == base + "torch-vision/");
    BOOST_TEST(variant_page_url(base, "rocm6.2", PackageName::from("torch")) ==
               base + "rocm6.2/torch/");
}

BOOST_AUTO_TEST_CASE(variant_folders_are_written_as_pytorch_writes_them) {
    for (const char* folder : {"cpu", "cu121", "cu80", "rocm6.2", "rocm4.0.1", "xpu",
                               "cpu-cxx11-abi", "cu117_pypi_cudnn"}) {
        BOOST_TEST(is_variant_folder(folder), folder);
    }
    for (const char* folder :
         {"", "torch", "cu121_full", "cpu.cxx11.abi", "nightly", "cu121/torch"}) {
        BOOST_TEST(!is_variant_folder(folder), folder);
    }
}

BOOST_AUTO_TEST_CASE(folders_come_from_root_links_labels_and_page_urls) {
    BOOST_TEST((folders_linked({base + "cu121/", base + "torch/", base + "cpu/x/",
                                "https://elsewhere.org/whl/xpu/", base + "rocm6.2/"},
                               base) == std::set<std::string>{"cu121", "rocm6.2"}));
    BOOST_TEST((folders_listed({"cu121/", "torch/", "cpu", "rocm6.2/", "../"}) ==
                std::set<std::string>{"cu121", "rocm6.2"}));
    BOOST_TEST((folders_of_labels({"cu121", "cpu.cxx11.abi", "not-a-backend", "cu121"}) ==
                std::set<std::string>{"cpu-cxx11-abi", "cu121"}));
    BOOST_TEST((folders_of_pages({base + "cu128/torch/", base + "torch/", base + "cpu/",
                                  base + "xpu/torch/extra/", base + "torch_stable.html",
                                  "https://elsewhere.org/whl/cu90/torch/"},
                                 base) == std::set<std::string>{"cu128"}));
}

BOOST_AUTO_TEST_SUITE_END()
