// PEP 508 tokens: the lengths packaging's regular expressions match, including their backtracking.
#include "engine/pep/pep508_tokens.hpp"

#include <boost/test/unit_test.hpp>

namespace pep508 = torchpin::pep508;

BOOST_AUTO_TEST_SUITE(pep508_tokens)

BOOST_AUTO_TEST_CASE(specifiers_match_as_far_as_the_regular_expression_goes) {
    BOOST_TEST(pep508::specifier_length(">= 2.1, <3", 0) == 6u);
    BOOST_TEST(pep508::specifier_length("==2.1.org1", 0) == 5u);
    BOOST_TEST(pep508::specifier_length("==1!2.0", 0) == 7u);
    BOOST_TEST(pep508::specifier_length("==1.0.*", 0) == 7u);
    BOOST_TEST(pep508::specifier_length("==1.0+Local.1 ", 0) == 13u);
    BOOST_TEST(pep508::specifier_length("<=1.0+local", 0) == 5u); // no local label after <=
    BOOST_TEST(pep508::specifier_length("== 1.0a-", 0) == 8u);    // a separator may end a part
    BOOST_TEST(pep508::specifier_length("V1.0", 0) == 0u);
    BOOST_TEST(pep508::specifier_length("~=1", 0) == 0u);
    BOOST_TEST(pep508::specifier_length("~=1.0", 0) == 5u);
    BOOST_TEST(pep508::specifier_length("==\xc2\xa0"
                                        "1.0",
                                        0) == 7u); // Python's \s includes U+00A0
}

BOOST_AUTO_TEST_CASE(an_epoch_without_a_release_after_it_is_given_back) {
    BOOST_TEST(pep508::specifier_length("<=012!)", 0) == 5u);
    BOOST_TEST(pep508::specifier_length("==2!cRCV", 0) == 3u);
}

BOOST_AUTO_TEST_CASE(arbitrary_equality_runs_to_a_space_semicolon_or_parenthesis) {
    BOOST_TEST(pep508::specifier_length("===anything goes", 0) == 11u);
    BOOST_TEST(pep508::specifier_length("=== a,b;c", 0) == 7u);
    BOOST_TEST(pep508::specifier_length("===x)", 0) == 4u);
}

BOOST_AUTO_TEST_CASE(identifiers_end_on_a_word_boundary) {
    BOOST_TEST(pep508::identifier_length("foo-bar>=1", 0) == 7u);
    BOOST_TEST(pep508::identifier_length("foo-=1", 0) == 3u);
    BOOST_TEST(pep508::identifier_length("foo.", 0) == 3u);
    BOOST_TEST(pep508::identifier_length("foo_", 0) == 4u); // '_' is a word character
    BOOST_TEST(pep508::identifier_length("_foo", 0) == 0u);
}

BOOST_AUTO_TEST_CASE(keywords_and_variables_are_whole_words) {
    BOOST_TEST(pep508::keyword_length("and(", 0, "and") == 3u);
    BOOST_TEST(pep508::keyword_length("andx", 0, "and") == 0u);
    BOOST_TEST(pep508::keyword_length("'a'in'b'", 3, "in") == 2u);
    BOOST_TEST(pep508::variable_length("os.name==", 0) == 7u);
    BOOST_TEST(pep508::variable_length("extras ", 0) == 6u);
    BOOST_TEST(pep508::variable_length("extra ", 0) == 5u);
    BOOST_TEST(pep508::variable_length("python_versions", 0) == 0u);
    BOOST_TEST(pep508::variable_length("platform.release", 0) == 0u);
}

BOOST_AUTO_TEST_CASE(quoted_strings_end_at_the_next_quote_of_their_kind) {
    BOOST_TEST(pep508::quoted_string_length("'a\"b' x", 0) == 5u);
    BOOST_TEST(pep508::quoted_string_length("\"C:\\\" x", 0) == 5u);
    BOOST_TEST(pep508::quoted_string_length("'open", 0) == 0u);
}

BOOST_AUTO_TEST_CASE(trails_that_packaging_reports) {
    BOOST_TEST(pep508::prefix_trail_length(".*)", 0) == 2u);
    BOOST_TEST(pep508::local_label_trail_length("+local.v1 ", 0) == 9u);
    BOOST_TEST(pep508::local_label_trail_length("+Local", 0) == 0u); // lowercase only
    BOOST_TEST(pep508::url_length("https://x/a.whl;b c", 0) == 17u);
}

BOOST_AUTO_TEST_SUITE_END()
