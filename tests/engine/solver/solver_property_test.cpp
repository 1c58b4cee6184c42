// Property test: on random matrices, machines and requests, the resolver and the naive reference
// agree on solvability and on the answer, and the same inputs always give the same explanation.
#include "engine/solver/explanation.hpp"
#include "engine/solver/solver.hpp"
#include "tests/engine/solver/reference_solver.hpp"
#include "tests/support/synthetic_matrix.hpp"

#include <random>
#include <regex>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

// "passed over 2.4.0+cu121: torch 2.4.0+cu121 is excluded by …" -> "… torch 2.4.0 is excluded …".
std::vector<std::string> without_excluded_labels(std::vector<std::string> lines) {
    static const std::regex labelled(R"(: torch ([^ +]+)\+[^ ]+ is excluded by the requirement)");
    for (std::string& line : lines) {
        line = std::regex_replace(line, labelled, ": torch $1 is excluded by the requirement");
    }
    return lines;
}

class RandomCase {
public:
    explicit RandomCase(std::uint64_t seed)
        : rng_(seed) {}

    CompatMatrix matrix() {
        test::MatrixBuilder b;
        const std::vector<std::string> backends{"cpu",   "cu118",   "cu121",   "cu124",  "cu126",
                                                "cu128", "rocm6.2", "rocm6.1", "rocm5.7"};
        const std::vector<std::string> cudas{"11.8.0", "12.1.1", "12.4.1", "12.6.3", "12.8.1"};
        const std::vector<std::string> drivers{"520.61.05", "530.30.02", "550.54.15", "560.35.05",
                                               "570.124.06"};
        for (std::size_t i = 1; i < 6; ++i) {
            b.cuda(backends[i], cudas[i - 1], drivers[i - 1]);
        }
        b.compat_floor(11, "450.80.02")
            .compat_floor(12, "525.60.13")
            .first_cuda("8.9", "11.8")
            .first_cuda("12.0", "12.8");
        // rocm5.7 has no known list; gfx1101 runs as gfx1100 under 11.0.0 (rocm6.1 carries it
        // too), gfx1031 as gfx1030 under 10.3.0 (rocm6.1 only), gfx1010 as gfx1030 up to 6.1.
        b.rocm("rocm6.2", "gfx90a gfx1100")
            .rocm("rocm6.1", "gfx90a gfx1030 gfx1100 gfx1101")
            .hsa_override("gfx1101", "11.0.0", "gfx1100")
            .hsa_override("gfx1031", "10.3.0", "gfx1030")
            .hsa_override("gfx1010", "10.3.0", "gfx1030", "6.0");
        const std::vector<std::string> archs{"5.0 6.0 7.0 7.5 8.0 8.6 9.0",
                                             "7.5 8.0 8.6 9.0 10.0 12.0+PTX", "6.0 7.0 8.0+PTX",
                                             "8.0 9.0+PTX"};
        for (int minor = 0; minor < 6; ++minor) {
            if (chance(20)) {
                continue;
            }
            const std::string torch = "2." + std::to_string(minor) + ".0";
            b.release(torch, chance(90) ? "0." + std::to_string(15 + minor) + ".0" : "",
                      chance(80) ? torch : "", chance(80) ? "3.10 3.11 3.12" : "3.12");
            for (const std::string& backend : backends) {
                if (chance(60)) {
                    b.published(torch, backend);
                    if (backend.starts_with("cu") && chance(85)) {
                        b.arch_list("==" + torch, backend, archs[pick(archs.size())]);
                    }
                }
            }
        }
        return b.matrix();
    }

    TargetMachine machine() {
        const std::vector<std::string> drivers{"",           "440.33.01", "470.82.01",
                                               "535.104.05", "565.57.01", "580.65.06"};
        const std::vector<std::string> gpus{"6.1", "7.5", "8.6", "8.9", "9.0", "12.0"};
        std::vector<std::string> chosen;
        for (int i = static_cast<int>(pick(3)); i > 0; --i) {
            chosen.push_back(gpus[pick(gpus.size())]);
        }
        TargetMachine m = test::linux_machine(chance(80) ? "3.11" : "3.13",
                                              drivers[pick(drivers.size())], chosen);
        const std::vector<std::string> amd{"gfx1100", "gfx1201", "gfx1101",
                                           "gfx1031", "gfx1030", "gfx1010"};
        if (chance(15)) {
            m.rocm_gfx = {amd[pick(amd.size())]};
            if (chance(30)) {
                m.rocm_gfx.push_back(amd[pick(amd.size())]);
            }
        }
        return m;
    }

    ResolveRequest request() {
        std::vector<std::string> r{chance(70) ? "torch" : "torch>=2." + std::to_string(pick(6))};
        if (chance(60))
            r.push_back(chance(80) ? "torchvision"
                                   : "torchvision==0." + std::to_string(15 + pick(6)) + ".0");
        if (chance(50))
            r.push_back("torchaudio");
        ResolveRequest request = test::request_for(r);
        request.allow_cpu_fallback = chance(25);
        if (chance(10)) {
            request.backend = Backend::from(chance(50) ? "cu126" : "cpu");
        }
        return request;
    }

private:
    std::size_t pick(std::size_t n) {
        return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_);
    }
    bool chance(int percent) { return static_cast<int>(pick(100)) < percent; }
    std::mt19937_64 rng_;
};

} // namespace

BOOST_AUTO_TEST_SUITE(solver_property)

BOOST_AUTO_TEST_CASE(resolver_and_naive_reference_agree_on_random_cases) {
    std::size_t solvable = 0;
    for (std::uint64_t seed = 1; seed <= 3000; ++seed) {
        RandomCase random(seed);
        const CompatMatrix matrix = random.matrix();
        const TargetMachine machine = random.machine();
        const ResolveRequest request = random.request();
        const Resolution r = resolve(matrix, machine, request);
        const auto expected = test::reference_resolve(matrix, machine, request);
        BOOST_TEST_CONTEXT("seed " << seed) {
            if (r.solution.has_value() != expected.has_value()) {
                for (const Candidate& c : r.candidates) {
                    BOOST_TEST_MESSAGE(c.torch.to_string()
                                       << "+" << c.backend.to_string() << ": "
                                       << (c.works() ? "works" : describe(c.rejections.front())));
                }
                if (expected) {
                    BOOST_TEST_MESSAGE("reference: " << expected->torch << "+"
                                                     << expected->backend);
                }
            }
            BOOST_REQUIRE_EQUAL(r.solution.has_value(), expected.has_value());
            if (expected) {
                ++solvable;
                BOOST_TEST(r.solution->torch.to_string() == expected->torch);
                BOOST_TEST(r.solution->backend.to_string() == expected->backend);
                BOOST_TEST(std::string(name(r.solution->driver_fit)) == expected->driver_fit);
            }
            // Stopping at the answer's release gives the same answer, worded the same way.
            const Resolution until_answer =
                resolve(matrix, machine, request, Evaluation::UntilAnswer);
            BOOST_REQUIRE_EQUAL(until_answer.solution.has_value(), r.solution.has_value());
            if (r.solution) {
                BOOST_TEST(until_answer.solution->torch.to_string() ==
                           r.solution->torch.to_string());
                BOOST_TEST(until_answer.solution->backend.to_string() ==
                           r.solution->backend.to_string());
                BOOST_TEST(until_answer.solution->warnings == r.solution->warnings);
                BOOST_TEST(until_answer.candidates.size() <= r.candidates.size());
                // A release the torch requirement excludes is passed over before its files
                // are read, so its version is named without the local label a file gives.
                BOOST_TEST(
                    without_excluded_labels(explain_solution(matrix, machine, until_answer)) ==
                    without_excluded_labels(explain_solution(matrix, machine, r)));
            } else {
                BOOST_TEST(until_answer.candidates.size() == r.candidates.size());
            }
            const Resolution again = resolve(matrix, machine, request);
            BOOST_TEST(explain_solution(matrix, machine, r) ==
                       explain_solution(matrix, machine, again));
            BOOST_TEST(explain_unsolvable(machine, r) == explain_unsolvable(machine, again));
            BOOST_TEST(hints(matrix, machine, r) == hints(matrix, machine, again));
        }
    }
    BOOST_TEST_MESSAGE(solvable << " of 3000 random cases solvable");
    BOOST_TEST(solvable > 300u);
    BOOST_TEST(solvable < 2700u);
}

BOOST_AUTO_TEST_SUITE_END()
