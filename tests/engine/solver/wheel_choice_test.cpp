// choose_wheel on a release's groups against the plain rule on every file of the release: the
// same pin, the same "listed" and the same "the listing decides", on four machines, three
// backends and files in every standing (wheel lists, derived rows, variants, other CPUs); on a
// database's merged groups against each listing's groups in memory; and the file of a choice read
// only when asked for.
#include "engine/matrix/compat_matrix_loader.hpp"
#include "engine/solver/wheel_choice.hpp"
#include "tests/engine/matrix/matrix_store_fixtures.hpp"

#include <cstdint>
#include <memory>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

const std::string page = "https://download.pytorch.org/whl/cu121/torch/";
const std::string list = "https://example.org/requirements-hashes.txt";

IndexFile file(const std::string& listing, const std::string& folder, const std::string& name,
               Provenance provenance = Provenance::Observed) {
    const WheelFilename parsed = WheelFilename::from(name);
    std::optional<Backend> backend;
    if (const auto label = parsed.version().local_label(); !label.empty()) {
        backend = Backend::from(label);
    } else if (folder != "") {
        backend = Backend::from(folder);
    }
    IndexFile out;
    out.listing = listing;
    out.wheel = parsed;
    out.backend = backend;
    out.url = "https://download.pytorch.org/whl/" + (folder.empty() ? "" : folder + "/") + name;
    out.provenance = provenance;
    return out;
}

// One release, 2.1.0, in the cu121 page and a wheel list, with its ties and odd files.
CompatMatrix one_release() {
    CompatMatrix m;
    // For any Python, and first: the groups of one backend come in no particular order.
    m.wheels.push_back(file(page, "cpu", "torch-2.1.0+cpu-py3-none-any.whl"));
    for (const std::string label : {"+cu121", "+cpu", "+cu118", ""}) {
        const std::string folder = label.empty() ? "cu121" : label.substr(1);
        for (const std::string tags :
             {"cp311-cp311-linux_x86_64", "cp312-cp312-manylinux_2_28_x86_64",
              "cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64",
              "cp311-cp311-manylinux_2_36_x86_64", "cp311-cp311-manylinux_2_28_aarch64",
              "cp311-cp311-win_amd64", "cp39-abi3-macosx_11_0_arm64"}) {
            m.wheels.push_back(file(page, folder, "torch-2.1.0" + label + "-" + tags + ".whl"));
        }
    }
    // A derived row before an observed one of the same tags: the observed one is the pin.
    m.wheels.push_back(
        file(page, "cu121", "torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl", Provenance::Derived));
    m.wheels.push_back(file(page, "cu121", "torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl"));
    // Only derived for CPython 3.13 on Linux: known, but not from a page that lists every file.
    m.wheels.push_back(
        file(page, "cu118", "torch-2.1.0+cu118-cp313-cp313-linux_x86_64.whl", Provenance::Derived));
    // Ranked below cp311-cp311 on CPython 3.11, and listed before it in their group.
    m.wheels.push_back(file(page, "cu121", "torch-2.1.0+cu121-cp310-abi3-win_amd64.whl"));
    // Only derived, or only in a wheel list: listed, but not by a page that lists every file.
    m.wheels.push_back(file(page, "rocm5.6", "torch-2.1.0+rocm5.6-cp313-cp313-linux_x86_64.whl",
                            Provenance::Derived));
    m.wheels.push_back(file(list, "cu124", "torch-2.1.0+cu124-cp312-cp312-linux_x86_64.whl"));
    // A variant wheel ranks best but is never the pin, nor a listed file of its backend.
    m.wheels.push_back(
        file(page, "cu121", "torch-2.1.0+cu121-cp311-cp311-manylinux_2_34_x86_64-v3.whl"));
    m.wheels.push_back(file(page, "cu128", "torch-2.1.0+cu128-cp311-cp311-linux_x86_64-v3.whl"));
    // A wheel list names files of the index (on it when its folder is its label's) and others.
    m.wheels.push_back(file(list, "cu121", "torch-2.1.0+cu121-cp313-cp313-linux_x86_64.whl"));
    m.wheels.push_back(file(list, "cpu", "torch-2.1.0+cu121-cp314-cp314-linux_x86_64.whl"));
    m.wheels.push_back(file(list, "cpu", "torch-2.1.0+cpu-cp311-cp311-win_amd64.whl"));
    m.wheels.push_back(file(list, "cpu", "torch-2.1.0+cu126-cp311-cp311-linux_x86_64.whl"));
    m.wheel_lists.insert(list);
    return m;
}

bool for_python(const IndexFile& f, const TagEnvironment& tags, const std::string& platform) {
    const auto all = f.wheel.tags();
    return std::ranges::any_of(all, [&](const Tag& t) {
        return supported(Tag(t.interpreter(), t.abi(), platform), tags);
    });
}

// The rule on every file, in the matrix's order.
WheelChoice every_file(const CompatMatrix& m, const TagEnvironment& tags, const TagRanking& ranking,
                       const std::string& platform, const Backend& backend) {
    WheelChoice choice;
    const IndexFile* best = nullptr;
    std::optional<std::size_t> best_priority;
    for (const IndexFile& f : m.wheels) {
        const bool of_backend =
            f.backend ? *f.backend == backend : backend.kind() == BackendKind::Cpu;
        if (f.wheel.variant_label() || !of_backend || !wheel_for_platform(f, tags) ||
            !m.on_pytorch_index(f)) {
            continue;
        }
        choice.any_listed = true;
        choice.listing_decides =
            choice.listing_decides || m.lists_every_file(f) || for_python(f, tags, platform);
        const auto priority = ranking.best(f.wheel.tag_set());
        if (priority && (!best_priority || *priority < *best_priority ||
                         (*priority == *best_priority && f.provenance == Provenance::Observed &&
                          best->provenance == Provenance::Derived))) {
            best_priority = priority;
            best = &f;
        }
    }
    if (best != nullptr) {
        choice.version = best->wheel.version();
        choice.file = *best;
    }
    return choice;
}

// Whether two choices pin the same file (its name, listing, URL and provenance) at the same
// version, or both none.
bool same_pin(const WheelChoice& a, const WheelChoice& b) {
    if (a.file.has_value() != b.file.has_value() || a.version != b.version) {
        return false;
    }
    return !a.file || (a.file->wheel.to_string() == b.file->wheel.to_string() &&
                       a.file->listing == b.file->listing && a.file->url == b.file->url &&
                       a.file->provenance == b.file->provenance);
}

// A reader that counts how often it is asked for files by their version and tags.
class CountingReader final : public WheelReader {
public:
    explicit CountingReader(std::shared_ptr<WheelReader> reader)
        : reader_(std::move(reader)) {}
    std::vector<const IndexFile*> files(std::string_view package,
                                        const Version& public_version) override {
        return reader_->files(package, public_version);
    }
    std::vector<WheelGroup> groups(std::string_view package,
                                   const Version& public_version) override {
        return reader_->groups(package, public_version);
    }
    void visit_tagged(std::string_view package, const std::vector<WheelTagColumns>& wanted,
                      const FileVisitor& visit) override {
        ++tagged_reads;
        reader_->visit_tagged(package, wanted, visit);
    }
    int tagged_reads = 0;

private:
    std::shared_ptr<WheelReader> reader_;
};

TagEnvironment machine(OperatingSystem os, CpuArch arch, const char* python,
                       std::optional<OsVersion> glibc = std::nullopt) {
    TagEnvironment env;
    env.os = os;
    env.arch = arch;
    env.python = PythonTarget::parse(python).value();
    env.glibc = glibc;
    if (os == OperatingSystem::Macos) {
        env.macos = OsVersion{14, 0};
    }
    return env;
}

} // namespace

BOOST_AUTO_TEST_SUITE(wheel_choice)

BOOST_AUTO_TEST_CASE(the_groups_choose_what_every_file_chooses) {
    const CompatMatrix m = one_release();
    const ReleaseWheels wheels(m);
    const std::vector<TagEnvironment> machines{
        machine(OperatingSystem::Linux, CpuArch::X86_64, "cp3.11", OsVersion{2, 35}),
        machine(OperatingSystem::Linux, CpuArch::X86_64, "cp3.11", OsVersion{2, 17}),
        machine(OperatingSystem::Linux, CpuArch::X86_64, "cp3.10", OsVersion{2, 35}),
        machine(OperatingSystem::Linux, CpuArch::X86_64, "cp3.13", OsVersion{2, 35}),
        machine(OperatingSystem::Linux, CpuArch::X86_64, "cp3.14", OsVersion{2, 35}),
        machine(OperatingSystem::Linux, CpuArch::Aarch64, "cp3.12", OsVersion{2, 28}),
        machine(OperatingSystem::Windows, CpuArch::X86_64, "cp3.11"),
        machine(OperatingSystem::Macos, CpuArch::Aarch64, "cp3.12"),
        machine(OperatingSystem::Macos, CpuArch::X86_64, "cp3.12")};
    std::size_t pins = 0;
    std::size_t undecided = 0;
    for (const TagEnvironment& tags : machines) {
        const TagRanking ranking(tags);
        const auto platforms = platform_tags(tags);
        const std::string platform = platforms.empty() ? "any" : platforms.front();
        const WheelJudge judge(tags, ranking, platform); // remembers across the backends
        for (const char* backend :
             {"cu121", "cpu", "cu118", "rocm5.6", "cu124", "cu126", "cu128", "xpu"}) {
            BOOST_TEST_CONTEXT(name(tags.os) << " " << name(tags.arch) << " " << tags.python.abi()
                                             << " " << backend) {
                const WheelChoice expected =
                    every_file(m, tags, ranking, platform, Backend::from(backend));
                const WheelChoice chosen = choose_wheel(
                    m, wheels, judge, "torch", Version::from("2.1.0"), Backend::from(backend));
                BOOST_TEST(same_pin(chosen, expected));
                BOOST_TEST(chosen.any_listed == expected.any_listed);
                BOOST_TEST(chosen.listing_decides == expected.listing_decides);
                pins += expected.file.has_value();
                undecided += expected.any_listed && !expected.listing_decides;
            }
        }
    }
    BOOST_TEST(pins > 20u);     // most machines find a file of the three listed backends
    BOOST_TEST(undecided > 0u); // and some find files that do not say whether there is one
}

// A database's reader judges a release on its groups merged over the listings (wheel_group_union);
// with the page's files on two pages, each lacking a third of them (so a merged group holds more
// files than either listing's), each answer is the one of every listing's groups judged in memory.
BOOST_AUTO_TEST_CASE(merged_groups_choose_what_each_listing_s_groups_choose) {
    namespace store = torchpin::test::store;
    const CompatMatrix m = one_release();
    std::vector<ListingImport> listings{
        {&wheel_file_table(), page, SourceInfo{"simple-html", page, "p", "", ""}, {}},
        {&wheel_file_table(),
         store::every_page,
         SourceInfo{"simple-html", store::every_page, "e", "", ""},
         {}},
        {&wheel_file_table(), list, SourceInfo{"wheel-list", list, "l", "", ""}, {}}};
    CompatMatrix in_memory;
    in_memory.wheel_lists = m.wheel_lists;
    for (std::size_t i = 0; i < m.wheels.size(); ++i) {
        const IndexFile& f = m.wheels[i];
        if (f.listing != page) {
            listings[2].rows.push_back(to_row(f));
            in_memory.wheels.push_back(f);
            continue;
        }
        for (const std::size_t on : {0u, 1u}) { // each page lacks a third of the files
            if (i % 3 != on) {
                listings[on].rows.push_back(to_row(f));
                in_memory.wheels.push_back(f);
                in_memory.wheels.back().listing = listings[on].name;
            }
        }
    }
    store::TempDatabase temp;
    auto matrix_store = std::make_shared<MatrixStore>(MatrixStore::open(temp.path, true));
    BOOST_REQUIRE(matrix_store->import(store::request(listings)).revision);
    const ReleaseWheels in_memory_wheels(in_memory);
    std::size_t pins = 0;
    for (const TagEnvironment& tags :
         {machine(OperatingSystem::Linux, CpuArch::X86_64, "cp3.11", OsVersion{2, 35}),
          machine(OperatingSystem::Linux, CpuArch::X86_64, "cp3.13", OsVersion{2, 35}),
          machine(OperatingSystem::Windows, CpuArch::X86_64, "cp3.11")}) {
        const CompatMatrix read = load_compat_matrix_wheels_on_demand(matrix_store, 1, tags);
        const ReleaseWheels read_wheels(read);
        const TagRanking ranking(tags);
        const WheelJudge judge(tags, ranking, platform_tags(tags).front());
        for (const char* backend : {"cu121", "cpu", "cu118", "rocm5.6", "cu124"}) {
            BOOST_TEST_CONTEXT(name(tags.os) << " " << tags.python.abi() << " " << backend) {
                const WheelChoice expected =
                    choose_wheel(in_memory, in_memory_wheels, judge, "torch",
                                 Version::from("2.1.0"), Backend::from(backend));
                const WheelChoice chosen =
                    choose_wheel(read, read_wheels, judge, "torch", Version::from("2.1.0"),
                                 Backend::from(backend));
                BOOST_TEST(same_pin(chosen, expected));
                BOOST_TEST(chosen.any_listed == expected.any_listed);
                BOOST_TEST(chosen.listing_decides == expected.listing_decides);
                pins += expected.file.has_value();
            }
        }
    }
    BOOST_TEST(pins > 5u);
}

// On a matrix that reads its files on demand, a choice whose groups tell the version reads no
// file until its file is asked for, then one (copies share it), and it is the file pip installs.
BOOST_AUTO_TEST_CASE(a_file_the_groups_vouch_for_is_read_when_asked_for) {
    namespace store = torchpin::test::store;
    const CompatMatrix m = one_release();
    ListingImport listing{
        &wheel_file_table(), page, SourceInfo{"simple-html", page, "p", "", ""}, {}};
    CompatMatrix in_memory;
    for (const IndexFile& f : m.wheels) {
        if (f.listing == page) {
            listing.rows.push_back(to_row(f));
            in_memory.wheels.push_back(f);
        }
    }
    store::TempDatabase temp;
    auto matrix_store = std::make_shared<MatrixStore>(MatrixStore::open(temp.path, true));
    BOOST_REQUIRE(matrix_store->import(store::request({listing})).revision);
    const TagEnvironment tags =
        machine(OperatingSystem::Linux, CpuArch::X86_64, "cp3.11", OsVersion{2, 35});
    CompatMatrix read = load_compat_matrix_wheels_on_demand(matrix_store, 1, tags);
    const auto counting = std::make_shared<CountingReader>(read.read_wheels);
    read.read_wheels = counting;
    const ReleaseWheels wheels(read);
    const TagRanking ranking(tags);
    const WheelJudge judge(tags, ranking, platform_tags(tags).front());
    const WheelChoice chosen =
        choose_wheel(read, wheels, judge, "torch", Version::from("2.1.0"), Backend::from("cu118"));
    BOOST_TEST_REQUIRE(chosen.file.has_value());
    BOOST_TEST(chosen.version->to_string() == "2.1.0+cu118");
    BOOST_TEST(counting->tagged_reads == 0);
    const WheelChoice copy = chosen;
    BOOST_TEST(copy.file->wheel.to_string() ==
               "torch-2.1.0+cu118-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl");
    BOOST_TEST(counting->tagged_reads == 1);
    BOOST_TEST(chosen.file->url == copy.file->url);
    BOOST_TEST(counting->tagged_reads == 1);
    const ReleaseWheels in_memory_wheels(in_memory);
    BOOST_TEST(same_pin(chosen, choose_wheel(in_memory, in_memory_wheels, judge, "torch",
                                             Version::from("2.1.0"), Backend::from("cu118"))));
    // cu121's best files are 2.1.0+cu121 and an unlabelled 2.1.0: the file decides the version,
    // so it is read at once.
    const WheelChoice labelled_or_not =
        choose_wheel(read, wheels, judge, "torch", Version::from("2.1.0"), Backend::from("cu121"));
    BOOST_TEST(counting->tagged_reads == 2);
    BOOST_TEST(
        same_pin(labelled_or_not, choose_wheel(in_memory, in_memory_wheels, judge, "torch",
                                               Version::from("2.1.0"), Backend::from("cu121"))));
}

// The best files of a fit borrow from the judge's copy of the tags, so a fit stays readable after
// the group it was judged from is gone (the groups of a release are read anew per question), and
// a group of an equal text from elsewhere (another read, a matrix in memory) finds the same fit.
BOOST_AUTO_TEST_CASE(a_fit_outlives_the_group_it_was_judged_from) {
    const TagEnvironment tags =
        machine(OperatingSystem::Linux, CpuArch::X86_64, "cp3.11", OsVersion{2, 35});
    const TagRanking ranking(tags);
    const WheelJudge judge(tags, ranking, platform_tags(tags).front());
    const std::string text = "cp310-cp310-linux_x86_64 cp311-cp311-manylinux_2_28_x86_64 "
                             "cp311-cp311-win_amd64";
    const WheelJudge::Fit* fit = nullptr;
    std::string_view group_text;
    {
        WheelGroup group;
        group.tags = text;
        group_text = group.tags.view();
        fit = &judge.fit(group);
    }
    BOOST_TEST_REQUIRE(!fit->best.empty());
    const char* borrowed = fit->best.front().text.data();
    BOOST_TEST(
        !(borrowed >= group_text.data() && borrowed < group_text.data() + group_text.size()));
    WheelGroup same_text;
    same_text.tags = text;
    BOOST_TEST(&judge.fit(same_text) == fit);
    BOOST_TEST(fit->for_platform);
    BOOST_TEST_REQUIRE(fit->best.size() == 1u);
    BOOST_TEST(fit->best.front().interpreters == "cp311");
    BOOST_TEST(fit->best.front().abis == "cp311");
    BOOST_TEST(fit->best.front().platforms == "manylinux_2_28_x86_64");
}

BOOST_AUTO_TEST_SUITE_END()
