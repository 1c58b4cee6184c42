// Queries over the current (valid_to IS NULL) listings and wheel rows.
#include "engine/matrix/current_content.hpp"

namespace torchpin {

std::map<std::string, std::string> current_listing_digests(sqlite::Database& db,
                                                           const TableSpec& table) {
    auto select = db.prepare("SELECT name, content_digest FROM listing WHERE table_name = ?1 "
                             "AND valid_to IS NULL");
    select.bind(1, table.name);
    std::map<std::string, std::string> digests;
    while (select.step()) {
        digests.emplace(select.text(0), select.text(1));
    }
    return digests;
}

std::vector<std::string> current_backend_labels(sqlite::Database& db) {
    auto select = db.prepare("SELECT DISTINCT backend FROM wheel_file WHERE valid_to IS NULL "
                             "AND backend IS NOT NULL ORDER BY backend");
    std::vector<std::string> labels;
    while (select.step()) {
        labels.push_back(select.text(0));
    }
    return labels;
}

} // namespace torchpin
