// The embedded matrix's prepared forms: each reads back as the matrix its tables load, for every
// platform and for platforms of their own, while a platform without a form reads the tables; a
// form of another layout or a damaged one is not taken for the matrix.
#include "engine/matrix/compat_matrix_loader.hpp"
#include "engine/matrix/prepared_matrix.hpp"

#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <vector>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

std::vector<unsigned char> embedded_image() {
    std::ifstream in(TORCHPIN_EMBEDDED_MATRIX_FILE, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

// Every part a prepared form holds, compared (not printed: the facts have no output operator).
void check_same_tables(const CompatMatrix& prepared, const CompatMatrix& tables) {
    BOOST_TEST(prepared.revision == tables.revision);
    BOOST_TEST((prepared.data_as_of == tables.data_as_of));
    BOOST_TEST((prepared.releases == tables.releases));
    BOOST_TEST((prepared.published == tables.published));
    BOOST_TEST((prepared.backend_cuda == tables.backend_cuda));
    BOOST_TEST((prepared.release_cuda == tables.release_cuda));
    BOOST_TEST((prepared.companion_ranges == tables.companion_ranges));
    BOOST_TEST((prepared.cuda_drivers == tables.cuda_drivers));
    BOOST_TEST((prepared.compat_floors == tables.compat_floors));
    BOOST_TEST((prepared.cuda_branches == tables.cuda_branches));
    BOOST_TEST((prepared.arch_lists == tables.arch_lists));
    BOOST_TEST((prepared.first_cuda == tables.first_cuda));
    BOOST_TEST((prepared.known_issues == tables.known_issues));
    BOOST_TEST((prepared.wheel_lists == tables.wheel_lists));
}

} // namespace

BOOST_AUTO_TEST_SUITE(prepared_matrix)

BOOST_AUTO_TEST_CASE(the_embedded_forms_read_back_as_the_tables_load) {
    const std::vector<unsigned char> image = embedded_image();
    auto store = std::make_shared<MatrixStore>(MatrixStore::open_image(image));
    const std::int64_t revision = *store->latest_revision_number();
    BOOST_TEST_REQUIRE(store->prepared_form(revision, prepared_platform(nullptr)).has_value());
    check_same_tables(load_compat_matrix_every_platform_on_demand(store, revision),
                      load_compat_matrix_tables(*store, revision));

    // Linux x86_64 and macOS aarch64 have forms of their own; Linux i686 has no build in the
    // matrix, no form, and reads the tables.
    const std::vector<TagEnvironment> machines{
        {.os = OperatingSystem::Linux},
        {.os = OperatingSystem::Macos, .arch = CpuArch::Aarch64},
        {.os = OperatingSystem::Linux, .arch = CpuArch::I686}};
    for (const TagEnvironment& env : machines) {
        BOOST_TEST_CONTEXT(prepared_platform(&env)) {
            BOOST_TEST(store->prepared_form(revision, prepared_platform(&env)).has_value() ==
                       (env.arch != CpuArch::I686));
            check_same_tables(load_compat_matrix_wheels_on_demand(store, revision, env),
                              load_compat_matrix_tables(*store, revision, &env));
        }
    }
}

BOOST_AUTO_TEST_CASE(a_form_reads_back_only_whole_and_in_its_own_layout) {
    const std::vector<unsigned char> image = embedded_image();
    MatrixStore store = MatrixStore::open_image(image);
    const std::int64_t revision = *store.latest_revision_number();
    const std::string form = *store.prepared_form(revision, prepared_platform(nullptr));
    BOOST_TEST(matrix_from_prepared(form).releases.size() > 50u);
    BOOST_CHECK_THROW(matrix_from_prepared(form.substr(0, form.size() / 2)), std::runtime_error);
    BOOST_CHECK_THROW(matrix_from_prepared(form + "x"), std::runtime_error);
    std::string other_layout = form;
    other_layout[other_layout.find(prepared_layout) + prepared_layout.size() - 1] = '0';
    BOOST_CHECK_THROW(matrix_from_prepared(other_layout), std::runtime_error);
    BOOST_TEST(!store.prepared_form(revision + 1, prepared_platform(nullptr)).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
