// Pep440Generator: random version and specifier spellings drawn from small pools so values collide.
#include "tests/support/pep440_generator.hpp"

namespace torchpin::test {

std::string Pep440Generator::number() {
    static const char* pool[] = {"0",  "1",  "2",   "3",  "9",  "10",
                                 "11", "20", "100", "01", "00", "2024"};
    if (chance(3)) {
        return std::to_string(pick(1000000000) * 1000000ULL); // large, still below 2^64
    }
    return pool[pick(std::size(pool))];
}

std::string Pep440Generator::separator() {
    static const char* pool[] = {"", "", ".", "-", "_"};
    return pool[pick(std::size(pool))];
}

std::string Pep440Generator::random_case(std::string word) {
    for (char& c : word) {
        if (chance(20) && c >= 'a' && c <= 'z') {
            c = static_cast<char>(c - 'a' + 'A');
        }
    }
    return word;
}

std::string Pep440Generator::release(std::size_t min_parts) {
    std::string out = number();
    const std::size_t parts = min_parts + pick(4);
    for (std::size_t i = 1; i < parts; ++i) {
        out += "." + number();
    }
    return out;
}

std::string Pep440Generator::pre() {
    static const char* letters[] = {"a", "b", "c", "rc", "alpha", "beta", "pre", "preview"};
    std::string out = separator() + random_case(letters[pick(std::size(letters))]);
    if (chance(80)) {
        out += separator() + number();
    }
    return out;
}

std::string Pep440Generator::post() {
    if (chance(25)) {
        return "-" + number();
    }
    static const char* words[] = {"post", "rev", "r"};
    std::string out = separator() + random_case(words[pick(std::size(words))]);
    if (chance(80)) {
        out += separator() + number();
    }
    return out;
}

std::string Pep440Generator::dev() {
    std::string out = separator() + random_case("dev");
    if (chance(80)) {
        out += separator() + number();
    }
    return out;
}

std::string Pep440Generator::local() {
    static const char* segments[] = {"cu121", "cu118", "cpu", "rocm5", "0",   "00", "1",
                                     "7",     "abc",   "ABC", "g1234", "xpu", "2"};
    static const char* seps[] = {".", "-", "_"};
    std::string out = "+" + std::string(segments[pick(std::size(segments))]);
    for (std::size_t i = pick(3); i > 0; --i) {
        out += seps[pick(std::size(seps))] + std::string(segments[pick(std::size(segments))]);
    }
    return out;
}

std::string Pep440Generator::version_text() {
    std::string out;
    if (chance(10)) {
        out += chance(50) ? "v" : "V";
    }
    if (chance(10)) {
        out += number() + "!";
    }
    out += release(1);
    if (chance(25)) {
        out += pre();
    }
    if (chance(20)) {
        out += post();
    }
    if (chance(20)) {
        out += dev();
    }
    if (chance(20)) {
        out += local();
    }
    if (chance(5)) {
        static const char* junk[] = {".", "+", "x", " 1", "..1", "-", "+a+", "!", "*"};
        out.insert(pick(out.size() + 1), junk[pick(std::size(junk))]);
    }
    if (chance(5)) {
        out = " \t" + out + "\n ";
    }
    return out;
}

std::string Pep440Generator::neighbour_of(const std::string& base) {
    std::string out = base;
    switch (pick(6)) {
    case 0:
        return out;
    case 1:
        return out + local();
    case 2:
        return out + post();
    case 3:
        return out + pre();
    case 4:
        return out + dev();
    default:
        return version_text();
    }
}

std::string Pep440Generator::specifier_text() {
    static const char* ops[] = {"==", "!=", "<=", ">=", "<", ">", "~=", "==="};
    const std::string op = ops[pick(std::size(ops))];
    std::string version;
    if (op == "===") {
        version = chance(80) ? release(1) + (chance(30) ? pre() : "") : "foobar";
    } else if ((op == "==" || op == "!=") && chance(30)) {
        version = (chance(10) ? "v" : "") + release(1);
        last_version_ = version;
        version += ".*";
    } else {
        version = (chance(5) ? "v" : "") + (chance(10) ? number() + "!" : "") +
                  release(op == "~=" ? 2 : 1);
        if (chance(25)) {
            version += pre();
        }
        if (chance(20)) {
            version += post();
        }
        if (chance(20)) {
            version += dev();
        }
        if ((op == "==" || op == "!=") && chance(25)) {
            version += local();
        }
        last_version_ = version;
    }
    if (op == "===") {
        last_version_ = version;
    }
    std::string out = op + (chance(15) ? " " : "") + version;
    if (chance(5)) {
        static const char* junk[] = {".*", "+x", " ", "=", ".", "*", ";"};
        out.insert(pick(out.size() + 1), junk[pick(std::size(junk))]);
    }
    return out;
}

std::string Pep440Generator::specifier_set_text() {
    std::string out = specifier_text();
    for (std::size_t i = pick(3); i > 0; --i) {
        out += std::string(chance(30) ? " , " : ",") + specifier_text();
    }
    return out;
}

} // namespace torchpin::test
