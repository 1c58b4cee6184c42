// Random PEP 508 cases: pools of variables, values, names and URLs combined at random.
#include "tests/engine/pep/pep508_random_cases.hpp"

#include <cctype>
#include <random>
#include <sstream>

namespace torchpin::test {

namespace {

const std::vector<std::string> version_variables{"python_version", "python_full_version",
                                                 "implementation_version", "platform_release"};
const std::vector<std::string> string_variables{"os_name",
                                                "os.name",
                                                "sys_platform",
                                                "sys.platform",
                                                "platform_system",
                                                "platform_machine",
                                                "platform.machine",
                                                "platform_version",
                                                "platform.version",
                                                "implementation_name",
                                                "platform_python_implementation",
                                                "platform.python_implementation",
                                                "python_implementation",
                                                "extra"};
const std::vector<std::string> version_values{
    "3.8",    "3.9",    "3.10",         "3.11",          "3.12",   "3.13",
    "2.7",    "3",      "3.13.0rc1",    "3.12.0a5",      "3.11.4", "3.*",
    "3.10.*", " 3.11 ", "3.11.",        "v3.11",         "1!3.0",  "3.13.0.dev1",
    "6.1",    "22.6.0", "3.11.4+local", "6.1.0-18-amd64"};
const std::vector<std::string> string_values{
    "linux",   "Linux",      "win32",      "darwin",  "Darwin",
    "Windows", "x86_64",     "aarch64",    "AMD64",   "posix",
    "nt",      "cpython",    "CPython",    "PyPy",    "",
    "cuda",    "Opt_Einsum", "opt-einsum", "lin",     "x86_64 aarch64",
    "1.0",     "a\"b",       "it's",       "C:\\dir", "things @#4 dsfd ((("};
const std::vector<std::string> comparison_operators{"==", "==", "==", "!=",     "<",  "<=", ">",
                                                    ">=", ">=", "in", "not in", "~=", "==="};
const std::vector<std::string> package_names{"torch",  "torchvision", "nvidia-cudnn-cu12",
                                             "triton", "Foo.Bar_baz", "a",
                                             "A1",     "scikit_learn"};
const std::vector<std::string> extra_names{"opt-einsum", "Opt_Einsum", "cuda", "a", "B", "dev"};
const std::vector<std::string> urls{
    "https://download.pytorch.org/whl/cu121/torch-2.1.0%2Bcu121-cp311-cp311-linux_x86_64.whl",
    "git+https://github.com/pytorch/vision.git@v0.16.0",
    "file:///tmp/torch.whl",
    "https://example.com/name;v=1.1/?query=foo#blah",
    "gopher:/foo/com",
    "file:."};
const std::vector<std::string> specifier_versions{
    "2.1",  "2.1.0", "2.1.2",    "2.1.0rc1", "2.2.0.dev20240101", "2.0.post1", "1!2.0",
    "v2.1", "3.0.0", "9.1.0.70", "2"};

class CaseGenerator {
public:
    explicit CaseGenerator(std::uint32_t seed)
        : random_(seed) {}

    Pep508Case marker_case() { return finish(Pep508Case{false, marker(0), {}}); }
    Pep508Case requirement_case() { return finish(Pep508Case{true, requirement(), {}}); }

private:
    Pep508Case finish(Pep508Case c) {
        if (chance(0.08)) {
            c.text = mutate(c.text);
        }
        if (chance(0.01)) {
            c.text += "\n";
        }
        for (std::size_t i = 0; i < environments_per_case; ++i) {
            c.environments.push_back(environment());
        }
        return c;
    }

    std::size_t below(std::size_t n) {
        return std::uniform_int_distribution<std::size_t>(0, n - 1)(random_);
    }
    bool chance(double p) { return std::bernoulli_distribution(p)(random_); }
    std::string pick(const std::vector<std::string>& items) { return items[below(items.size())]; }
    std::string space() { return pick({"", " ", " ", " ", "  ", "\t"}); }
    // Around keywords, where "os_namein" would not parse.
    std::string keyword_space() { return chance(0.9) ? " " : space(); }

    std::string quoted(const std::string& value) {
        std::string body = value;
        if (chance(0.1) && !body.empty() && std::isalpha(static_cast<unsigned char>(body[0]))) {
            std::ostringstream hex;
            hex << "\\x" << std::hex << static_cast<int>(body[0]);
            body = hex.str() + body.substr(1);
        }
        const bool single = value.find('"') != std::string::npos ||
                            (value.find('\'') == std::string::npos && chance(0.5));
        return single ? "'" + body + "'" : "\"" + body + "\"";
    }

    std::string comparison() {
        const bool version = chance(0.45);
        const std::string variable = pick(version ? version_variables : string_variables);
        const std::string value = pick(chance(0.8) == version ? version_values : string_values);
        const std::string op = pick(comparison_operators);
        const std::string op_text = keyword_space() + op + keyword_space();
        const double form = std::uniform_real_distribution<double>(0, 1)(random_);
        if (form < 0.80) {
            return variable + op_text + quoted(value);
        }
        if (form < 0.92) {
            return quoted(value) + op_text + variable;
        }
        if (form < 0.96) {
            return variable + op_text + pick(string_variables);
        }
        return quoted(value) + op_text +
               quoted(pick({"os_name", "python_version", "sys_platform"}));
    }

    std::string term(int depth) {
        if (depth < 3 && chance(0.2)) {
            const std::string inner = "(" + space() + marker(depth + 1) + space() + ")";
            return chance(0.15) ? "(" + inner + ")" : inner;
        }
        if (chance(0.01)) {
            return "\"cuda\"" + keyword_space() + "in" + keyword_space() +
                   pick({"extras", "dependency_groups"});
        }
        return comparison();
    }

    std::string marker(int depth) {
        std::string out = space() + term(depth);
        const std::size_t more = below(depth == 0 ? 3 : 2);
        for (std::size_t i = 0; i < more; ++i) {
            out += keyword_space() + pick({"and", "and", "or"}) + keyword_space() + term(depth);
        }
        return out + space();
    }

    std::string specifier() {
        const std::string op = pick({"==", "==", "!=", ">=", ">=", "<=", ">", "<", "~=", "==="});
        std::string version = pick(specifier_versions);
        if (op == "===") {
            version = pick({"2.1.0-custom", "foobar", "2.1"});
        } else if ((op == "==" || op == "!=") && chance(0.25)) {
            version = pick({"2.1.*", "2.*", "2.1.2+cu121", "2.1.2+CPU"});
        }
        return op + space() + version;
    }

    std::string requirement() {
        std::string out = (chance(0.2) ? space() : "") +
                          (chance(0.01) ? std::string("foo_") : pick(package_names)) + space();
        if (chance(0.3)) {
            std::string list;
            const std::size_t count = below(4);
            for (std::size_t i = 0; i < count; ++i) {
                list += (i > 0 ? space() + "," + space() : "") + pick(extra_names);
            }
            out += "[" + space() + list + space() + "]" + space();
        }
        const bool has_marker = chance(0.5);
        if (chance(0.15)) {
            out += "@" + space() + pick(urls);
            return out + (has_marker ? pick({" ;", " ;", ";"}) + space() + marker(0) : space());
        }
        if (chance(0.7)) {
            std::string specs = specifier();
            const std::size_t more = below(3);
            for (std::size_t i = 0; i < more; ++i) {
                specs += space() + "," + space() + specifier();
            }
            specs += chance(0.05) ? "," : "";
            out += chance(0.2) ? "(" + space() + specs + space() + ")" : specs;
        }
        return out + (has_marker ? space() + ";" + space() + marker(0) : space());
    }

    std::string mutate(std::string text) {
        const std::string alphabet = "()\"' ;,=<>!~.@[]\tab_";
        const std::size_t at = below(text.size() + 1);
        switch (below(3)) {
        case 0:
            return text.insert(at, 1, alphabet[below(alphabet.size())]);
        case 1:
            return at < text.size() ? text.erase(at, 1) : text;
        default:
            return at < text.size() ? text.insert(at, 1, text[at]) : text;
        }
    }

    MarkerEnvironment environment() {
        MarkerEnvironment env;
        env.python_version = pick({"2.7", "3.8", "3.10", "3.11", "3.12", "3.13"});
        env.python_full_version =
            env.python_version + (env.python_version == "3.13" && chance(0.5) ? ".0rc1" : ".4");
        if (chance(0.03)) {
            env.python_full_version += "+";
        }
        env.implementation_version = env.python_full_version;
        env.implementation_name = pick({"cpython", "pypy"});
        env.platform_python_implementation = pick({"CPython", "PyPy"});
        env.os_name = chance(0.03) ? "1.0" : pick({"posix", "nt"});
        env.sys_platform = pick({"linux", "win32", "darwin"});
        env.platform_system = pick({"Linux", "Windows", "Darwin"});
        env.platform_machine = pick({"x86_64", "aarch64", "AMD64", "arm64"});
        env.platform_release = pick({"6.1.0-18-amd64", "22.6.0", "10", "5.15"});
        env.platform_version = pick({"#1 SMP", "Darwin Kernel Version 22.6.0", "10.0.19045"});
        env.extra = pick({"", "", "cuda", "Opt_Einsum", "opt-einsum", "dev"});
        return env;
    }

    std::mt19937 random_;
};

} // namespace

std::vector<Pep508Case> random_pep508_cases(std::uint32_t seed, std::size_t markers,
                                            std::size_t requirements) {
    CaseGenerator generator(seed);
    std::vector<Pep508Case> cases;
    for (std::size_t i = 0; i < markers; ++i) {
        cases.push_back(generator.marker_case());
    }
    for (std::size_t i = 0; i < requirements; ++i) {
        cases.push_back(generator.requirement_case());
    }
    return cases;
}

nlohmann::json environment_json(const MarkerEnvironment& env) {
    return {{"implementation_name", env.implementation_name},
            {"implementation_version", env.implementation_version},
            {"os_name", env.os_name},
            {"platform_machine", env.platform_machine},
            {"platform_release", env.platform_release},
            {"platform_system", env.platform_system},
            {"platform_version", env.platform_version},
            {"python_full_version", env.python_full_version},
            {"platform_python_implementation", env.platform_python_implementation},
            {"python_version", env.python_version},
            {"sys_platform", env.sys_platform},
            {"extra", env.extra}};
}

} // namespace torchpin::test
