// data/releases.toml and data/backends.toml against the sources they were read from: every
// official install command, the compatibility tables, RELEASE.md, the test-infra release matrix
// and the find-links page. The raw sources are copies under tests/data/raw/releases/ (see its
// README); an exception to a rule is listed here with the reason the data departs from it.
#include "engine/matrix/dataset_tables.hpp"
#include "importers/dataset/dataset.hpp"
#include "tests/support/printing.hpp"
#include "tests/support/test_paths.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace test = torchpin::test;
using nlohmann::json;
using StringSet = std::set<std::string>;

namespace {

const std::string raw_dir = "tests/data/raw/releases/";

// ---- the dataset ------------------------------------------------------------------------------

struct Release {
    std::string torch;
    std::optional<std::string> release_date, torchvision, torchaudio, torchaudio_note,
        install_style;
    std::vector<std::string> python;
    StringSet cites;
};

struct ReleaseBackend {
    std::string torch, backend, os, arch;
    StringSet evidence, cites;
};

struct PypiBackend {
    std::string torch, os, arch, backend;
    StringSet cites;
};

struct CompanionRange {
    std::string package, version, torch, released_with;
};

struct Dataset {
    std::map<std::string, Release> releases;
    std::vector<ReleaseBackend> backends;
    std::vector<PypiBackend> pypi;
    std::vector<CompanionRange> companion_ranges;

    const Release* release(const std::string& torch) const {
        const auto it = releases.find(torch);
        return it == releases.end() ? nullptr : &it->second;
    }
    // Backends of (torch, os, arch) whose row cites `cite` (any row when cite is empty).
    StringSet backends_of(const std::string& torch, const std::string& os, const std::string& arch,
                          const std::string& cite = "") const {
        StringSet out;
        for (const ReleaseBackend& b : backends) {
            if (b.torch == torch && b.os == os && (arch.empty() || b.arch == arch) &&
                (cite.empty() || b.cites.contains(cite))) {
                out.insert(b.backend);
            }
        }
        return out;
    }
    std::optional<std::string> pypi_of(const std::string& torch, const std::string& os,
                                       const std::string& arch) const {
        for (const PypiBackend& p : pypi) {
            if (p.torch == torch && p.os == os && p.arch == arch) {
                return p.backend;
            }
        }
        return std::nullopt;
    }
};

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string word; in >> word;) {
        out.push_back(word);
    }
    return out;
}

std::string joined(const StringSet& items) {
    std::string out;
    for (const std::string& item : items) {
        out += (out.empty() ? "" : " ") + item;
    }
    return "{" + out + "}";
}

StringSet word_set(const std::optional<std::string>& text) {
    const auto list = words(text.value_or(""));
    return {list.begin(), list.end()};
}

// Reads the rows of one listing by column name.
class Rows {
public:
    explicit Rows(const torchpin::ListingImport& listing)
        : listing_(listing)
        , columns_(listing.table->columns()) {}
    template <class F>
    void each(F f) const {
        for (const torchpin::RowValues& row : listing_.rows) {
            f([&](const std::string& name) -> std::optional<std::string> {
                for (std::size_t i = 0; i < columns_.size(); ++i) {
                    if (columns_[i].name == name) {
                        return row.at(i);
                    }
                }
                throw std::logic_error("no column " + name);
            });
        }
    }

private:
    const torchpin::ListingImport& listing_;
    std::vector<torchpin::Column> columns_;
};

Dataset read_dataset() {
    const torchpin::DatasetImport imported = torchpin::load_dataset(test::source_path("data"));
    Dataset d;
    for (const torchpin::ListingImport& listing : imported.request.listings) {
        const Rows rows(listing);
        if (listing.table == &torchpin::torch_release_table()) {
            rows.each([&](auto col) {
                Release r{*col("torch"),
                          col("release_date"),
                          col("torchvision"),
                          col("torchaudio"),
                          col("torchaudio_note"),
                          col("install_style"),
                          words(col("python").value_or("")),
                          word_set(col("cites"))};
                d.releases.emplace(r.torch, r);
            });
        } else if (listing.table == &torchpin::release_backend_table()) {
            rows.each([&](auto col) {
                d.backends.push_back({*col("torch"), *col("backend"), *col("os"), *col("arch"),
                                      word_set(col("evidence")), word_set(col("cites"))});
            });
        } else if (listing.table == &torchpin::companion_range_table()) {
            rows.each([&](auto col) {
                d.companion_ranges.push_back(
                    {*col("package"), *col("version"), *col("torch"), *col("released_with")});
            });
        } else if (listing.table == &torchpin::pypi_backend_table()) {
            rows.each([&](auto col) {
                d.pypi.push_back({*col("torch"), *col("os"), *col("arch"), *col("backend"),
                                  word_set(col("cites"))});
            });
        }
    }
    return d;
}

const Dataset& dataset() {
    static const Dataset d = read_dataset();
    return d;
}

// ---- versions ---------------------------------------------------------------------------------

std::vector<int> numbers(const std::string& version) {
    std::vector<int> out;
    std::istringstream in(version);
    for (std::string part; std::getline(in, part, '.');) {
        out.push_back(std::stoi(part));
    }
    return out;
}

std::string series_of(const std::string& version) {
    return version.substr(0, version.rfind('.'));
}

bool at_least(const std::string& version, const std::string& floor) {
    return numbers(version) >= numbers(floor);
}

// "0.4.1" starts with "0.4" but "0.14.0" does not start with "0.1".
bool has_version_prefix(const std::string& version, const std::string& prefix) {
    return version == prefix ||
           (version.size() > prefix.size() && version.compare(0, prefix.size(), prefix) == 0 &&
            version[prefix.size()] == '.');
}

// ---- install commands -------------------------------------------------------------------------

struct Command {
    std::string version;
    std::string os;      // "linux" (the "Linux and Windows" / "Linux" sections) or "macos"
    std::string backend; // the variant folder, or "pypi" for a plain `pip install torch==X`
    std::optional<std::string> torchvision, torchaudio;
    std::string text;
};

std::string without_local(const std::string& version) {
    return version.substr(0, version.find('+'));
}

std::string folder_of(const std::string& url) {
    static const std::regex folder(R"(/whl/([^/]+)/torch_stable\.html$)");
    std::smatch m;
    return std::regex_search(url, m, folder) ? m[1].str() : "";
}

// The variant one command line installs, with its torchvision/torchaudio pins; nullopt for lines
// that install no torch (conda, `pip install ninja`, comments).
std::optional<Command> parse_command_line(const std::string& line) {
    static const std::regex download(
        R"(^Download and install wheel from https://download\.pytorch\.org/whl/([^/]+)/torch_stable\.html$)");
    static const std::regex package(R"(^(torch|torchvision|torchaudio)(?:={2,3}(\S+))?$)");
    std::smatch m;
    if (std::regex_match(line, m, download)) {
        return Command{"", "", m[1].str(), std::nullopt, std::nullopt, line};
    }
    const std::vector<std::string> tokens = words(line);
    if (tokens.size() < 3 || (tokens[0] != "pip" && tokens[0] != "pip3") ||
        tokens[1] != "install") {
        return std::nullopt;
    }
    std::map<std::string, std::string> pins;
    std::optional<std::string> index, find_links;
    for (std::size_t i = 2; i < tokens.size(); ++i) {
        if (std::regex_match(tokens[i], m, package)) {
            pins[m[1].str()] = m[2].str();
        } else if ((tokens[i] == "--index-url" || tokens[i] == "--extra-index-url") &&
                   i + 1 < tokens.size()) {
            index = tokens[++i];
        } else if (tokens[i] == "-f" && i + 1 < tokens.size()) {
            find_links = tokens[++i];
        }
    }
    if (!pins.contains("torch")) {
        return std::nullopt;
    }
    Command c{"", "", "pypi", std::nullopt, std::nullopt, line};
    const std::string& torch = pins["torch"];
    if (torch.find('+') != std::string::npos) {
        c.backend = torch.substr(torch.find('+') + 1);
    } else if (index) {
        c.backend = index->substr(index->find_last_of('/') + 1);
    } else if (find_links && !folder_of(*find_links).empty()) {
        c.backend = folder_of(*find_links);
    }
    if (pins.contains("torchvision") && !pins["torchvision"].empty()) {
        c.torchvision = without_local(pins["torchvision"]);
    }
    if (pins.contains("torchaudio") && !pins["torchaudio"].empty()) {
        c.torchaudio = without_local(pins["torchaudio"]);
    }
    return c;
}

// Every wheel command of a previous-versions page excerpt or of the dk0d scrape (its "latest"
// block is skipped: unpinned commands of an older page under a "v2.7.1" heading).
std::vector<Command> parse_commands(const std::string& text) {
    static const std::regex version_heading(R"(^(?:#+ )?v(\d+\.\d+\.\d+)( with LTS support)?$)");
    static const std::regex macos_heading(R"(^#+\s*(OSX|macOS)$)");
    static const std::regex linux_heading(R"(^#+\s*(Linux and Windows|Linux)$)");
    std::vector<Command> out;
    std::string version, os;
    bool wheel_section = true;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) {
            line.pop_back();
        }
        std::smatch m;
        if (std::regex_match(line, m, version_heading)) {
            version = m[1].str();
            os.clear();
            wheel_section = true;
        } else if (line.starts_with("# latest")) {
            version.clear();
        } else if (line == "#### Conda" || line == "#### Wheel") {
            wheel_section = line == "#### Wheel";
        } else if (std::regex_match(line, macos_heading)) {
            os = "macos";
        } else if (std::regex_match(line, linux_heading)) {
            os = "linux";
        } else if (!version.empty() && !os.empty() && wheel_section) {
            if (auto c = parse_command_line(line)) {
                c->version = version;
                c->os = os;
                out.push_back(*c);
            }
        }
    }
    return out;
}

struct CommandFile {
    std::string path;
    std::string cite;
};

const std::vector<CommandFile>& command_files() {
    static const std::vector<CommandFile> files{
        {"pytorch+pytorch.github.io/e3f009bb/_get_started/"
         "previous-versions.md.v1.8.2-v1.0.0.excerpt",
         "previous-versions-page"},
        {"pytorch+pytorch.github.io/e3f009bb/_get_started/previous-versions.md.excerpt",
         "previous-versions-source"},
        {"dk0d+torchinstaller/commands.md", "previous-versions"}};
    return files;
}

// Pins that differ from the release's column on purpose, with why.
const std::map<std::pair<std::string, std::string>, std::string>& torchvision_pin_exceptions() {
    static const std::map<std::pair<std::string, std::string>, std::string> exceptions{
        {{"1.10.0", "rocm4.0.1"},
         "no torchvision 0.11 was built for ROCm 4.0.1; its command pins 0.10.1"},
        {{"1.10.1", "rocm4.0.1"},
         "no torchvision 0.11 was built for ROCm 4.0.1; its command pins 0.10.2"},
        {{"1.10.0", "published-versions"},
         "published_versions.json pins 0.11.1, the previous-versions page 0.11.0 (kept the page)"}};
    return exceptions;
}

// Checks one group of commands (one version, one OS, one source) against the dataset.
void check_commands(const std::string& cite, const std::string& version, const std::string& os,
                    const std::string& arch, const std::vector<Command>& commands) {
    const Dataset& d = dataset();
    const Release* release = d.release(version);
    BOOST_REQUIRE_MESSAGE(release, cite << ": no torch_release row for " << version);
    BOOST_TEST(release->cites.contains(cite), version << " does not cite " << cite);
    StringSet expected;
    for (const Command& c : commands) {
        if (c.torchvision && !torchvision_pin_exceptions().contains({version, c.backend}) &&
            !torchvision_pin_exceptions().contains({version, cite})) {
            BOOST_TEST(release->torchvision == c.torchvision, cite << ": " << c.text);
        }
        if (c.torchaudio) {
            BOOST_TEST(release->torchaudio == c.torchaudio, cite << ": " << c.text);
        }
        if (c.backend != "pypi") {
            expected.insert(c.backend);
            continue;
        }
        if (os == "macos") {
            // The macOS wheel on PyPI is the CPU (MPS) build, for the arch that release shipped.
            const bool any = d.pypi_of(version, "macos", "x86_64") == "cpu" ||
                             d.pypi_of(version, "macos", "arm64") == "cpu";
            BOOST_TEST(any, cite << ": no macOS PyPI row for " << version);
            expected.insert("cpu");
            continue;
        }
        const auto pypi = d.pypi_of(version, os, arch);
        BOOST_TEST_REQUIRE(pypi.has_value(),
                           cite << ": bare pip command but no PyPI row: " << c.text);
        expected.insert(*pypi);
    }
    const StringSet actual = d.backends_of(version, os, os == "macos" ? "" : arch, cite);
    BOOST_TEST(actual == expected,
               cite << " " << version << " " << os << ": dataset has " << joined(actual));
}

// ---- RELEASE.md -------------------------------------------------------------------------------

std::string release_md() {
    return test::read_file(test::source_path(
        raw_dir + "pytorch+pytorch-RELEASE.md/RELEASE.zh-translation.english-sections.excerpt.md"));
}

std::vector<std::string> table_cells(const std::string& line) {
    std::vector<std::string> cells;
    std::istringstream in(line);
    for (std::string cell; std::getline(in, cell, '|');) {
        const auto first = cell.find_first_not_of(' ');
        const auto last = cell.find_last_not_of(' ');
        cells.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
    }
    if (!cells.empty() && cells.front().empty()) {
        cells.erase(cells.begin());
    }
    return cells;
}

struct CompatibilityRow {
    std::string python, cuda_stable, cuda_experimental, rocm;
};

// The Release Compatibility Matrix by series ("2.13" -> its cells).
std::map<std::string, CompatibilityRow> compatibility_matrix() {
    std::map<std::string, CompatibilityRow> out;
    std::istringstream in(release_md());
    static const std::regex series(R"(^\d+\.\d+$)");
    bool inside = false;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("| PyTorch version |")) {
            inside = true;
            continue;
        }
        if (inside && !line.starts_with("|")) {
            break;
        }
        const auto cells = table_cells(line);
        if (inside && cells.size() >= 6 && std::regex_match(cells[0], series)) {
            out[cells[0]] = {cells[1], cells[3], cells[4], cells[5]};
        }
    }
    return out;
}

StringSet matches(const std::string& text, const std::string& pattern) {
    StringSet out;
    const std::regex re(pattern);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator();
         ++it) {
        out.insert((*it)[1].str());
    }
    return out;
}

// ---- test-infra build matrix ------------------------------------------------------------------

// The newest snapshot of the release matrix for each CURRENT_STABLE_VERSION.
std::map<std::string, json> build_matrix_by_release() {
    const json history = json::parse(test::read_file(
        test::source_path(raw_dir + "pytorch+test-infra/binary_build_matrix_history.json")));
    std::map<std::string, json> out;
    for (const json& entry : history["entries"]) {
        const std::string version = entry["CURRENT_STABLE_VERSION"];
        if (!out.contains(version) || entry["commit_date"].get<std::string>() >
                                          out[version]["commit_date"].get<std::string>()) {
            out[version] = entry;
        }
    }
    return out;
}

const json& release_list(const json& constants, const char* name, const char* misspelt) {
    static const json none = json::array();
    if (constants.contains(name)) {
        return constants[name]["release"];
    }
    return constants.contains(misspelt) ? constants[misspelt]["release"] : none;
}

std::string cuda_backend(const std::string& cuda) {
    std::string out = "cu";
    for (char c : cuda) {
        if (c != '.') {
            out += c;
        }
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(dataset_releases)

BOOST_AUTO_TEST_CASE(every_previous_versions_command_is_answered_by_the_dataset) {
    // Walks every wheel command of the previous-versions page (v1.0.0 ... v2.3.1, two stored
    // excerpts) and of the dk0d scrape (v1.8.2 ... v2.7.0): pins and the set of variants per OS.
    for (const CommandFile& file : command_files()) {
        const auto commands =
            parse_commands(test::read_file(test::source_path(raw_dir + file.path)));
        std::map<std::pair<std::string, std::string>, std::vector<Command>> groups;
        StringSet versions;
        for (const Command& c : commands) {
            groups[{c.version, c.os}].push_back(c);
            versions.insert(c.version);
        }
        for (const auto& [key, group] : groups) {
            check_commands(file.cite, key.first, key.second, "x86_64", group);
        }
        // A release whose row cites this file but has no command there would be a stale cite,
        // and a macOS row citing it for a release without macOS commands a wrong one.
        for (const auto& [torch, release] : dataset().releases) {
            if (release.cites.contains(file.cite)) {
                BOOST_TEST(versions.contains(torch), file.cite << " cited by " << torch);
            }
            if (!groups.contains({torch, "macos"})) {
                BOOST_TEST(dataset().backends_of(torch, "macos", "", file.cite).empty(), torch);
            }
        }
        if (file.cite == "previous-versions") {
            BOOST_TEST(versions.size() == 26u); // v1.8.2 ... v2.7.0
            BOOST_TEST(versions.contains("1.8.2"));
            BOOST_TEST(versions.contains("2.7.0"));
        }
        if (file.cite == "previous-versions-page") {
            BOOST_TEST(versions.size() == 13u); // v1.8.2 ... v1.0.0; the page has no v1.3.x
        }
    }
}

BOOST_AUTO_TEST_CASE(every_quick_start_command_of_published_versions_is_answered) {
    // pytorch/builder's published_versions.json: the get-started commands of 1.9.0 ... 1.13.0 and
    // the 1.8.2 LTS, per OS, including Windows.
    const json published = json::parse(
        test::read_file(test::source_path(raw_dir + "pytorch+builder/published_versions.json")));
    std::size_t walked = 0;
    for (const auto& [key, per_os] : published["versions"].items()) {
        if (key == "preview") {
            continue;
        }
        const std::string version = key.starts_with("lts-") ? key.substr(4) : key;
        for (const auto& [os, kinds] : per_os.items()) {
            std::vector<Command> group;
            for (const auto& [accelerator, entry] : kinds["pip"].items()) {
                if (!entry["command"].is_string()) {
                    continue;
                }
                auto c = parse_command_line(entry["command"].get<std::string>());
                BOOST_REQUIRE(c);
                c->version = version;
                c->os = os;
                group.push_back(*c);
            }
            if (!group.empty()) {
                check_commands("published-versions", version, os, "x86_64", group);
                ++walked;
            } else {
                BOOST_TEST(dataset().backends_of(version, os, "", "published-versions").empty());
            }
        }
    }
    BOOST_TEST(walked == 29u); // 10 versions x 3 OS, less macOS for the 1.8.2 LTS
}

BOOST_AUTO_TEST_CASE(find_links_page_variants_match_the_index_page_rows) {
    // data/index/torch_stable.html (2021-03-12): every torch 1.x wheel's variant folder and
    // platform is a release_backend row citing it, and nothing else cites it. Post releases
    // (1.0.1.post2, ...) are rebuilds, not rows of their own.
    const std::string page = test::read_file(test::source_path("data/index/torch_stable.html"));
    static const std::regex wheel(
        R"re(href="([^/"]+)/torch-(1\.\d+\.\d+)(?:%2B[^-]+)?-cp(\d)(\d+)-[^-]+-([^"]+)\.whl")re");
    std::map<std::string, std::set<std::tuple<std::string, std::string, std::string>>> seen;
    std::map<std::string, std::set<std::vector<int>>> pythons;
    for (auto it = std::sregex_iterator(page.begin(), page.end(), wheel);
         it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        const std::string platform = m[5].str();
        std::string os = "linux", arch = "x86_64";
        if (platform.starts_with("macosx")) {
            os = "macos";
            arch = platform.ends_with("arm64") ? "arm64" : "x86_64";
        } else if (platform.starts_with("win")) {
            os = "windows";
        } else if (platform.ends_with("aarch64")) {
            arch = "aarch64";
        }
        seen[m[2].str()].insert({m[1].str(), os, arch});
        pythons[m[2].str()].insert({std::stoi(m[3].str()), std::stoi(m[4].str())});
    }
    BOOST_TEST(seen.size() == 13u); // 1.0.0 ... 1.8.0
    std::size_t rows = 0;
    for (const ReleaseBackend& b : dataset().backends) {
        if (b.cites.contains("torch-stable-html")) {
            ++rows;
            BOOST_TEST(b.evidence.contains("index-page"));
            const bool listed = seen[b.torch].contains({b.backend, b.os, b.arch});
            BOOST_TEST(listed, b.torch << " " << b.backend << " " << b.os << " " << b.arch);
        }
    }
    std::size_t wheels = 0;
    for (const auto& [torch, variants] : seen) {
        wheels += variants.size();
        for (const auto& [backend, os, arch] : variants) {
            BOOST_TEST(
                dataset().backends_of(torch, os, arch, "torch-stable-html").contains(backend),
                torch << " " << backend << " " << os << " " << arch);
        }
        // The Python versions of these releases are the cpXY tags of their wheels.
        std::vector<std::string> expected;
        for (const auto& v : pythons[torch]) {
            expected.push_back(std::to_string(v[0]) + "." + std::to_string(v[1]));
        }
        BOOST_REQUIRE(dataset().release(torch));
        BOOST_TEST(dataset().release(torch)->python == expected, torch);
    }
    BOOST_TEST(rows == wheels);
}

BOOST_AUTO_TEST_CASE(torchvision_pairings_follow_the_rules_of_every_source) {
    const Dataset& d = dataset();
    // From 2.0 on torchvision 0.(minor + 15) pairs with torch 2.minor. No release departs from it;
    // an entry here would need a reason.
    const std::map<std::string, std::string> rule_exceptions{};
    for (const auto& [torch, r] : d.releases) {
        if (!at_least(torch, "2.0.0") || !r.torchvision) {
            continue;
        }
        const auto t = numbers(torch), v = numbers(*r.torchvision);
        const bool follows = v[0] == 0 && v[1] == t[1] + 15;
        BOOST_TEST((follows || rule_exceptions.contains(torch)), torch << " -> " << *r.torchvision);
    }

    // The torchvision README table: series -> torchvision series (or exact versions).
    const std::map<std::string, std::string> readme_exceptions{
        {"1.2.0", "the install commands pin torchvision 0.4.0; the README names 0.4.1, a later "
                  "0.4.x for the same torch"}};
    const std::string readme = test::read_file(
        test::source_path(raw_dir + "pytorch+vision/README.md.upstream-section.excerpt"));
    static const std::regex row(R"(^\|\s*`([^`]+)`\s*\|\s*(`[^|]+`)\s*\|)");
    std::size_t checked = 0;
    std::istringstream in(readme);
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (!std::regex_search(line, m, row) || m[1].str().find("main") != std::string::npos) {
            continue;
        }
        const std::string series = m[1].str() == "<=1.0" ? "1.0" : m[1].str();
        const StringSet allowed = matches(m[2].str(), "`([0-9.]+)`");
        for (const auto& [torch, r] : d.releases) {
            if (series_of(torch) != series || !r.torchvision || readme_exceptions.contains(torch)) {
                continue;
            }
            const bool ok = std::any_of(allowed.begin(), allowed.end(), [&](const std::string& a) {
                return has_version_prefix(*r.torchvision, a);
            });
            BOOST_TEST(ok, torch << " -> " << *r.torchvision << " (README: " << m[2].str() << ")");
            ++checked;
        }
    }
    BOOST_TEST(checked >= 40u);

    // torch-check's reviewed release rules: torchvision minor per series 2.0 ... 2.13.
    const json rules = json::parse(test::read_file(
        test::source_path(raw_dir + "rice8y+torch-check/pytorch-release-rules.json")));
    for (const json& rule : rules["releases"]) {
        const std::string series = rule["series"];
        for (const auto& [torch, r] : d.releases) {
            if (series_of(torch) == series && r.torchvision) {
                BOOST_TEST(numbers(*r.torchvision)[1] == rule["torchvision_minor"].get<int>(),
                           torch);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(torchaudio_pairings_follow_the_rules_of_every_source) {
    const Dataset& d = dataset();
    // From 2.0 on torchaudio carries the torch version, except:
    const std::map<std::string, std::string> exceptions{
        {"2.0.0", "2.0.1: torchaudio 2.0.0 (still pinned by the conda commands) was superseded for "
                  "pip by 2.0.1 (install commands, torchaudio's compatibility list)"},
        {"2.0.1", "2.0.2: the pip commands and torchaudio's compatibility list pair 2.0.1 with "
                  "torchaudio 2.0.2"}};
    for (const auto& [torch, r] : d.releases) {
        if (!r.torchaudio) {
            // Absent means unknown or not released, and the note says which.
            BOOST_TEST(r.torchaudio_note.has_value(),
                       torch << " has neither torchaudio nor a note");
            continue;
        }
        BOOST_TEST(!r.torchaudio_note.has_value(), torch);
        if (at_least(torch, "2.0.0")) {
            const bool same = *r.torchaudio == torch;
            BOOST_TEST((same || exceptions.contains(torch)), torch << " -> " << *r.torchaudio);
            BOOST_TEST(!(same && exceptions.contains(torch)), torch << ": stale exception");
        }
    }

    // torchaudio's installation.rst compatibility list (torch 1.4.0 ... 2.6).
    const std::string rst =
        test::read_file(test::source_path(raw_dir + "pytorch+audio/installation.rst"));
    static const std::regex row(R"(\* - ``([\d.]+)``\n\s+- ``([\d.]+)``)");
    std::size_t rows = 0;
    for (auto it = std::sregex_iterator(rst.begin(), rst.end(), row); it != std::sregex_iterator();
         ++it, ++rows) {
        std::string torch = (*it)[1].str();
        if (std::count(torch.begin(), torch.end(), '.') == 1) {
            torch += ".0"; // "2.6" is the 2.6.0 release
        }
        BOOST_REQUIRE_MESSAGE(d.release(torch), "no row for " << torch);
        BOOST_TEST(d.release(torch)->torchaudio == std::optional<std::string>((*it)[2].str()),
                   torch);
    }
    BOOST_TEST(rows == 27u);

    // torch-check: the torchaudio series per torch series; null means not released.
    const json rules = json::parse(test::read_file(
        test::source_path(raw_dir + "rice8y+torch-check/pytorch-release-rules.json")));
    for (const json& rule : rules["releases"]) {
        for (const auto& [torch, r] : d.releases) {
            if (series_of(torch) != rule["series"].get<std::string>()) {
                continue;
            }
            if (rule["torchaudio_series"].is_null()) {
                BOOST_TEST(!r.torchaudio.has_value(), torch);
                BOOST_TEST(r.torchaudio_note.value_or("").starts_with("not released"), torch);
            } else if (r.torchaudio) {
                BOOST_TEST(
                    has_version_prefix(*r.torchaudio, rule["torchaudio_series"].get<std::string>()),
                    torch);
            } else {
                BOOST_TEST(r.torchaudio_note.value_or("").starts_with("unknown"), torch);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(python_versions_agree_with_release_md_and_the_release_matrix) {
    const Dataset& d = dataset();
    // RELEASE.md's Release Compatibility Matrix: the lowest Python is its lower bound; the highest
    // is its stable upper bound or its experimental one, except:
    const std::string torch_only_315 =
        "RELEASE.md allows up to (3.15, 3.15t experimental); the release matrix lists up to 3.14t "
        "(3.15 is TORCH_ONLY, on download.pytorch.org only: observed wheel rows, not a target)";
    const std::map<std::string, std::string> exceptions{
        {"2.13.0", torch_only_315},
        {"2.14.0", torch_only_315},
        {"2.14.1", torch_only_315},
        {"2.15.0", "no source gives 2.15.0's Python versions (facts.md section 0)"}};
    std::size_t checked = 0;
    for (const auto& [series, row] : compatibility_matrix()) {
        const auto lower = matches(row.python, R"(>=(3\.\d+))");
        StringSet upper = matches(row.python, R"(<=\(?(3\.\d+))");
        for (const auto& experimental : matches(row.python, R"((3\.\d+) experimental)")) {
            upper.insert(experimental);
        }
        BOOST_REQUIRE(lower.size() == 1u);
        for (const auto& [torch, r] : d.releases) {
            if (series_of(torch) != series || exceptions.contains(torch)) {
                continue;
            }
            std::vector<std::string> plain;
            std::copy_if(r.python.begin(), r.python.end(), std::back_inserter(plain),
                         [](const std::string& p) { return !p.ends_with("t"); });
            BOOST_REQUIRE(!plain.empty());
            BOOST_TEST(plain.front() == *lower.begin(), torch);
            BOOST_TEST(upper.contains(plain.back()),
                       torch << ": " << plain.back() << " vs " << row.python);
            ++checked;
        }
    }
    BOOST_TEST(checked == 28u); // 1.12.0 ... 2.12.1

    // Every release lists its Python versions in order, free-threaded builds after their base.
    static const std::regex python(R"(^\d\.\d+t?$)");
    for (const auto& [torch, r] : d.releases) {
        BOOST_TEST((!r.python.empty() || exceptions.contains(torch)), torch);
        for (std::size_t i = 0; i < r.python.size(); ++i) {
            BOOST_TEST(std::regex_match(r.python[i], python), torch << ": " << r.python[i]);
            if (r.python[i].ends_with("t")) {
                const std::string base = r.python[i].substr(0, r.python[i].size() - 1);
                BOOST_TEST((i > 0 && r.python[i - 1] == base), torch << ": " << r.python[i]);
            }
        }
    }

    // Where test-infra's release matrix exists (1.12.1 ... 2.13.0) the list is its Python list,
    // plus a free-threaded build an observed index file shows (torch-2.9.1+cu126-cp313-cp313t:
    // the 2.9 matrix validated 3.14t only; facts.md T3 of the 2026-12 audit).
    const std::map<std::string, std::string> observed_beyond_matrix{{"2.9.1", "3.13t"}};
    for (const auto& [torch, entry] : build_matrix_by_release()) {
        const json& c = entry["constants"];
        const json& list = c.contains("PYTHON_ARCHES_DICT") ? c["PYTHON_ARCHES_DICT"]["release"]
                                                            : c["FULL_PYTHON_VERSIONS"];
        auto expected = list.get<std::vector<std::string>>();
        if (const auto extra = observed_beyond_matrix.find(torch);
            extra != observed_beyond_matrix.end()) {
            const std::string base = extra->second.substr(0, extra->second.size() - 1);
            const auto at = std::find(expected.begin(), expected.end(), base);
            BOOST_REQUIRE(at != expected.end());
            expected.insert(at + 1, extra->second);
        }
        BOOST_REQUIRE(d.release(torch));
        BOOST_TEST(d.release(torch)->python == expected, torch);
    }
}

BOOST_AUTO_TEST_CASE(backends_agree_with_release_md_torch_check_and_the_release_matrix) {
    const Dataset& d = dataset();
    // RELEASE.md: the Linux x86_64 CUDA variants are its stable and experimental CUDA versions,
    // and its stable ROCm is published, except:
    const std::map<std::string, std::string> cuda_exceptions{
        {"1.12",
         "1.12 also shipped CUDA 10.2 wheels (install commands, test-infra release matrix); "
         "RELEASE.md names only the stable/experimental pair 11.3 / 11.6"}};
    const std::map<std::string, std::string> rocm_exceptions{
        {"1.12", "RELEASE.md names ROCm 5.0; the 1.12 install commands and published_versions.json "
                 "install rocm5.1.1"}};
    // cu129 came back on Linux after 2.8 outside RELEASE.md's stable/experimental pair and
    // torch-check's variants: kaine.wheel_index's published lists, observed cu129 files, and for
    // 2.13.0 test-infra PR #8215.
    const std::map<std::string, StringSet> later_variants{{"2.9.1", {"cu129"}},
                                                          {"2.10.0", {"cu129"}},
                                                          {"2.11.0", {"cu129"}},
                                                          {"2.12.1", {"cu129"}},
                                                          {"2.13.0", {"cu129"}}};
    const auto without_later = [&](const std::string& torch, StringSet published) {
        if (const auto it = later_variants.find(torch); it != later_variants.end()) {
            for (const std::string& variant : it->second) {
                published.erase(variant);
            }
        }
        return published;
    };
    for (const auto& [series, row] : compatibility_matrix()) {
        StringSet cuda;
        for (const auto& v :
             matches(row.cuda_stable + " " + row.cuda_experimental, R"(CUDA (\d+\.\d+))")) {
            cuda.insert(cuda_backend(v));
        }
        const auto rocm = matches(row.rocm, R"(ROCm (\d+(?:\.\d+)+))");
        for (const auto& [torch, r] : d.releases) {
            if (series_of(torch) != series) {
                continue;
            }
            StringSet published_cuda, published_rocm;
            for (const auto& b : d.backends_of(torch, "linux", "x86_64")) {
                (b.starts_with("cu") ? published_cuda : published_rocm).insert(b);
            }
            published_rocm.erase("cpu");
            published_rocm.erase("xpu");
            if (!cuda_exceptions.contains(series)) {
                BOOST_TEST(without_later(torch, published_cuda) == cuda, torch);
            }
            if (!rocm_exceptions.contains(series)) {
                BOOST_REQUIRE(rocm.size() == 1u);
                const bool found =
                    std::any_of(published_rocm.begin(), published_rocm.end(), [&](const auto& b) {
                        return has_version_prefix(b.substr(4), *rocm.begin());
                    });
                BOOST_TEST(found, torch << ": ROCm " << *rocm.begin());
            }
        }
    }

    // torch-check's reviewed variants (2.0 ... 2.13) are the Linux x86_64 cpu/CUDA variants.
    const json rules = json::parse(test::read_file(
        test::source_path(raw_dir + "rice8y+torch-check/pytorch-release-rules.json")));
    for (const json& rule : rules["releases"]) {
        const auto variants = rule["variants"].get<StringSet>();
        for (const auto& [torch, r] : d.releases) {
            if (series_of(torch) != rule["series"].get<std::string>()) {
                continue;
            }
            StringSet published;
            for (const auto& b : d.backends_of(torch, "linux", "x86_64")) {
                if (b == "cpu" || b.starts_with("cu")) {
                    published.insert(b);
                }
            }
            BOOST_TEST(without_later(torch, published) == variants, torch);
        }
    }

    // The rows citing the release matrix are exactly its release channel: Linux x86_64 cpu, CUDA
    // and ROCm; from 2.0 Windows x86_64 cpu and CUDA (less CUDA_ARCHES_NO_WINDOWS); Linux aarch64
    // the CUDA_AARCH64_ARCHES that are in the release CUDA list.
    for (const auto& [torch, entry] : build_matrix_by_release()) {
        const json& c = entry["constants"];
        StringSet linux{"cpu"}, windows, aarch64;
        const auto no_windows = c.contains("CUDA_ARCHES_NO_WINDOWS")
                                    ? c["CUDA_ARCHES_NO_WINDOWS"].get<StringSet>()
                                    : StringSet{};
        const auto cuda = release_list(c, "CUDA_ARCHES_DICT", "CUDA_ACRHES_DICT").get<StringSet>();
        for (const auto& v : cuda) {
            linux.insert(cuda_backend(v));
            if (at_least(torch, "2.0.0") && !no_windows.contains(v)) {
                windows.insert(cuda_backend(v));
            }
        }
        for (const auto& v : release_list(c, "ROCM_ARCHES_DICT", "ROCM_ACRHES_DICT")) {
            linux.insert("rocm" + v.get<std::string>());
        }
        if (at_least(torch, "2.0.0")) {
            windows.insert("cpu");
        }
        if (c.contains("CUDA_AARCH64_ARCHES")) {
            for (const auto& a : c["CUDA_AARCH64_ARCHES"]) {
                const std::string v =
                    a.get<std::string>().substr(0, a.get<std::string>().find('-'));
                if (cuda.contains(v)) {
                    aarch64.insert(cuda_backend(v));
                }
            }
        }
        const std::string cite = "build-matrix-history";
        BOOST_TEST(d.backends_of(torch, "linux", "x86_64", cite) == linux, torch);
        BOOST_TEST(d.backends_of(torch, "windows", "x86_64", cite) == windows, torch);
        BOOST_TEST(d.backends_of(torch, "linux", "aarch64", cite) == aarch64, torch);
        BOOST_TEST(d.backends_of(torch, "macos", "", cite).empty(), torch);
    }
}

BOOST_AUTO_TEST_CASE(rows_are_well_formed_and_refer_to_each_other) {
    const Dataset& d = dataset();
    BOOST_TEST(d.releases.size() == 53u);
    static const std::regex version(R"(^\d+\.\d+\.\d+$)");
    static const std::regex date(R"(^20\d\d-(0[1-9]|1[0-2])(-[0-3]\d)?$)");
    static const std::regex backend(R"(^(cpu|cu\d{2,3}|rocm\d+(\.\d+)+|xpu)$)");
    const std::map<std::string, StringSet> arches{{"linux", {"x86_64", "aarch64", "s390x"}},
                                                  {"windows", {"x86_64", "arm64"}},
                                                  {"macos", {"x86_64", "arm64"}}};
    const StringSet evidence_kinds{"install-command", "index-page", "build-matrix",
                                   "release-notes",   "projected",  "possible"};
    std::optional<std::string> last_date;
    for (const auto& [torch, r] : d.releases) { // std::map: ordered as strings, dates checked below
        BOOST_TEST(std::regex_match(torch, version), torch);
        if (r.release_date) {
            BOOST_TEST(std::regex_match(*r.release_date, date), torch);
        }
        if (r.install_style) {
            BOOST_TEST((*r.install_style == "local-label" || *r.install_style == "index-url"),
                       torch);
        }
    }
    // Dates rise with versions.
    std::vector<const Release*> ordered;
    for (const auto& [torch, r] : d.releases) {
        ordered.push_back(&r);
    }
    std::sort(ordered.begin(), ordered.end(), [](const Release* a, const Release* b) {
        return numbers(a->torch) < numbers(b->torch);
    });
    for (const Release* r : ordered) {
        if (r->release_date) {
            BOOST_TEST((!last_date || *last_date < *r->release_date), r->torch);
            last_date = r->release_date;
        }
    }
    for (const ReleaseBackend& b : d.backends) {
        BOOST_TEST(d.release(b.torch) != nullptr,
                   "release_backend " << b.torch << " has no release");
        BOOST_TEST(std::regex_match(b.backend, backend), b.backend);
        BOOST_TEST((arches.contains(b.os) && arches.at(b.os).contains(b.arch)),
                   b.os << "/" << b.arch);
        BOOST_TEST(!b.evidence.empty());
        for (const auto& e : b.evidence) {
            BOOST_TEST(evidence_kinds.contains(e), e);
        }
        if (b.os == "macos") {
            BOOST_TEST(b.backend == "cpu", b.torch);
        }
    }
    for (const PypiBackend& p : d.pypi) {
        BOOST_TEST(d.release(p.torch) != nullptr, "pypi_backend " << p.torch << " has no release");
        // What PyPI serves is one of the variants the release published there.
        BOOST_TEST(d.backends_of(p.torch, p.os, p.arch).contains(p.backend),
                   p.torch << " " << p.os << " " << p.arch << " " << p.backend);
    }
}

BOOST_AUTO_TEST_CASE(release_dates_are_release_md_cadence_dates) {
    // RELEASE.md's cadence table: release date of X.Y.0, first and second patch releases; "(...)"
    // is tentative and planned releases are not rows. From 2.8 on the dates are the days the
    // releases went live, from the 2026-12 notes' release calendar (facts.md section 2: test-infra
    // go-live commits, pytorch.org's compatibility table, the 2.14 tracker, the v2.14.1 release;
    // 2.15.0: PyPI's month), where RELEASE.md has the planned day or month.
    const std::map<std::string, std::string> went_live{
        {"2.8.0", "2025-08-06"},  {"2.9.0", "2025-10-15"},  {"2.9.1", "2025-11-12"},
        {"2.10.0", "2026-01-21"}, {"2.11.0", "2026-03-23"}, {"2.12.0", "2026-05-13"},
        {"2.12.1", "2026-06-18"}, {"2.13.0", "2026-07-08"}, {"2.14.0", "2026-09-02"},
        {"2.14.1", "2026-09-30"}, {"2.15.0", "2026-10"}};
    for (const auto& [torch, date] : went_live) {
        const Release* r = dataset().release(torch);
        BOOST_TEST_REQUIRE(r != nullptr, torch);
        BOOST_TEST(r->release_date.value_or("none") == date, torch);
    }
    const std::map<std::string, std::string> months{
        {"Jan", "01"}, {"Feb", "02"}, {"Mar", "03"}, {"Apr", "04"},  {"May", "05"},
        {"Jun", "06"}, {"Jul", "07"}, {"Aug", "08"}, {"Sept", "09"}, {"Sep", "09"},
        {"Oct", "10"}, {"Nov", "11"}, {"Dec", "12"}};
    const std::string text = release_md();
    std::istringstream in(text.substr(text.find("### Release cadence table")));
    static const std::regex day_month_year(R"(^(\d+) (\w+) (\d{4})$)");
    static const std::regex month_year(R"(^(\w+) (\d{4})$)");
    std::size_t dated = 0;
    for (std::string line; std::getline(in, line);) {
        const auto cells = table_cells(line);
        if (cells.size() < 5 || !std::regex_match(cells[0], std::regex(R"(^2\.\d+$)"))) {
            continue;
        }
        for (int patch = 0; patch < 3; ++patch) {
            const std::string torch = cells[0] + "." + std::to_string(patch);
            const Release* r = dataset().release(torch);
            std::smatch m;
            std::optional<std::string> expected;
            if (std::regex_match(cells[2 + patch], m, day_month_year)) {
                expected = m[3].str() + "-" + months.at(m[2].str()) + "-" +
                           (m[1].str().size() == 1 ? "0" : "") + m[1].str();
            } else if (std::regex_match(cells[2 + patch], m, month_year)) {
                expected = m[2].str() + "-" + months.at(m[1].str());
            }
            if (went_live.contains(torch)) {
                continue;
            }
            if (expected && r) {
                BOOST_TEST(r->release_date == expected, torch);
                ++dated;
            } else if (expected) {
                // Planned and not released (no 2.13.1, no 2.14.2: facts.md section 2).
                BOOST_TEST(at_least(torch, "2.13.1"), torch << " is dated but has no row");
            } else if (r) {
                BOOST_TEST(!r->release_date.has_value(), torch);
            }
        }
    }
    BOOST_TEST(dated == 15u); // 2.1.0 ... 2.7.1
}

BOOST_AUTO_TEST_CASE(pairings_from_2_8_on_are_those_of_the_release_notes) {
    const Dataset& d = dataset();
    const json pairings = json::parse(
        test::read_file(test::source_path(raw_dir + "releases-2.8-2.15/pairings.json")));
    StringSet listed;
    for (const json& p : pairings) {
        const std::string torch = p["torch"];
        listed.insert(torch);
        const Release* r = d.release(torch);
        BOOST_TEST_REQUIRE(r != nullptr, torch);
        if (p["confidence"] == "high") {
            BOOST_TEST(r->torchvision.value_or("none") == p["torchvision"].get<std::string>(),
                       torch);
        } else {
            // Inferred from "compatible with PyTorch 2.14 and later": no exact pairing, the
            // torchvision comes from its torch range.
            BOOST_TEST(!r->torchvision, torch);
            const auto range = std::find_if(
                d.companion_ranges.begin(), d.companion_ranges.end(), [&](const auto& c) {
                    return c.package == "torchvision" && c.version == p["torchvision"];
                });
            BOOST_TEST_REQUIRE((range != d.companion_ranges.end()), torch);
            BOOST_TEST(range->torch == ">=2.14", torch);
            BOOST_TEST(range->released_with == torch, torch);
        }
        if (p["torchaudio"].is_null()) {
            BOOST_TEST(!r->torchaudio, torch);
            BOOST_TEST(r->torchaudio_note.value_or("").starts_with("not released"), torch);
        } else {
            BOOST_TEST(r->torchaudio.value_or("none") == p["torchaudio"].get<std::string>(), torch);
        }
    }
    // Every release from 2.8 on is in the notes, and none is left without an exact companion
    // where a source names it (the series columns are for releases no source pairs exactly).
    for (const auto& [torch, r] : d.releases) {
        if (at_least(torch, "2.8.0")) {
            BOOST_TEST(listed.contains(torch), torch << " is not in pairings.json");
        }
    }
    BOOST_TEST(listed.size() == 11u);
}

BOOST_AUTO_TEST_CASE(companion_ranges_start_at_their_own_release) {
    const Dataset& d = dataset();
    // torchvision 0.29.1 and 0.29.2 (>=2.14), torchaudio 2.11.0 (>=2.11, pytorch/audio#4225).
    BOOST_TEST(d.companion_ranges.size() == 3u);
    for (const CompanionRange& c : d.companion_ranges) {
        BOOST_TEST(d.release(c.released_with) != nullptr, c.version);
        // The range holds the release it shipped with: ">=2.14" and 2.14.1 / 2.15.0.
        BOOST_TEST(c.torch.starts_with(">="), c.version);
        BOOST_TEST(at_least(c.released_with, c.torch.substr(2) + ".0"), c.version);
    }
}

BOOST_AUTO_TEST_CASE(backends_audited_against_the_sources_are_in_the_dataset) {
    const Dataset& d = dataset();
    std::set<std::tuple<std::string, std::string, std::string, std::string>> have;
    for (const ReleaseBackend& b : d.backends) {
        have.emplace(b.torch, b.backend, b.os, b.arch);
    }
    const std::string audit = test::read_file(test::source_path("tests/data/backend_audit.tsv"));
    std::istringstream in(audit);
    std::string line;
    std::getline(in, line); // header
    std::size_t audited = 0;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string torch, backend, os, arch, source;
        std::getline(fields, torch, '\t');
        std::getline(fields, backend, '\t');
        std::getline(fields, os, '\t');
        std::getline(fields, arch, '\t');
        std::getline(fields, source);
        BOOST_TEST(have.contains({torch, backend, os, arch}),
                   torch << "+" << backend << " " << os << " " << arch << " (" << source << ")");
        ++audited;
    }
    BOOST_TEST(audited >= 110u);
}

BOOST_AUTO_TEST_CASE(projected_builds_are_only_those_of_the_unverified_release) {
    // "projected" (nightlies and plans) and "possible" (nightlies, with sources against it: only
    // 2.15.0's cu134, facts.md B1) are a build's only evidence, and only 2.15.0's.
    const Dataset& d = dataset();
    for (const ReleaseBackend& b : d.backends) {
        const bool projected = b.evidence.contains("projected");
        const bool possible = b.evidence.contains("possible");
        if (projected || possible) {
            BOOST_TEST(b.torch == "2.15.0");
            BOOST_TEST(b.evidence.size() == 1u, "the only evidence of " << b.torch);
            BOOST_TEST(b.backend != "cu126", "CUDA 12.6 builds ended before 2.15");
            BOOST_TEST(possible == (b.backend == "cu134"), b.backend << " " << b.os);
        } else {
            BOOST_TEST(b.torch != "2.15.0", "2.15.0+" << b.backend << " is not verified");
        }
    }
    BOOST_TEST(!d.backends_of("2.15.0", "linux", "x86_64").empty());
    // What the nightlies built (facts.md B1) is in the projection.
    BOOST_TEST(d.backends_of("2.15.0", "linux", "aarch64") ==
               (StringSet{"cpu", "cu130", "cu132", "cu134"}));
    BOOST_TEST(d.backends_of("2.15.0", "linux", "x86_64").contains("rocm10.0"));
    BOOST_TEST(d.backends_of("2.15.0", "linux", "x86_64").contains("xpu"));
    BOOST_TEST(d.backends_of("2.15.0", "windows", "x86_64").contains("xpu"));
}

BOOST_AUTO_TEST_CASE(python_3_15_is_no_release_target_while_cpython_3_15_final_is_unconfirmed) {
    // The decision of data/releases.toml's header: cp315 files are observed wheel rows (2.13.0,
    // 2.14.x on download.pytorch.org), not a release's `python`, until a source shows CPython
    // 3.15.0 final and a torch release targeting it; 2.15.0's Pythons stay unknown.
    const Dataset& d = dataset();
    for (const auto& [torch, release] : d.releases) {
        for (const std::string& python : release.python) {
            BOOST_TEST(!python.starts_with("3.15"), torch << " lists " << python);
        }
    }
    BOOST_TEST_REQUIRE(d.release("2.15.0") != nullptr);
    BOOST_TEST(d.release("2.15.0")->python.empty());
}

BOOST_AUTO_TEST_SUITE_END()
