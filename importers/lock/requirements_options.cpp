// split_requirements_line: break_args_options, shlex.split (POSIX mode) and optparse, as pip.
#include "importers/lock/requirements_options.hpp"

#include "engine/base/diagnostic.hpp"

#include <array>
#include <optional>

namespace torchpin {

namespace {

struct OptionSpec {
    RequirementsOption option;
    std::string_view long_name;
    char short_name; // '\0' for none
    bool takes_value;
};

constexpr std::array<OptionSpec, 17> option_specs{{
    {RequirementsOption::IndexUrl, "--index-url", 'i', true},
    {RequirementsOption::ExtraIndexUrl, "--extra-index-url", '\0', true},
    {RequirementsOption::NoIndex, "--no-index", '\0', false},
    {RequirementsOption::Constraint, "--constraint", 'c', true},
    {RequirementsOption::Requirement, "--requirement", 'r', true},
    {RequirementsOption::Editable, "--editable", 'e', true},
    {RequirementsOption::FindLinks, "--find-links", 'f', true},
    {RequirementsOption::NoBinary, "--no-binary", '\0', true},
    {RequirementsOption::OnlyBinary, "--only-binary", '\0', true},
    {RequirementsOption::PreferBinary, "--prefer-binary", '\0', false},
    {RequirementsOption::RequireHashes, "--require-hashes", '\0', false},
    {RequirementsOption::Pre, "--pre", '\0', false},
    {RequirementsOption::TrustedHost, "--trusted-host", '\0', true},
    {RequirementsOption::UseFeature, "--use-feature", '\0', true},
    {RequirementsOption::GlobalOption, "--global-option", '\0', true},
    {RequirementsOption::Hash, "--hash", '\0', true},
    {RequirementsOption::ConfigSettings, "--config-settings", '\0', true},
}};

struct Word {
    std::string text;
    std::size_t offset = 0;
};

class LineOptionsParser {
public:
    LineOptionsParser(const TextInput& input, const RequirementsLine& line)
        : input_(input)
        , line_(line) {}

    [[noreturn]] void reject(std::size_t offset, std::string message) const {
        throw InputError(diagnostic_in(input_, line_, offset, std::move(message)));
    }

    // shlex.split in POSIX mode: whitespace separates words; '...' is literal; "..." keeps a
    // backslash unless it escapes '"' or '\'; outside quotes a backslash escapes any character.
    std::vector<Word> shell_words(std::size_t from) const {
        const std::string& text = line_.text();
        std::vector<Word> words;
        std::optional<Word> word;
        for (std::size_t i = from; i < text.size(); ++i) {
            const char c = text[i];
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                if (word) {
                    words.push_back(std::move(*word));
                    word.reset();
                }
                continue;
            }
            if (!word) {
                word = Word{"", i};
            }
            if (c == '\\') {
                if (i + 1 == text.size()) {
                    reject(i, "no character after this backslash");
                }
                word->text += text[++i];
            } else if (c == '\'' || c == '"') {
                const std::size_t open = i;
                for (++i;; ++i) {
                    if (i == text.size()) {
                        reject(open, std::string("no closing quotation (") + c + ")");
                    }
                    if (text[i] == c) {
                        break;
                    }
                    if (c == '"' && text[i] == '\\' && i + 1 < text.size() &&
                        (text[i + 1] == '"' || text[i + 1] == '\\')) {
                        ++i;
                    }
                    word->text += text[i];
                }
            } else {
                word->text += c;
            }
        }
        if (word) {
            words.push_back(std::move(*word));
        }
        return words;
    }

    // optparse's _match_abbrev: an exact long name, else the one name it is a prefix of.
    const OptionSpec& long_option(std::string_view name, std::size_t offset) const {
        std::vector<const OptionSpec*> candidates;
        for (const OptionSpec& spec : option_specs) {
            if (spec.long_name == name) {
                return spec;
            }
            if (spec.long_name.starts_with(name)) {
                candidates.push_back(&spec);
            }
        }
        if (candidates.size() == 1) {
            return *candidates.front();
        }
        if (candidates.empty()) {
            reject(offset, "no such option: " + std::string(name));
        }
        std::string names;
        for (const OptionSpec* spec : candidates) {
            names += (names.empty() ? "" : ", ") + std::string(spec->long_name);
        }
        reject(offset, "ambiguous option: " + std::string(name) + " (" + names + "?)");
    }

    const OptionSpec& short_option(char name, std::size_t offset) const {
        for (const OptionSpec& spec : option_specs) {
            if (spec.short_name == name && name != '\0') {
                return spec;
            }
        }
        reject(offset, std::string("no such option: -") + name);
    }

    SplitRequirementsLine split() const {
        const std::string& text = line_.text();
        std::size_t options_start = 0;
        while (options_start < text.size() && text[options_start] != '-') {
            const std::size_t space = text.find(' ', options_start);
            options_start = space == std::string::npos ? text.size() : space + 1;
        }
        SplitRequirementsLine split;
        std::string_view requirement = std::string_view(text).substr(0, options_start);
        while (!requirement.empty() && requirement.back() == ' ') {
            requirement.remove_suffix(1);
        }
        split.requirement = requirement;
        const std::vector<Word> words = shell_words(options_start);
        for (std::size_t i = 0; i < words.size(); ++i) {
            const Word& word = words[i];
            if (word.text == "--") {
                for (++i; i < words.size(); ++i) {
                    split.stray_words.push_back(StrayWord{words[i].text, words[i].offset});
                }
                break;
            }
            if (word.text.size() < 2 || word.text[0] != '-') {
                split.stray_words.push_back(StrayWord{word.text, word.offset});
                continue;
            }
            if (word.text[1] == '-') {
                const std::size_t equals = word.text.find('=');
                const OptionSpec& spec =
                    long_option(std::string_view(word.text).substr(0, equals), word.offset);
                OptionUse use{spec.option, std::string(spec.long_name), "", word.offset};
                if (equals != std::string::npos) {
                    if (!spec.takes_value) {
                        reject(word.offset, use.spelled + " option does not take a value");
                    }
                    use.value = word.text.substr(equals + 1);
                } else if (spec.takes_value) {
                    if (i + 1 == words.size()) {
                        reject(word.offset, use.spelled + " option requires 1 argument");
                    }
                    use.value = words[++i].text;
                }
                split.options.push_back(std::move(use));
                continue;
            }
            for (std::size_t k = 1; k < word.text.size(); ++k) {
                const OptionSpec& spec = short_option(word.text[k], word.offset);
                OptionUse use{spec.option, std::string(spec.long_name), "", word.offset};
                if (spec.takes_value) {
                    if (k + 1 < word.text.size()) {
                        use.value = word.text.substr(k + 1);
                    } else if (i + 1 < words.size()) {
                        use.value = words[++i].text;
                    } else {
                        reject(word.offset,
                               std::string("-") + word.text[k] + " option requires 1 argument");
                    }
                    split.options.push_back(std::move(use));
                    break;
                }
                split.options.push_back(std::move(use));
            }
        }
        return split;
    }

private:
    const TextInput& input_;
    const RequirementsLine& line_;
};

} // namespace

bool is_per_requirement(RequirementsOption option) noexcept {
    return option == RequirementsOption::GlobalOption || option == RequirementsOption::Hash ||
           option == RequirementsOption::ConfigSettings;
}

SplitRequirementsLine split_requirements_line(const TextInput& input,
                                              const RequirementsLine& line) {
    return LineOptionsParser(input, line).split();
}

} // namespace torchpin
