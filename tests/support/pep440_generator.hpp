// Random PEP 440 inputs for property and differential tests: every spelling pip accepts, and junk.
#pragma once

#include <random>
#include <string>

namespace torchpin::test {

class Pep440Generator {
public:
    explicit Pep440Generator(std::uint64_t seed)
        : rng_(seed) {}

    // A version in a random spelling: case, separators, implicit numbers, "v", epochs, locals,
    // surrounding whitespace; about one in twenty is invalid on purpose.
    std::string version_text();
    // A version close to `base` (same release with other pre/post/dev/local parts, or a
    // neighbouring release), so comparisons with a specifier built from `base` are interesting.
    std::string neighbour_of(const std::string& base);
    // One clause, valid for the operator it picks (wildcards only after releases, locals only
    // with == and !=); about one in twenty is invalid on purpose.
    std::string specifier_text();
    // One to three clauses joined by commas, with random spacing.
    std::string specifier_set_text();
    // The version text the last specifier_text() was built around (for neighbour_of).
    const std::string& last_specifier_version() const noexcept { return last_version_; }

private:
    std::size_t pick(std::size_t n) {
        return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_);
    }
    bool chance(int percent) { return static_cast<int>(pick(100)) < percent; }
    std::string number();
    std::string separator();
    std::string random_case(std::string word);
    std::string release(std::size_t min_parts);
    std::string pre();
    std::string post();
    std::string dev();
    std::string local();

    std::mt19937_64 rng_;
    std::string last_version_;
};

} // namespace torchpin::test
