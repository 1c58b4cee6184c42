// Plain-text test tables: split into rows and tab-separated fields, with \t and \n unescaped.
#include "tests/support/tables.hpp"

#include "tests/support/test_paths.hpp"

#include <sstream>

namespace torchpin::test {

namespace {

std::string unescape(const std::string& field) {
    std::string out;
    for (std::size_t i = 0; i < field.size(); ++i) {
        if (field[i] == '\\' && i + 1 < field.size() &&
            (field[i + 1] == 't' || field[i + 1] == 'n')) {
            out += field[i + 1] == 't' ? '\t' : '\n';
            ++i;
        } else {
            out += field[i];
        }
    }
    return out;
}

} // namespace

std::vector<std::vector<std::string>> read_table(const std::string& relative) {
    std::istringstream in(read_file(source_path("tests/data/" + relative)));
    std::vector<std::vector<std::string>> rows;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        std::vector<std::string> fields;
        std::size_t start = 0;
        for (std::size_t tab; (tab = line.find('\t', start)) != std::string::npos;
             start = tab + 1) {
            fields.push_back(unescape(line.substr(start, tab - start)));
        }
        fields.push_back(unescape(line.substr(start)));
        rows.push_back(std::move(fields));
    }
    return rows;
}

std::vector<std::string> read_lines(const std::string& relative) {
    std::vector<std::string> lines;
    for (auto& row : read_table(relative)) {
        lines.push_back(row.front());
    }
    return lines;
}

} // namespace torchpin::test
