// `torchpin pep440 sort | match SPEC | normalize`: PEP 440 utilities over versions read from stdin.
#include "cli/commands.hpp"
#include "engine/base/text_scanner.hpp"
#include "engine/pep/specifier.hpp"
#include "engine/pep/version.hpp"
#include "engine/pep/version_sort.hpp"
#include "importers/input/text_input.hpp"

#include <iostream>

#include <nlohmann/json.hpp>

namespace torchpin::cli {

namespace {

struct Pep440Options {
    bool reverse = false;
    bool pre = false;
    std::string spec;
};

// The valid lines of the input: texts[i] as written (trimmed), parsed into versions[i].
struct InputVersions {
    std::vector<std::string> texts;
    std::vector<Version> versions;
};

// Reads one version per line; blank lines are skipped, invalid ones reported on stderr.
InputVersions read_versions(std::istream& in, bool& had_errors) {
    const TextInput input = TextInput::read_stream(in, "<stdin>");
    InputVersions read;
    for (const TextLine& line : input.lines()) {
        const std::string_view text = trim_ascii(line.text);
        if (text.empty()) {
            continue;
        }
        if (auto v = Version::parse(line.text)) {
            read.texts.emplace_back(text);
            read.versions.push_back(*std::move(v));
        } else {
            std::cerr << render(locate(v.error(), input.origin(), line.number)) << '\n';
            had_errors = true;
        }
    }
    return read;
}

void print(const GlobalOptions& global, const std::vector<std::string>& lines) {
    if (global.format == "json") {
        std::cout << nlohmann::json(lines).dump(2) << '\n';
        return;
    }
    for (const std::string& line : lines) {
        std::cout << line << '\n';
    }
}

int run(const GlobalOptions& global, const Pep440Options& options, std::string_view action) {
    require_format(global, "pep440", {"text", "json"});
    std::optional<SpecifierSet> spec;
    if (action == "match") {
        auto parsed = SpecifierSet::parse(options.spec);
        if (!parsed) {
            throw InputError(locate(parsed.error(), "<SPEC argument>"));
        }
        spec = *parsed;
    }
    bool had_errors = false;
    const InputVersions input = read_versions(std::cin, had_errors);
    std::vector<std::string> out;
    if (action == "sort") {
        std::vector<const Version*> order;
        for (const Version& v : input.versions) {
            order.push_back(&v);
        }
        sort_versions(order, options.reverse); // equal versions stay in input order
        for (const Version* v : order) {
            out.push_back(input.texts[static_cast<std::size_t>(v - input.versions.data())]);
        }
    } else if (action == "normalize") {
        for (const Version& v : input.versions) {
            out.push_back(v.to_string());
        }
    } else {
        const auto prereleases = options.pre ? std::optional<bool>(true) : std::nullopt;
        for (std::size_t i : spec->filter(input.versions, prereleases)) {
            out.push_back(input.texts[i]);
        }
    }
    print(global, out);
    return had_errors ? 2 : 0;
}

} // namespace

void setup_pep440(CLI::App& app, const GlobalOptions& global, CommandResult& result) {
    const auto define = [&global, &result](CLI::App& pep440) {
        auto options = std::make_shared<Pep440Options>();
        pep440.require_subcommand(1);

        CLI::App* sort = pep440.add_subcommand("sort", "Print the versions in PEP 440 order");
        sort->add_flag("--reverse", options->reverse, "Descending order");
        sort->callback(
            [&global, &result, options] { result.exit_code = run(global, *options, "sort"); });

        CLI::App* match = pep440.add_subcommand(
            "match", "Print the versions that satisfy SPEC (pre-releases by PEP 440's rules)");
        match
            ->add_option("SPEC", options->spec, "A specifier set such as '>=2.1,<2.4' or '==2.1.*'")
            ->required();
        match->add_flag("--pre", options->pre, "Include pre-releases");
        match->callback(
            [&global, &result, options] { result.exit_code = run(global, *options, "match"); });

        CLI::App* normalize = pep440.add_subcommand("normalize", "Print each version normalized");
        normalize->callback(
            [&global, &result, options] { result.exit_code = run(global, *options, "normalize"); });
    };
    add_command(app, "pep440", "PEP 440 utilities on versions read from stdin, one per line",
                define);
}

} // namespace torchpin::cli
