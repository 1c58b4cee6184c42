// SHA-256 against the FIPS 180-2 example messages, whole and fed in pieces.
#include "engine/base/sha256.hpp"

#include <string>

#include <boost/test/unit_test.hpp>

BOOST_AUTO_TEST_SUITE(sha256)

BOOST_AUTO_TEST_CASE(fips_180_2_examples) {
    BOOST_TEST(torchpin::sha256_hex("abc") ==
               "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    BOOST_TEST(torchpin::sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
               "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    BOOST_TEST(torchpin::sha256_hex("") ==
               "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

BOOST_AUTO_TEST_CASE(pieces_give_the_digest_of_the_whole) {
    torchpin::Sha256 digest;
    const std::string piece(999, 'a');
    for (int i = 0; i < 1000; ++i) {
        digest.update(piece);
    }
    digest.update(std::string(1000, 'a')); // one million 'a' in all
    BOOST_TEST(digest.hex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

BOOST_AUTO_TEST_SUITE_END()
