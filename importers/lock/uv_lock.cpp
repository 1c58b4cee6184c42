// read_uv_lock: uv.lock's [[package]] tables, their sources, sdists and wheels.
#include "importers/lock/uv_lock.hpp"

#include "engine/base/text_scanner.hpp"
#include "importers/input/url_reference.hpp"
#include "importers/lock/lock_toml.hpp"

#include <algorithm>

namespace torchpin {

namespace {

// uv writes "sha256:<hex>"; other algorithms give no sha256.
std::vector<std::string> sha256_of(const std::string* hash) {
    constexpr std::string_view prefix = "sha256:";
    if (hash == nullptr || !hash->starts_with(prefix)) {
        return {};
    }
    std::string digest = hash->substr(prefix.size());
    std::ranges::transform(digest, digest.begin(), ascii_lower);
    return {digest};
}

std::string joined_markers(const LockToml& lock, const toml::array& markers) {
    std::vector<std::string> texts;
    for (const toml::node& marker : markers) {
        if (!marker.is_string()) {
            lock.reject(marker, "each resolution marker must be a string");
        }
        texts.push_back(marker.as_string()->get());
    }
    if (texts.size() == 1) {
        return texts.front();
    }
    std::string joined;
    for (const std::string& text : texts) {
        joined += (joined.empty() ? "(" : " or (") + text + ")";
    }
    return joined;
}

class UvLockReader {
public:
    explicit UvLockReader(const TextInput& input)
        : lock_(input) {}

    LockedRequirements read() {
        LockedRequirements result;
        result.path = lock_.input().origin();
        result.format = LockFormat::UvLock;
        const toml::table& document = lock_.document();
        if (const std::string* requires_python =
                lock_.optional_string(document, "requires-python")) {
            result.requires_python = *requires_python;
        }
        if (const toml::array* packages = lock_.optional_array(document, "package")) {
            for (const toml::node& item : *packages) {
                result.packages.push_back(package(lock_.table_item(item, "package"), result));
            }
        }
        return result;
    }

private:
    LockedFile file(const toml::table& entry, std::string_view array_name) const {
        LockedFile file;
        file.where = lock_.where(entry);
        if (const std::string* url = lock_.optional_string(entry, "url")) {
            file.url = *url;
            file.filename = url_file_name(*url);
        } else if (const std::string* path = lock_.optional_string(entry, "path")) {
            file.url = *path;
            file.filename = url_file_name(*path);
        }
        if (const std::string* filename = lock_.optional_string(entry, "filename")) {
            file.filename = *filename;
        }
        if (file.filename.empty()) {
            lock_.reject(entry, "an entry of \"" + std::string(array_name) +
                                    "\" needs a \"url\", \"path\" or \"filename\"");
        }
        file.sha256 = sha256_of(lock_.optional_string(entry, "hash"));
        return file;
    }

    void read_source(const toml::table& source, LockedPackage& package,
                     LockedRequirements& result) const {
        if (const std::string* registry = lock_.optional_string(source, "registry")) {
            package.index_url = *registry;
            add_index(result.indexes, *registry, lock_.where(*source.get("registry")));
            return;
        }
        for (const std::string_view key : {"url", "git"}) {
            if (const std::string* url = lock_.optional_string(source, key)) {
                package.kind = LockedPackage::Kind::DirectUrl;
                package.url = *url;
                return;
            }
        }
        for (const std::string_view key : {"editable", "virtual", "directory", "path"}) {
            if (const std::string* path = lock_.optional_string(source, key)) {
                package.kind = key == "editable" ? LockedPackage::Kind::Editable
                                                 : LockedPackage::Kind::LocalPath;
                package.url = *path;
                result.notes.push_back(ReaderNote{std::string(key) + " package " + package.name +
                                                      " (" + *path + "): recorded, not checked",
                                                  package.where});
                return;
            }
        }
        lock_.reject(source, "unknown package source: expected registry, url, git, editable, "
                             "virtual, directory or path");
    }

    LockedPackage package(const toml::table& table, LockedRequirements& result) const {
        LockedPackage package;
        package.where = lock_.where(table);
        package.name = lock_.project_name(table, "name", "[[package]]");
        package.pinned = lock_.optional_version(table, "version");
        if (const toml::table* source = lock_.optional_table(table, "source")) {
            read_source(*source, package, result);
        }
        if (const toml::array* markers = lock_.optional_array(table, "resolution-markers")) {
            package.marker = joined_markers(lock_, *markers);
        }
        if (const toml::table* sdist = lock_.optional_table(table, "sdist")) {
            package.files.push_back(file(*sdist, "sdist"));
        }
        if (const toml::array* wheels = lock_.optional_array(table, "wheels")) {
            for (const toml::node& wheel : *wheels) {
                package.files.push_back(file(lock_.table_item(wheel, "wheels"), "wheels"));
            }
        }
        return package;
    }

    LockToml lock_;
};

} // namespace

LockedRequirements read_uv_lock(const TextInput& input) {
    return UvLockReader(input).read();
}

} // namespace torchpin
