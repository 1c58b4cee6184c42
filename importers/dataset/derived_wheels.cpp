// Naming rules read from TOML, checked against their evidence, applied to the build matrix.
#include "importers/dataset/derived_wheels.hpp"

#include "engine/base/sha256.hpp"
#include "engine/matrix/compat_matrix.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/matrix_schema.hpp"
#include "engine/pep/wheel_filename.hpp"
#include "importers/input/text_input.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <string_view>

#include <toml++/toml.h>

namespace torchpin {

namespace {

constexpr std::string_view download_base = "https://download.pytorch.org/whl/";

constexpr std::array rule_keys{"torch",       "backend", "os",       "arch",     "python",
                               "local_label", "abi",     "platform", "evidence", "cites"};

[[noreturn]] void reject_at(const Diagnostic& position, std::string message) {
    Diagnostic diagnostic = position;
    diagnostic.message = std::move(message);
    throw InputError(std::move(diagnostic));
}

// "cp311" -> CPython 3.11, and with the ABI "cp314t" after "cp314", free-threaded 3.14;
// nullopt for anything else.
std::optional<PythonTarget> python_of_tag(std::string_view interpreter, std::string_view abi) {
    if (!interpreter.starts_with("cp3") || interpreter.size() < 4) {
        return std::nullopt;
    }
    const bool free_threaded =
        abi.size() == interpreter.size() + 1 && abi.starts_with(interpreter) && abi.ends_with('t');
    const auto parsed = PythonTarget::parse("cp3." + std::string(interpreter.substr(3)) +
                                            (free_threaded ? "t" : ""));
    return parsed ? std::optional(*parsed) : std::nullopt;
}

// Identity of a wheel for "already observed": its name, version, build tag and expanded tags.
std::string wheel_key(const WheelFilename& wheel) {
    std::vector<std::string> tags;
    for (const Tag& tag : wheel.tags()) {
        tags.push_back(tag.to_string());
    }
    std::sort(tags.begin(), tags.end());
    std::string key = wheel.name().normalized() + ' ' + wheel.version().to_string() + ' ' +
                      (wheel.build_tag() ? wheel.build_tag()->to_string() : "");
    for (const std::string& tag : tags) {
        key += ' ' + tag;
    }
    return key;
}

std::set<std::string> wheel_keys(const std::vector<IndexFile>& files) {
    std::set<std::string> keys;
    for (const IndexFile& file : files) {
        keys.insert(wheel_key(file.wheel));
    }
    return keys;
}

std::string percent_encode_plus(std::string_view name) {
    std::string out;
    for (const char c : name) {
        out += c == '+' ? std::string("%2B") : std::string(1, c);
    }
    return out;
}

class RuleFileReader {
public:
    explicit RuleFileReader(const std::filesystem::path& path)
        : input_(TextInput::read_file(path)) {}

    Diagnostic position(const toml::source_region& where) const {
        const std::size_t line = where.begin.line;
        std::string source_line;
        if (line >= 1 && line <= input_.lines().size()) {
            source_line = std::string(input_.lines()[line - 1].text);
        }
        return Diagnostic{input_.origin(), line, where.begin.column, "", source_line};
    }

    [[noreturn]] void reject(const toml::source_region& where, std::string message) const {
        reject_at(position(where), std::move(message));
    }

    toml::table parse() const {
        try {
            return toml::parse(input_.content(), input_.origin());
        } catch (const toml::parse_error& e) {
            reject(e.source(), std::string("invalid TOML: ") + std::string(e.description()));
        }
    }

    const toml::node& required(const toml::table& entry, const char* key) const {
        const toml::node* value = entry.get(key);
        if (value == nullptr) {
            reject(entry.source(), std::string("a rule needs \"") + key + "\"");
        }
        return *value;
    }

    std::string text(const toml::table& entry, const char* key) const {
        const toml::node& value = required(entry, key);
        const auto* string = value.as_string();
        if (string == nullptr || string->get().empty()) {
            reject(value.source(), std::string("\"") + key + "\" must be a non-empty string");
        }
        return string->get();
    }

    std::vector<std::string> list(const toml::table& entry, const char* key) const {
        const toml::node& value = required(entry, key);
        const auto* array = value.as_array();
        std::vector<std::string> out;
        if (array != nullptr) {
            for (const toml::node& item : *array) {
                const auto* string = item.as_string();
                if (string == nullptr || string->get().empty() ||
                    string->get().find(' ') != std::string::npos) {
                    reject(item.source(), std::string("\"") + key +
                                              "\" must list non-empty strings without spaces");
                }
                out.push_back(string->get());
            }
        }
        if (out.empty()) {
            reject(value.source(), std::string("\"") + key + "\" must list at least one string");
        }
        return out;
    }

    WheelNamingRule rule_of(const toml::table& entry,
                            const std::set<std::string>& known_citations) const {
        for (const auto& [key, value] : entry) {
            if (std::find(rule_keys.begin(), rule_keys.end(), key.str()) == rule_keys.end()) {
                reject(key.source(), "unknown key \"" + std::string(key.str()) + "\" in a rule");
            }
        }
        WheelNamingRule rule;
        rule.position = position(entry.source());
        const std::string torch = text(entry, "torch");
        const auto specifiers = SpecifierSet::parse(torch);
        if (!specifiers || specifiers->empty()) {
            reject(required(entry, "torch").source(),
                   "\"torch\" must be a PEP 440 specifier set such as \"==2.7.1\"");
        }
        rule.torch = *specifiers;
        const auto backend = Backend::parse(text(entry, "backend"));
        if (!backend) {
            reject(required(entry, "backend").source(),
                   "\"backend\" must be a backend label such as \"cu128\": " +
                       backend.error().message);
        }
        rule.backend = *backend;
        const auto os = parse_operating_system(text(entry, "os"));
        if (!os) {
            reject(required(entry, "os").source(), "\"os\" must be linux, windows or macos");
        }
        rule.os = *os;
        const auto arch = parse_cpu_arch(text(entry, "arch"));
        if (!arch) {
            reject(required(entry, "arch").source(),
                   "\"arch\" must be a CPU such as x86_64 or aarch64");
        }
        rule.arch = *arch;
        if (entry.contains("python")) {
            const auto pythons = SpecifierSet::parse(text(entry, "python"));
            if (!pythons) {
                reject(required(entry, "python").source(),
                       "\"python\" must be a PEP 440 specifier set such as \"<3.14\"");
            }
            rule.pythons = *pythons;
        }
        const toml::node& label = required(entry, "local_label");
        if (!label.is_boolean()) {
            reject(label.source(), "\"local_label\" must be true or false");
        }
        rule.local_label = label.as_boolean()->get();
        const std::string abi = text(entry, "abi");
        if (abi != "cp" && abi != "none") {
            reject(required(entry, "abi").source(), "\"abi\" must be \"cp\" or \"none\"");
        }
        rule.abi_none = abi == "none";
        rule.platform = text(entry, "platform");
        rule.evidence = list(entry, "evidence");
        for (const std::string& id : list(entry, "cites")) {
            if (!known_citations.contains(id)) {
                reject(required(entry, "cites").source(),
                       "unknown citation \"" + id + "\" (cite an id from the citation table)");
            }
            rule.cites += (rule.cites.empty() ? "" : " ") + id;
        }
        check_reproduces_evidence(rule, required(entry, "evidence").source());
        return rule;
    }

private:
    // Every evidence name must be exactly the name the rule gives its version and python; the
    // releases it shows bound the rule's (all evidence, and the free-threaded evidence).
    void check_reproduces_evidence(WheelNamingRule& rule, const toml::source_region& where) const {
        std::optional<std::pair<Version, Version>> span;
        for (const std::string& evidence : rule.evidence) {
            const auto wheel = WheelFilename::parse(evidence);
            if (!wheel) {
                reject(where, "evidence \"" + evidence +
                                  "\" is not a valid wheel file name: " + wheel.error().message);
            }
            const auto& tags = wheel->tags();
            const auto python = tags.size() == 1
                                    ? python_of_tag(tags.front().interpreter(), tags.front().abi())
                                    : std::nullopt;
            const Version release = wheel->version().public_version();
            const auto expected =
                python && rule.torch.contains(release) && rule.covers_python(*python)
                    ? rule.file_name(release, *python)
                    : std::nullopt;
            if (wheel->name().normalized() != "torch" || expected != evidence) {
                reject(where, "the rule does not name its evidence \"" + evidence + "\"" +
                                  (expected ? " (it would name \"" + *expected + "\")" : ""));
            }
            widen(span, release);
            if (python->is_free_threaded()) {
                widen(rule.free_threaded_evidence, release);
            }
        }
        rule.oldest_evidence = span->first;
        rule.newest_evidence = span->second;
    }

    static void widen(std::optional<std::pair<Version, Version>>& span, const Version& release) {
        if (!span) {
            span.emplace(release, release);
        }
        span->first = std::min(span->first, release);
        span->second = std::max(span->second, release);
    }

    TextInput input_;
};

std::optional<std::size_t> column_index(const TableSpec& table, std::string_view column) {
    const auto columns = table.columns();
    for (std::size_t i = 0; i < columns.size(); ++i) {
        if (columns[i].name == column) {
            return i;
        }
    }
    return std::nullopt;
}

// Each row of the listings of `table`, with the values of `columns` (empty when NULL).
template <class Visit>
void for_each_row(const std::vector<ListingImport>& listings, const TableSpec& table,
                  const std::vector<std::string_view>& columns, Visit visit) {
    std::vector<std::size_t> indices;
    for (const std::string_view column : columns) {
        indices.push_back(column_index(table, column).value());
    }
    for (const ListingImport& listing : listings) {
        if (listing.table != &table) {
            continue;
        }
        for (const RowValues& row : listing.rows) {
            std::vector<std::string> values;
            for (const std::size_t i : indices) {
                values.push_back(row[i].value_or(""));
            }
            visit(listing.name, values);
        }
    }
}

std::optional<Version> release_version(const std::string& text) {
    const auto version = Version::parse(text);
    if (!version || !version->local_label().empty()) {
        return std::nullopt;
    }
    return *version;
}

std::string build_key(const Version& torch, const Backend& backend, OperatingSystem os,
                      CpuArch arch) {
    return torch.to_string() + ' ' + backend.to_string() + ' ' + std::string(name(os)) + ' ' +
           std::string(name(arch));
}

// The observed files of the PyTorch index by the build and Python they are for, to find one that
// contradicts a rule.
class ObservedByPython {
public:
    explicit ObservedByPython(const std::vector<IndexFile>& observed) {
        for (const IndexFile& file : observed) {
            const auto build = build_shown_by(file);
            const auto& tags = file.wheel.tags();
            if (build && tags.size() == 1) {
                files_.emplace(build_key(build->torch, build->backend, build->os, build->arch) +
                                   ' ' + tags.front().interpreter() + '-' + tags.front().abi(),
                               &file);
            }
        }
    }

    // An observed file for this build and Python (its interpreter and own ABI tag), or nullptr.
    const IndexFile* find(const ReleaseBuild& build, const PythonTarget& python) const {
        const auto it = files_.find(build_key(build.torch, build.backend, build.os, build.arch) +
                                    ' ' + python.interpreter() + '-' + python.abi());
        return it == files_.end() ? nullptr : it->second;
    }

private:
    std::map<std::string, const IndexFile*> files_;
};

// A rule's files stay within its evidence's releases: no rule extrapolates a naming.
void check_within_evidence(const WheelNamingRule& rule, const ReleaseBuild& build) {
    if (build.torch < rule.oldest_evidence || rule.newest_evidence < build.torch) {
        reject_at(rule.position, "the rule covers torch " + build.torch.to_string() + " " +
                                     build.backend.to_string() + " " + std::string(name(build.os)) +
                                     " " + std::string(name(build.arch)) +
                                     ", outside the releases of its evidence (" +
                                     rule.oldest_evidence.to_string() + " to " +
                                     rule.newest_evidence.to_string() + ")");
    }
}

// The one rule of `covering` (those that cover `build`) that names files for `python`, or
// nullptr; two are an error at the second.
const WheelNamingRule* rule_for_python(const std::vector<const WheelNamingRule*>& covering,
                                       const ReleaseBuild& build, const PythonTarget& python) {
    const WheelNamingRule* rule = nullptr;
    for (const WheelNamingRule* candidate : covering) {
        if (!candidate->covers_python(python)) {
            continue;
        }
        if (rule != nullptr) {
            reject_at(candidate->position,
                      "this rule and the rule on line " + std::to_string(rule->position.line) +
                          " both name torch " + build.torch.to_string() + " " +
                          build.backend.to_string() + " files for " + std::string(name(build.os)) +
                          " " + std::string(name(build.arch)) + " and Python " +
                          std::to_string(python.major) + "." + std::to_string(python.minor));
        }
        rule = candidate;
    }
    return rule;
}

} // namespace

std::optional<std::string> WheelNamingRule::file_name(const Version& version,
                                                      const PythonTarget& python) const {
    const std::string interpreter = python.interpreter();
    const std::string abi = python.abi();
    const bool own_abi = abi == interpreter || (python.is_free_threaded() && !abi_none);
    if (python.implementation != PythonImplementation::CPython || !own_abi) {
        return std::nullopt;
    }
    return "torch-" + version.public_version().to_string() +
           (local_label ? "+" + backend.to_string() : "") + "-" + interpreter + "-" +
           (abi_none ? "none" : abi) + "-" + platform + ".whl";
}

bool WheelNamingRule::names_free_threaded(const Version& version,
                                          const PythonTarget& target) const {
    return !target.is_free_threaded() ||
           (free_threaded_evidence && !(version < free_threaded_evidence->first) &&
            !(free_threaded_evidence->second < version));
}

bool WheelNamingRule::covers_python(const PythonTarget& target) const {
    return pythons.contains(
        Version::from(std::to_string(target.major) + "." + std::to_string(target.minor)));
}

bool WheelNamingRule::covers(const Version& version, const Backend& build_backend,
                             OperatingSystem build_os, CpuArch build_arch) const {
    return backend == build_backend && os == build_os && arch == build_arch &&
           torch.contains(version);
}

std::string_view name(GapReason reason) noexcept {
    switch (reason) {
    case GapReason::NoRule:
        return "no-rule";
    case GapReason::NoPythonList:
        return "no-python-list";
    case GapReason::FlaggedAbi:
        return "flagged-abi";
    }
    return "";
}

std::vector<WheelNamingRule> read_wheel_naming_rules(const std::filesystem::path& path,
                                                     const std::set<std::string>& known_citations) {
    const RuleFileReader reader(path);
    const toml::table document = reader.parse();
    std::vector<WheelNamingRule> rules;
    for (const auto& [key, value] : document) {
        const auto* entries = value.as_array();
        if (key.str() != "rule" || entries == nullptr || !entries->is_array_of_tables()) {
            reader.reject(key.source(), "a rules file holds only [[rule]] entries");
        }
        for (const toml::node& node : *entries) {
            rules.push_back(reader.rule_of(*node.as_table(), known_citations));
        }
    }
    return rules;
}

void check_rule_evidence(const std::vector<WheelNamingRule>& rules,
                         const std::vector<IndexFile>& observed) {
    const std::set<std::string> keys = wheel_keys(observed);
    for (const WheelNamingRule& rule : rules) {
        for (const std::string& evidence : rule.evidence) {
            if (!keys.contains(wheel_key(WheelFilename::from(evidence)))) {
                reject_at(rule.position,
                          "evidence \"" + evidence + "\" is not a file of any observed listing");
            }
        }
    }
}

DerivedWheels derive_wheel_files(const std::vector<ReleasePythons>& releases,
                                 const std::vector<ReleaseBuild>& builds,
                                 const std::vector<WheelNamingRule>& rules,
                                 const std::vector<IndexFile>& observed) {
    std::map<Version, const ReleasePythons*> by_release;
    for (const ReleasePythons& release : releases) {
        by_release.try_emplace(release.torch, &release);
    }
    const std::set<std::string> observed_keys = wheel_keys(observed);
    const ObservedByPython observed_by_python(observed);
    std::set<std::string> derived_urls;
    DerivedWheels out;
    for (const ReleaseBuild& build : builds) {
        std::vector<const WheelNamingRule*> covering;
        for (const WheelNamingRule& candidate : rules) {
            if (candidate.covers(build.torch, build.backend, build.os, build.arch)) {
                check_within_evidence(candidate, build);
                covering.push_back(&candidate);
            }
        }
        if (covering.empty()) {
            out.gaps.push_back({build, std::nullopt, GapReason::NoRule});
            continue;
        }
        const auto release = by_release.find(build.torch);
        if (release == by_release.end() || release->second->pythons.empty()) {
            out.gaps.push_back({build, std::nullopt, GapReason::NoPythonList});
            continue;
        }
        const std::string directory = build.backend.index_directory();
        for (const PythonTarget& python : release->second->pythons) {
            const WheelNamingRule* rule = rule_for_python(covering, build, python);
            if (rule == nullptr) {
                out.gaps.push_back({build, python, GapReason::NoRule});
                continue;
            }
            const auto file_name = rule->names_free_threaded(build.torch, python)
                                       ? rule->file_name(build.torch, python)
                                       : std::nullopt;
            if (!file_name) {
                out.gaps.push_back({build, python, GapReason::FlaggedAbi});
                continue;
            }
            auto wheel = WheelFilename::parse(*file_name);
            if (!wheel) {
                reject_at(rule->position,
                          "the rule names \"" + *file_name +
                              "\", which is no valid wheel name: " + wheel.error().message);
            }
            if (observed_keys.contains(wheel_key(*wheel))) {
                ++out.already_observed;
                continue;
            }
            if (const IndexFile* other = observed_by_python.find(build, python)) {
                reject_at(rule->position, "the rule names " + *file_name + ", but the observed " +
                                              other->wheel.to_string() + " (" + other->listing +
                                              ") is that build's file for " + python.abi());
            }
            std::string url =
                std::string(download_base) + directory + "/" + percent_encode_plus(*file_name);
            if (!derived_urls.insert(url).second) {
                continue; // the same build listed twice
            }
            out.files.push_back(IndexFile{
                .listing = std::string(download_base) + directory + "/torch/",
                .wheel = std::move(*wheel),
                .backend = build.backend,
                .url = std::move(url),
                .sha256 = std::nullopt,
                .requires_python = std::nullopt,
                .yanked = false,
                .yanked_reason = "",
                .core_metadata = std::nullopt,
                .upload_time = std::nullopt,
                .provenance = Provenance::Derived,
                .seen_in = "named by the rule on line " + std::to_string(rule->position.line),
            });
        }
    }
    std::sort(out.files.begin(), out.files.end(),
              [](const IndexFile& a, const IndexFile& b) { return a.url < b.url; });
    return out;
}

std::vector<ReleaseBuild> builds_shown_by(const std::vector<IndexFile>& observed) {
    std::vector<ReleaseBuild> out;
    std::set<std::string> seen;
    for (const IndexFile& file : observed) {
        const auto build = build_shown_by(file);
        if (build &&
            seen.insert(build_key(build->torch, build->backend, build->os, build->arch)).second) {
            out.push_back(ReleaseBuild{build->torch, build->backend, build->os, build->arch});
        }
    }
    return out;
}

std::vector<ReleasePythons> release_pythons_from(const std::vector<ListingImport>& listings,
                                                 std::vector<std::string>& problems) {
    std::vector<ReleasePythons> out;
    for_each_row(
        listings, torch_release_table(), {"torch", "python"},
        [&](const std::string& listing, const std::vector<std::string>& values) {
            const auto torch = release_version(values[0]);
            ReleasePythons release{torch.value_or(Version::from("0")), {}};
            std::string problem = torch ? "" : "torch \"" + values[0] + "\" is not one release";
            for (const std::string_view entry : list_items(ValueType::PythonList, values[1])) {
                const auto python = PythonTarget::parse("cp" + std::string(entry));
                if (!problem.empty()) {
                    break;
                }
                if (!python || python->major != 3) {
                    problem = "python \"" + std::string(entry) + "\" is not 3.X or 3.Xt";
                    break;
                }
                release.pythons.push_back(*python);
            }
            if (!problem.empty()) {
                problems.push_back(listing + ": torch_release row skipped by the wheel " +
                                   "derivation: " + problem);
                return;
            }
            out.push_back(std::move(release));
        });
    return out;
}

std::vector<ReleaseBuild> release_builds_from(const std::vector<ListingImport>& listings,
                                              std::vector<std::string>& problems) {
    std::vector<ReleaseBuild> out;
    for_each_row(listings, release_backend_table(), {"torch", "backend", "os", "arch"},
                 [&](const std::string& listing, const std::vector<std::string>& values) {
                     const auto torch = release_version(values[0]);
                     const auto backend = Backend::parse(values[1]);
                     const auto os = parse_operating_system(values[2]);
                     const auto arch = parse_cpu_arch(values[3]);
                     if (!torch || !backend || !os || !arch) {
                         problems.push_back(listing + ": release_backend row (" + values[0] + ", " +
                                            values[1] + ", " + values[2] + ", " + values[3] +
                                            ") skipped by the wheel derivation: not one "
                                            "release, a known backend, os and arch");
                         return;
                     }
                     out.push_back(ReleaseBuild{*torch, *backend, *os, *arch});
                 });
    return out;
}

std::vector<ListingImport> derived_listings(const DerivedWheels& derived,
                                            const SourceInfo& source) {
    std::map<std::string, ListingImport> by_page;
    for (const IndexFile& file : derived.files) {
        auto [it, fresh] = by_page.try_emplace(file.listing);
        if (fresh) {
            it->second = ListingImport{&wheel_file_table(), file.listing, source, {}};
        }
        it->second.rows.push_back(to_row(file));
    }
    std::vector<ListingImport> out;
    for (auto& [page, listing] : by_page) {
        out.push_back(std::move(listing));
    }
    return out;
}

std::vector<ListingImport> derive_dataset_wheels(const std::filesystem::path& rules_path,
                                                 SourceInfo source,
                                                 const std::set<std::string>& known_citations,
                                                 const std::vector<ListingImport>& loaded,
                                                 std::vector<std::string>& warnings) {
    const std::vector<WheelNamingRule> rules = read_wheel_naming_rules(rules_path, known_citations);
    std::vector<IndexFile> on_index; // observed files of the PyTorch index, not PyPI's or AMD's
    Sha256 digest;
    digest.update(TextInput::read_file(rules_path).content());
    for (const ListingImport& listing : loaded) {
        const TableSpec* table = listing.table;
        if (table != &wheel_file_table() && table != &torch_release_table() &&
            table != &release_backend_table()) {
            continue;
        }
        digest.update("\n" + table->name + '\t' + listing.name + '\t' +
                      content_digest(listing.rows, *table));
        if (table == &wheel_file_table()) {
            for (const RowValues& row : listing.rows) {
                IndexFile file = wheel_file_from_row(listing.name, row);
                if (file.provenance == Provenance::Observed &&
                    on_pytorch_index(file, listing.source.kind == "wheel-list")) {
                    on_index.push_back(std::move(file));
                }
            }
        }
    }
    check_rule_evidence(rules, on_index);
    std::vector<ReleaseBuild> builds = release_builds_from(loaded, warnings);
    for (ReleaseBuild& build : builds_shown_by(on_index)) {
        builds.push_back(std::move(build));
    }
    DerivedWheels derived =
        derive_wheel_files(release_pythons_from(loaded, warnings), builds, rules, on_index);
    for (IndexFile& file : derived.files) {
        file.seen_in = *file.seen_in + " of " + source.uri;
    }
    source.digest = digest.hex();
    return derived_listings(derived, source);
}

} // namespace torchpin
