// GPU name words and the products a pci.ids name with '/' stands for.
#include "engine/hardware/gpu_name.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

using Words = std::vector<std::string>;

} // namespace

BOOST_AUTO_TEST_SUITE(gpu_name)

BOOST_AUTO_TEST_CASE(words_drop_case_punctuation_and_leading_brands) {
    BOOST_TEST(gpu_name_words("NVIDIA GeForce RTX-3090Ti") == (Words{"rtx", "3090", "ti"}),
               boost::test_tools::per_element());
    BOOST_TEST(gpu_name_words("Tesla P100-PCIE-16GB") == gpu_name_words("Tesla P100 PCIe 16GB"),
               boost::test_tools::per_element());
    BOOST_TEST(gpu_name_words("NVIDIA TITAN X (Pascal)") == gpu_name_words("TITAN X Pascal"),
               boost::test_tools::per_element());
    BOOST_TEST(gpu_name_words("AMD Radeon RX 7900 XTX") == (Words{"rx", "7900", "xtx"}),
               boost::test_tools::per_element());
    BOOST_TEST(gpu_name_words("Intel Arc B580") == (Words{"arc", "b", "580"}),
               boost::test_tools::per_element());
    // A brand inside the name stays: only leading ones go.
    BOOST_TEST(gpu_name_words("Arc Intel") == (Words{"arc", "intel"}),
               boost::test_tools::per_element());
    BOOST_TEST(gpu_name_words("NVIDIA") == (Words{"nvidia"}), boost::test_tools::per_element());
    BOOST_TEST(gpu_name_words(" -/ ").empty());
}

BOOST_AUTO_TEST_CASE(alternatives_take_the_words_before_the_model_number) {
    BOOST_TEST(gpu_name_alternatives("Radeon RX 6800/6800 XT / 6900 XT") ==
                   (Words{"Radeon RX 6800", "Radeon RX 6800 XT", "Radeon RX 6900 XT"}),
               boost::test_tools::per_element());
    BOOST_TEST(
        gpu_name_alternatives("Radeon RX 5500/5500M / Pro 5300/5300M/5500M") ==
            (Words{"Radeon RX 5500", "Radeon RX 5500M", "Pro 5300", "Pro 5300M", "Pro 5500M"}),
        boost::test_tools::per_element());
    BOOST_TEST(gpu_name_alternatives("Radeon Pro VII/Radeon Instinct MI50") ==
                   (Words{"Radeon Pro VII", "Radeon Instinct MI50"}),
               boost::test_tools::per_element());
    BOOST_TEST(gpu_name_alternatives("Radeon 840M / 860M Graphics") ==
                   (Words{"Radeon 840M", "Radeon 860M Graphics"}),
               boost::test_tools::per_element());
    BOOST_TEST(gpu_name_alternatives("GeForce GTX 1080 Ti") == (Words{"GeForce GTX 1080 Ti"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(containment_is_by_whole_words_in_order) {
    const Words name = gpu_name_words("A100-SXM4-80GB");
    BOOST_TEST(contains_gpu_words(name, gpu_name_words("A100")));
    BOOST_TEST(contains_gpu_words(name, gpu_name_words("SXM4 80GB")));
    BOOST_TEST(!contains_gpu_words(name, gpu_name_words("A10")));
    BOOST_TEST(!contains_gpu_words(name, gpu_name_words("80GB SXM4")));
    BOOST_TEST(!contains_gpu_words(name, {}));
}

BOOST_AUTO_TEST_SUITE_END()
