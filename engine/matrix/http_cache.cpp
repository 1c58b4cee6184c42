// Reading and writing http_cache rows; a row counts only while its listing digest is current.
#include "engine/matrix/http_cache.hpp"

#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/matrix_schema.hpp"

#include <sstream>

namespace torchpin {

namespace {

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& word : words) {
        out += (out.empty() ? "" : " ") + word;
    }
    return out;
}

std::vector<std::string> split(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> words;
    for (std::string word; in >> word;) {
        words.push_back(word);
    }
    return words;
}

} // namespace

std::map<std::string, CachedPage> usable_cached_pages(sqlite::Database& db) {
    auto select = db.prepare(
        "SELECT c.url, c.etag, c.last_modified, c.listing_digest, c.backend_folders, "
        "c.fetched_at FROM http_cache c LEFT JOIN listing l ON l.table_name = ?1 "
        "AND l.name = c.url AND l.valid_to IS NULL WHERE l.content_digest IS c.listing_digest");
    select.bind(1, wheel_file_table().name);
    std::map<std::string, CachedPage> pages;
    while (select.step()) {
        CachedPage page{select.text(0),          select.optional_text(1), select.optional_text(2),
                        select.optional_text(3), split(select.text(4)),   select.text(5)};
        pages.emplace(page.url, std::move(page));
    }
    return pages;
}

void remember_page(sqlite::Database& db, const CachedPage& page) {
    db.prepare("INSERT OR REPLACE INTO http_cache (url, etag, last_modified, listing_digest, "
               "backend_folders, fetched_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        .bind(1, page.url)
        .bind(2, page.etag)
        .bind(3, page.last_modified)
        .bind(4, page.listing_digest)
        .bind(5, joined(page.backend_folders))
        .bind(6, page.fetched_at)
        .run();
}

void forget_page(sqlite::Database& db, const std::string& url) {
    db.prepare("DELETE FROM http_cache WHERE url = ?1").bind(1, url).run();
}

} // namespace torchpin
