// read_elf_file, read_elf_image and the dynamic symbol visits on the ELF fixtures built by
// tests/fixtures/elf_libraries.cmake (each fact they were built with), on this machine's own
// libraries, and on malformed bytes.
#include "importers/binary/elf_image.hpp"
#include "importers/binary/ld_so_cache.hpp"
#include "tests/support/test_paths.hpp"

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

using torchpin::ElfDynamicSymbol;
using torchpin::ElfImage;
using torchpin::read_elf_file;
using torchpin::read_elf_image;

namespace {

using Bytes = std::vector<unsigned char>;
using Names = std::vector<std::string>;

const std::filesystem::path fixtures = TORCHPIN_ELF_FIXTURES;

ElfImage read_fixture(const std::string& relative) {
    auto image = read_elf_file(fixtures / relative);
    BOOST_REQUIRE_MESSAGE(image.has_value(),
                          relative + ": " + (image ? "" : image.error().message));
    return *image;
}

Bytes bytes_of(const std::filesystem::path& file) {
    const std::string text = torchpin::test::read_file(file);
    return Bytes(text.begin(), text.end());
}

// The dynamic symbols of a fixture as "U name" (imported) or "T name" (exported), "w"/"W" weak.
Names symbols_of(const std::string& relative) {
    Names symbols;
    const auto error =
        torchpin::visit_elf_file_symbols(fixtures / relative, [&](const ElfDynamicSymbol& symbol) {
            const char kind =
                symbol.defined ? (symbol.weak ? 'W' : 'T') : (symbol.weak ? 'w' : 'U');
            symbols.push_back(std::string(1, kind) + " " + std::string(symbol.name));
            return true;
        });
    BOOST_REQUIRE_MESSAGE(!error, relative + ": " + (error ? error->message : ""));
    std::sort(symbols.begin(), symbols.end());
    return symbols;
}

// This test executable: built by the same compiler as the fixtures, for the same machine.
const ElfImage& own_executable() {
    static const ElfImage image = *read_elf_file("/proc/self/exe");
    return image;
}

bool contains(const Names& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// GLIBCXX_3.4, GLIBCXX_3.4.1, ... GLIBCXX_3.4.<last>, the nodes the stubs' version scripts define.
Names glibcxx_versions_up_to(int last) {
    Names versions{"GLIBCXX_3.4"};
    for (int n = 1; n <= last; ++n) {
        versions.push_back("GLIBCXX_3.4." + std::to_string(n));
    }
    return versions;
}

void check_same(const ElfImage& a, const ElfImage& b) {
    BOOST_TEST(a.machine == b.machine);
    BOOST_TEST(a.is_64_bit == b.is_64_bit);
    BOOST_TEST((a.soname == b.soname));
    BOOST_TEST(a.needed == b.needed, boost::test_tools::per_element());
    BOOST_TEST(a.rpath == b.rpath, boost::test_tools::per_element());
    BOOST_TEST(a.runpath == b.runpath, boost::test_tools::per_element());
    BOOST_TEST(a.version_definitions == b.version_definitions, boost::test_tools::per_element());
    BOOST_REQUIRE_EQUAL(a.version_needs.size(), b.version_needs.size());
    for (std::size_t i = 0; i < a.version_needs.size(); ++i) {
        BOOST_TEST(a.version_needs[i].file == b.version_needs[i].file);
        BOOST_TEST(a.version_needs[i].versions == b.version_needs[i].versions,
                   boost::test_tools::per_element());
    }
}

} // namespace

BOOST_AUTO_TEST_SUITE(elf_image)

BOOST_AUTO_TEST_CASE(the_fixtures_are_built_for_this_machine) {
    const ElfImage image = read_fixture("libneeds_absent.so");
    BOOST_TEST(image.machine == own_executable().machine);
    BOOST_TEST(image.is_64_bit == (sizeof(void*) == 8));
    BOOST_TEST(torchpin::elf_machine_name(image.machine) != "unknown");
}

BOOST_AUTO_TEST_CASE(needed_libraries_come_in_link_order) {
    const ElfImage image = read_fixture("libneeds_absent.so");
    BOOST_REQUIRE(image.soname.has_value());
    BOOST_TEST((*image.soname == "libneeds_absent.so"));
    BOOST_REQUIRE(!image.needed.empty());
    BOOST_TEST(image.needed[0] == "libtorchpin_absent.so.1");
    BOOST_TEST(contains(image.needed, "libc.so.6"));
    BOOST_TEST(image.rpath.empty());
    BOOST_TEST(image.runpath.empty());
    BOOST_TEST(image.version_definitions.empty());
    BOOST_TEST(!std::filesystem::exists(fixtures / "libtorchpin_absent.so.1"));
    BOOST_TEST((read_fixture("stubs/libtorchpin_absent.so.1").soname == "libtorchpin_absent.so.1"));
}

BOOST_AUTO_TEST_CASE(version_definitions_leave_out_the_base_entry) {
    const ElfImage stub = read_fixture("stubs/libstdc++.so.6");
    BOOST_TEST((stub.soname == "libstdc++.so.6"));
    BOOST_TEST(stub.version_definitions == glibcxx_versions_up_to(29),
               boost::test_tools::per_element());
    BOOST_TEST(stub.needed.empty());
    BOOST_TEST(stub.version_needs.empty());
    const ElfImage full = read_fixture("full/libstdc++.so.6");
    BOOST_TEST(full.version_definitions == glibcxx_versions_up_to(30),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(version_needs_name_the_library_and_its_versions) {
    const ElfImage image = read_fixture("libneeds_glibcxx_3_4_30.so");
    BOOST_REQUIRE(!image.needed.empty());
    BOOST_TEST(image.needed[0] == "libstdc++.so.6");
    const auto libstdcxx = std::find_if(
        image.version_needs.begin(), image.version_needs.end(),
        [](const torchpin::ElfVersionNeed& need) { return need.file == "libstdc++.so.6"; });
    BOOST_REQUIRE(libstdcxx != image.version_needs.end());
    BOOST_TEST(libstdcxx->versions == Names{"GLIBCXX_3.4.30"}, boost::test_tools::per_element());
    // Each needed file appears once; its versions are those the linker recorded.
    for (const auto& need : image.version_needs) {
        BOOST_TEST(contains(image.needed, need.file), need.file);
        BOOST_TEST(!need.versions.empty());
    }
}

BOOST_AUTO_TEST_CASE(runpath_and_rpath_are_split_and_kept_as_written) {
    const ElfImage runpath_user = read_fixture("origin/lib/liborigin_user.so");
    BOOST_TEST(runpath_user.runpath == Names{"$ORIGIN/../deps"}, boost::test_tools::per_element());
    BOOST_TEST(runpath_user.rpath.empty());
    BOOST_REQUIRE(!runpath_user.needed.empty());
    BOOST_TEST(runpath_user.needed[0] == "libdep.so");
    const ElfImage rpath_user = read_fixture("origin/lib/liborigin_rpath_user.so");
    BOOST_TEST(rpath_user.rpath == (Names{"$ORIGIN/../deps", "$ORIGIN"}),
               boost::test_tools::per_element());
    BOOST_TEST(rpath_user.runpath.empty());
    BOOST_TEST((read_fixture("origin/deps/libdep.so").soname == "libdep.so"));
}

BOOST_AUTO_TEST_CASE(reading_from_memory_and_from_the_file_agree) {
    for (const char* name : {"libneeds_absent.so", "stubs/libstdc++.so.6",
                             "libneeds_glibcxx_3_4_30.so", "origin/lib/liborigin_rpath_user.so"}) {
        BOOST_TEST_CONTEXT(name) {
            const auto from_memory = read_elf_image(bytes_of(fixtures / name));
            BOOST_REQUIRE(from_memory.has_value());
            check_same(*from_memory, read_fixture(name));
        }
    }
}

BOOST_AUTO_TEST_CASE(the_python_interpreters_extension_modules_read_clean) {
    std::size_t modules = 0;
    std::size_t needing_libc = 0;
    for (const auto& python : std::filesystem::directory_iterator("/usr/lib")) {
        const auto dynload = python.path() / "lib-dynload";
        if (python.path().filename().string().rfind("python3", 0) != 0 ||
            !std::filesystem::is_directory(dynload)) {
            continue;
        }
        for (const auto& module : std::filesystem::directory_iterator(dynload)) {
            if (module.path().extension() != ".so") {
                continue;
            }
            const auto image = read_elf_file(module.path());
            BOOST_REQUIRE_MESSAGE(image.has_value(), (image ? "" : image.error().message));
            BOOST_TEST(image->machine == own_executable().machine, module.path());
            // Many modules leave libc to the interpreter (no DT_NEEDED at all); the versions a
            // module needs are always from libraries it names.
            for (const auto& need : image->version_needs) {
                BOOST_TEST(contains(image->needed, need.file), module.path() << ": " << need.file);
            }
            needing_libc += contains(image->needed, "libc.so.6") ? 1 : 0;
            ++modules;
        }
    }
    BOOST_TEST_MESSAGE(modules << " extension modules read, " << needing_libc << " need libc.so.6");
    BOOST_TEST(modules >= 10u, "Python's lib-dynload under /usr/lib/python3*: python3 installed?");
    BOOST_TEST(needing_libc >= 1u);
}

BOOST_AUTO_TEST_CASE(libc_and_libstdcxx_are_found_through_this_machines_cache) {
    const auto entries = torchpin::parse_ld_so_cache(bytes_of("/etc/ld.so.cache"));
    BOOST_REQUIRE_MESSAGE(entries.has_value(), (entries ? "" : entries.error().message));
    const auto find = [&](const std::string& name) -> std::filesystem::path {
        for (const auto& entry : *entries) {
            if (entry.name == name && torchpin::ld_cache_entry_fits(entry, own_executable().machine,
                                                                    own_executable().is_64_bit)) {
                return entry.path;
            }
        }
        return {};
    };
    const auto libc = find("libc.so.6");
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists(libc), "libc.so.6 in the cache: " << libc);
    BOOST_TEST((read_elf_file(libc)->soname == "libc.so.6"));
    const auto libstdcxx = find("libstdc++.so.6");
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists(libstdcxx), "libstdc++.so.6: " << libstdcxx);
    const ElfImage image = *read_elf_file(libstdcxx);
    BOOST_TEST((image.soname == "libstdc++.so.6"));
    // Debian 12's GCC 12 libstdc++ defines GLIBCXX_3.4.30 (GCC 12.1's addition) and its elders.
    BOOST_TEST(contains(image.version_definitions, "GLIBCXX_3.4.30"));
    BOOST_TEST(contains(image.version_definitions, "GLIBCXX_3.4"));
    BOOST_TEST(contains(image.version_definitions, "CXXABI_1.3"));
}

BOOST_AUTO_TEST_CASE(what_is_not_elf_is_an_error) {
    BOOST_TEST(!read_elf_image({}));
    const Bytes text{'t', 'o', 'r', 'c', 'h', '=', '=', '2'};
    const auto image = read_elf_image(text);
    BOOST_REQUIRE(!image);
    BOOST_TEST(image.error().message.find("not an ELF file") == 0u, image.error().message);
    const auto missing = read_elf_file(fixtures / "no_such_library.so");
    BOOST_REQUIRE(!missing);
    BOOST_TEST(missing.error().message.find("no_such_library.so: cannot read the file") !=
               std::string::npos);
    const auto not_elf =
        read_elf_file(torchpin::test::source_path("tests/data/ld_so_cache/new_format.cache"));
    BOOST_REQUIRE(!not_elf);
    BOOST_TEST(not_elf.error().message.find("new_format.cache: not an ELF file") !=
                   std::string::npos,
               not_elf.error().message);
}

BOOST_AUTO_TEST_CASE(a_cut_off_library_is_an_error_never_a_crash) {
    const Bytes whole = bytes_of(fixtures / "libneeds_glibcxx_3_4_30.so");
    std::size_t errors = 0;
    for (std::size_t size = 0; size < whole.size(); size += 13) {
        const auto image = read_elf_image(std::span(whole.data(), size));
        errors += image ? 0 : 1;
        if (size < 64) {
            BOOST_TEST(!image, size);
        }
    }
    // The section headers are at the end of the file: every cut loses them, and a library
    // without its section headers must not read as one without dependencies.
    BOOST_TEST(errors == (whole.size() + 12) / 13);
}

BOOST_AUTO_TEST_CASE(random_changes_to_a_library_give_an_image_or_an_error) {
    const Bytes whole = bytes_of(fixtures / "libneeds_glibcxx_3_4_30.so");
    std::mt19937 random(20240601);
    std::uniform_int_distribution<std::size_t> at(0, whole.size() - 1);
    std::uniform_int_distribution<int> byte(0, 255);
    std::size_t images = 0;
    for (int round = 0; round < 2000; ++round) {
        Bytes changed = whole;
        for (int k = 0; k < 4; ++k) {
            changed[at(random)] = static_cast<unsigned char>(byte(random));
        }
        const auto image = read_elf_image(changed);
        images += image ? 1 : 0;
    }
    BOOST_TEST_MESSAGE(images << " of 2000 changed libraries still read");
    Bytes noise(4096);
    for (auto& b : noise) {
        b = static_cast<unsigned char>(byte(random));
    }
    std::copy(whole.begin(), whole.begin() + 64, noise.begin()); // a real header, random rest
    BOOST_TEST(!read_elf_image(noise));
}

BOOST_AUTO_TEST_CASE(an_extension_imports_what_it_calls_and_exports_what_it_defines) {
    BOOST_TEST(symbols_of("torch_symbols/extension.so") ==
               (Names{"T torchpin_extension_init", "U _ZN3c105ErrorC1ENS_14SourceLocationEPKc",
                      "U _ZNK3c105Error4codeEv", "U torchpin_not_from_torch"}));
    BOOST_TEST(symbols_of("torch_symbols/without/libc10.so") ==
               (Names{"T _ZN3c105ErrorC1ENS_14SourceLocationEPKcPKv",
                      "T _ZN3c105ErrorC2ENS_14SourceLocationEPKcPKv", "T _ZNK3c105Error4codeEv"}));
    const Names with = symbols_of("torch_symbols/with/libc10.so");
    BOOST_TEST(std::ranges::count(with, "T _ZN3c105ErrorC1ENS_14SourceLocationEPKc") == 1);
    BOOST_TEST(with.size() == 5u);
}

BOOST_AUTO_TEST_CASE(a_visit_stops_when_the_visitor_says_so) {
    std::size_t seen = 0;
    const auto error = torchpin::visit_elf_file_symbols(fixtures / "torch_symbols/with/libc10.so",
                                                        [&](const ElfDynamicSymbol&) {
                                                            ++seen;
                                                            return seen < 2;
                                                        });
    BOOST_TEST(!error);
    BOOST_TEST(seen == 2u);
}

BOOST_AUTO_TEST_CASE(symbols_from_memory_and_from_the_file_agree) {
    const std::filesystem::path file = fixtures / "torch_symbols/extension.so";
    Names from_memory;
    const auto error =
        torchpin::visit_elf_image_symbols(bytes_of(file), [&](const ElfDynamicSymbol& symbol) {
            from_memory.push_back((symbol.defined ? "T " : "U ") + std::string(symbol.name));
            return true;
        });
    BOOST_REQUIRE(!error);
    std::sort(from_memory.begin(), from_memory.end());
    BOOST_TEST(from_memory == symbols_of("torch_symbols/extension.so"));
}

BOOST_AUTO_TEST_CASE(this_machines_libstdcxx_exports_weak_and_strong_symbols) {
    const auto libraries = torchpin::parse_ld_so_cache(bytes_of("/etc/ld.so.cache"));
    BOOST_REQUIRE(libraries);
    const auto found = std::ranges::find_if(
        *libraries, [](const auto& entry) { return entry.name == "libstdc++.so.6"; });
    BOOST_REQUIRE(found != libraries->end());
    std::size_t exported = 0, weak = 0, imported = 0;
    const auto error =
        torchpin::visit_elf_file_symbols(found->path, [&](const ElfDynamicSymbol& symbol) {
            exported += symbol.defined ? 1 : 0;
            weak += symbol.defined && symbol.weak ? 1 : 0;
            imported += symbol.defined ? 0 : 1;
            return true;
        });
    BOOST_REQUIRE(!error);
    BOOST_TEST(exported > 1000u);
    BOOST_TEST(weak > 0u);
    BOOST_TEST(imported > 0u); // malloc, memcpy, ... from libc
}

BOOST_AUTO_TEST_CASE(symbols_of_what_is_not_elf_or_is_cut_off_are_an_error_never_a_crash) {
    const auto visit = [](const ElfDynamicSymbol&) { return true; };
    const Bytes text{'t', 'o', 'r', 'c', 'h', '=', '=', '2'};
    const auto not_elf = torchpin::visit_elf_image_symbols(text, visit);
    BOOST_REQUIRE(not_elf);
    BOOST_TEST(not_elf->message.find("not an ELF file") == 0u, not_elf->message);
    const auto missing = torchpin::visit_elf_file_symbols(fixtures / "no_such_library.so", visit);
    BOOST_REQUIRE(missing);
    BOOST_TEST(missing->message.find("no_such_library.so: cannot read the file") !=
               std::string::npos);
    const Bytes whole = bytes_of(fixtures / "torch_symbols/extension.so");
    for (std::size_t size = 0; size < whole.size(); size += 13) {
        BOOST_TEST(
            torchpin::visit_elf_image_symbols(std::span(whole.data(), size), visit).has_value(),
            size);
    }
    std::mt19937 random(20261205);
    std::uniform_int_distribution<std::size_t> at(0, whole.size() - 1);
    std::uniform_int_distribution<int> byte(0, 255);
    for (int round = 0; round < 2000; ++round) {
        Bytes changed = whole;
        for (int k = 0; k < 4; ++k) {
            changed[at(random)] = static_cast<unsigned char>(byte(random));
        }
        (void)torchpin::visit_elf_image_symbols(changed, visit); // an error or a visit, no crash
    }
}

BOOST_AUTO_TEST_SUITE_END()
