// The catalog of check's rules and doctor's findings against itself and against the files that
// document it: docs/checks.md's rule table, docs/doctor.md's findings table, and the id lists of
// check's and doctor's JSON schemas.
#include "engine/check/check_finding.hpp"
#include "engine/check/finding_catalog.hpp"
#include "tests/support/test_paths.hpp"

#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

using namespace torchpin;

namespace {

// The cells of a Markdown table row, trimmed: "| a | b |" -> {"a", "b"}.
std::vector<std::string> cells(const std::string& row) {
    std::vector<std::string> out;
    std::size_t start = 1;
    for (std::size_t bar = row.find('|', start); bar != std::string::npos;
         bar = row.find('|', start)) {
        std::string cell = row.substr(start, bar - start);
        const auto first = cell.find_first_not_of(' ');
        const auto last = cell.find_last_not_of(' ');
        out.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
        start = bar + 1;
    }
    return out;
}

// The rows of the table under the heading `heading` ("## Rules"), without its header and rule.
std::vector<std::vector<std::string>> table_under(const std::string& page,
                                                  const std::string& heading) {
    std::istringstream in(page);
    std::vector<std::vector<std::string>> rows;
    bool in_section = false;
    std::string line;
    while (std::getline(in, line)) {
        if (line.starts_with("## ")) {
            in_section = line == heading;
        } else if (in_section && line.starts_with("| ")) {
            rows.push_back(cells(line));
        }
    }
    BOOST_TEST_REQUIRE(rows.size() > 1u, heading << " has no table");
    rows.erase(rows.begin()); // the header; the |---| line does not start with "| "
    return rows;
}

std::vector<std::string> all_matches(const std::string& text, const std::regex& pattern) {
    std::vector<std::string> out;
    for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) {
        out.push_back((*it)[1]);
    }
    return out;
}

const FindingKind* in_catalog(const std::string& id) {
    for (const FindingKind& kind : finding_catalog) {
        if (kind.id == id) {
            return &kind;
        }
    }
    return nullptr;
}

bool reported_by(const FindingKind& kind, Reporter who) {
    return kind.reported_by == who || kind.reported_by == Reporter::Both;
}

std::vector<std::string> ids_reported_by(Reporter who) {
    std::vector<std::string> ids;
    for (const FindingKind& kind : finding_catalog) {
        if (reported_by(kind, who)) {
            ids.emplace_back(kind.id);
        }
    }
    return ids;
}

// The `enum` at `pointer` of a schema in docs/schemas/.
std::vector<std::string> schema_enum(const std::string& file, const std::string& pointer) {
    const auto schema =
        nlohmann::json::parse(test::read_file(test::source_path("docs/schemas/" + file)));
    return schema.at(nlohmann::json::json_pointer(pointer)).get<std::vector<std::string>>();
}

} // namespace

BOOST_AUTO_TEST_SUITE(finding_catalog_entries)

BOOST_AUTO_TEST_CASE(ids_are_unique_kebab_case_with_a_summary_and_their_page) {
    const std::regex kebab("[a-z]+(-[a-z0-9]+)*");
    std::set<std::string_view> seen;
    for (const FindingKind& kind : finding_catalog) {
        BOOST_TEST(seen.insert(kind.id).second, kind.id << " is in the catalog twice");
        BOOST_TEST(std::regex_match(std::string(kind.id), kebab), kind.id);
        BOOST_TEST(!kind.summary.empty(), kind.id);
        const std::string page =
            reported_by(kind, Reporter::Check) ? "docs/checks.md#" : "docs/doctor.md#";
        BOOST_TEST(kind.docs == page + std::string(kind.id));
        BOOST_TEST((!kind.needs_target || reported_by(kind, Reporter::Check)), kind.id);
    }
}

BOOST_AUTO_TEST_CASE(check_rules_are_the_catalogs_check_entries_in_its_order) {
    std::vector<std::string_view> expected;
    for (const FindingKind& kind : finding_catalog) {
        if (reported_by(kind, Reporter::Check)) {
            expected.push_back(kind.id);
        }
    }
    std::vector<std::string_view> listed;
    for (const FindingKind& kind : check_rules()) {
        listed.push_back(kind.id);
    }
    BOOST_TEST(listed == expected, boost::test_tools::per_element());
    constexpr RuleId driver{"driver-too-old"};
    BOOST_TEST(check_rules()[driver.index()].id == "driver-too-old");
}

BOOST_AUTO_TEST_CASE(an_id_converts_between_reporters_only_where_both_report_it) {
    constexpr RuleId mixed{"mixed-backends"};
    BOOST_TEST_REQUIRE(mixed.as<Reporter::Doctor>().has_value());
    BOOST_TEST(mixed.as<Reporter::Doctor>()->name() == "mixed-backends");
    BOOST_TEST(!RuleId{"label-without-index"}.as<Reporter::Doctor>().has_value());
    BOOST_TEST(!DoctorFindingId{"missing-library"}.as<Reporter::Check>().has_value());
}

BOOST_AUTO_TEST_CASE(a_finding_takes_its_rules_severity) {
    BOOST_TEST(name(make_finding("yanked-file", SourceLocation{}, "m", "f").severity) == "warning");
    BOOST_TEST(name(make_finding("index-backend-mismatch", SourceLocation{}, "m", "f").severity) ==
               "error");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(finding_catalog_docs)

// | [`id`](#id) | severity | needs a target |, in the catalog's order, each with its ### heading.
BOOST_AUTO_TEST_CASE(checks_md_documents_every_check_rule_and_only_those) {
    const std::string page = test::read_file(test::source_path("docs/checks.md"));
    const std::regex id_cell(R"(\[`([a-z0-9-]+)`\]\(#([a-z0-9-]+)\))");
    std::vector<std::string> documented;
    for (const auto& row : table_under(page, "## Rules")) {
        BOOST_TEST_REQUIRE(row.size() == 3u);
        std::smatch m;
        BOOST_TEST_REQUIRE(std::regex_match(row[0], m, id_cell), row[0]);
        const std::string id = m[1];
        documented.push_back(id);
        const FindingKind* kind = in_catalog(id);
        BOOST_TEST_REQUIRE(kind != nullptr, id << " is documented but not in the catalog");
        BOOST_TEST(reported_by(*kind, Reporter::Check), id << " is not a check rule");
        BOOST_TEST(kind->docs == "docs/checks.md#" + std::string(m[2]), id);
        BOOST_TEST(page.find("\n### `" + id + "`\n") != std::string::npos,
                   id << " has no section for its anchor");
        BOOST_TEST(row[1].starts_with(std::string(name(kind->severity))),
                   id << ": documented as " << row[1] << ", catalog " << name(kind->severity));
        BOOST_TEST(row[2].starts_with(kind->needs_target ? "yes" : "no"), id << ": " << row[2]);
    }
    std::vector<std::string> catalog;
    for (const FindingKind& kind : check_rules()) {
        catalog.emplace_back(kind.id);
    }
    BOOST_TEST(documented == catalog, boost::test_tools::per_element());
}

// Doctor's own findings one per row with an <a id> anchor and a severity; check's rules that
// doctor reports in one row "as in `check`".
BOOST_AUTO_TEST_CASE(doctor_md_documents_every_doctor_finding_and_only_those) {
    const std::string page = test::read_file(test::source_path("docs/doctor.md"));
    const std::regex code_span("`([a-z0-9-]+)`");
    const std::regex anchor(R"re(<a id="([a-z0-9-]+)"></a>)re");
    std::set<std::string> documented;
    for (const auto& row : table_under(page, "## Findings")) {
        BOOST_TEST_REQUIRE(row.size() == 4u);
        const std::vector<std::string> ids = all_matches(row[0], code_span);
        BOOST_TEST_REQUIRE(!ids.empty(), row[0]);
        for (const std::string& id : ids) {
            BOOST_TEST(documented.insert(id).second, id << " is documented twice");
            const FindingKind* kind = in_catalog(id);
            BOOST_TEST_REQUIRE(kind != nullptr, id << " is documented but not in the catalog");
            BOOST_TEST(reported_by(*kind, Reporter::Doctor), id << " is not a doctor finding");
            if (kind->reported_by == Reporter::Both) {
                BOOST_TEST(row[1] == "as in `check`", id);
                continue;
            }
            BOOST_TEST(ids.size() == 1u, id << " shares a row with " << row[0]);
            BOOST_TEST(row[1] == name(kind->severity),
                       id << ": documented as " << row[1] << ", catalog " << name(kind->severity));
            BOOST_TEST(all_matches(row[0], anchor) == std::vector<std::string>{id},
                       id << " has no anchor of its own");
            BOOST_TEST(kind->docs == "docs/doctor.md#" + id);
        }
    }
    std::set<std::string> catalog;
    for (const FindingKind& kind : finding_catalog) {
        if (reported_by(kind, Reporter::Doctor)) {
            catalog.emplace(kind.id);
        }
    }
    BOOST_TEST(documented == catalog, boost::test_tools::per_element());
}

// The ids a JSON reader may meet: check's rule and doctor's finding ids, in the catalog's order.
BOOST_AUTO_TEST_CASE(the_json_schemas_list_the_catalogs_ids) {
    BOOST_TEST(
        schema_enum("check.schema.json",
                    "/properties/files/items/properties/findings/items/properties/rule/enum") ==
            ids_reported_by(Reporter::Check),
        boost::test_tools::per_element());
    BOOST_TEST(schema_enum("doctor.schema.json", "/properties/findings/items/properties/id/enum") ==
                   ids_reported_by(Reporter::Doctor),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()
