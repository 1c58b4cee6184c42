// read_pylock: PEP 751's top-level keys and [[packages]] with their sources and files.
#include "importers/lock/pylock.hpp"

#include "engine/base/text_scanner.hpp"
#include "importers/input/url_reference.hpp"
#include "importers/lock/lock_toml.hpp"

#include <algorithm>

namespace torchpin {

namespace {

class PylockReader {
public:
    explicit PylockReader(const TextInput& input)
        : lock_(input) {}

    LockedRequirements read() {
        const toml::table& document = lock_.document();
        const std::string& lock_version =
            lock_.required_string(document, "lock-version", "the lockfile");
        if (lock_version != "1" && !lock_version.starts_with("1.")) {
            lock_.reject(*document.get("lock-version"),
                         "unsupported lock-version \"" + lock_version + "\" (torchpin reads 1.x)");
        }
        lock_.required_string(document, "created-by", "the lockfile");
        LockedRequirements result;
        result.path = lock_.input().origin();
        result.format = LockFormat::Pylock;
        if (const std::string* requires_python =
                lock_.optional_string(document, "requires-python")) {
            result.requires_python = *requires_python;
        }
        const toml::array* packages = lock_.optional_array(document, "packages");
        if (packages == nullptr) {
            lock_.reject(document, "the lockfile has no \"packages\"");
        }
        for (const toml::node& item : *packages) {
            result.packages.push_back(package(lock_.table_item(item, "packages"), result));
        }
        return result;
    }

private:
    // sdist, wheels[] and archive: `name`, `url`, `path` and `hashes = { sha256 = "…" }`.
    LockedFile file(const toml::table& entry) const {
        LockedFile file;
        file.where = lock_.where(entry);
        if (const std::string* url = lock_.optional_string(entry, "url")) {
            file.url = *url;
        } else if (const std::string* path = lock_.optional_string(entry, "path")) {
            file.url = *path;
        }
        const std::string* name = lock_.optional_string(entry, "name");
        file.filename = name != nullptr ? *name : url_file_name(file.url);
        if (const toml::table* hashes = lock_.optional_table(entry, "hashes")) {
            if (const std::string* sha256 = lock_.optional_string(*hashes, "sha256")) {
                std::string digest = *sha256;
                std::ranges::transform(digest, digest.begin(), ascii_lower);
                file.sha256.push_back(std::move(digest));
            }
        }
        return file;
    }

    void local(LockedPackage& package, LockedPackage::Kind kind, const std::string& path,
               LockedRequirements& result) const {
        package.kind = kind;
        package.url = path;
        result.notes.push_back(ReaderNote{
            (kind == LockedPackage::Kind::Editable ? "editable package " : "local package ") +
                package.name + " (" + path + "): recorded, not checked",
            package.where});
    }

    void read_sources(const toml::table& table, LockedPackage& package,
                      LockedRequirements& result) const {
        if (const std::string* index = lock_.optional_string(table, "index")) {
            package.index_url = *index;
            add_index(result.indexes, *index, lock_.where(*table.get("index")));
        }
        if (const toml::table* vcs = lock_.optional_table(table, "vcs")) {
            if (const std::string* url = lock_.optional_string(*vcs, "url")) {
                package.kind = LockedPackage::Kind::DirectUrl;
                package.url = *url;
            } else {
                local(package, LockedPackage::Kind::LocalPath,
                      lock_.required_string(*vcs, "path", "[packages.vcs]"), result);
            }
        }
        if (const toml::table* directory = lock_.optional_table(table, "directory")) {
            const toml::node* editable = directory->get("editable");
            const bool is_editable = editable != nullptr && editable->value_or(false);
            local(package,
                  is_editable ? LockedPackage::Kind::Editable : LockedPackage::Kind::LocalPath,
                  lock_.required_string(*directory, "path", "[packages.directory]"), result);
        }
        if (const toml::table* archive = lock_.optional_table(table, "archive")) {
            LockedFile file = this->file(*archive);
            if (lock_.optional_string(*archive, "url") != nullptr) {
                package.kind = LockedPackage::Kind::DirectUrl;
                package.url = file.url;
            } else {
                local(package, LockedPackage::Kind::LocalPath, file.url, result);
            }
            package.files.push_back(std::move(file));
        }
    }

    LockedPackage package(const toml::table& table, LockedRequirements& result) const {
        LockedPackage package;
        package.where = lock_.where(table);
        package.name = lock_.project_name(table, "name", "[[packages]]");
        package.pinned = lock_.optional_version(table, "version");
        if (const std::string* marker = lock_.optional_string(table, "marker")) {
            package.marker = *marker;
        }
        read_sources(table, package, result);
        if (const toml::table* sdist = lock_.optional_table(table, "sdist")) {
            package.files.push_back(file(*sdist));
        }
        if (const toml::array* wheels = lock_.optional_array(table, "wheels")) {
            for (const toml::node& wheel : *wheels) {
                package.files.push_back(file(lock_.table_item(wheel, "wheels")));
            }
        }
        return package;
    }

    LockToml lock_;
};

} // namespace

LockedRequirements read_pylock(const TextInput& input) {
    return PylockReader(input).read();
}

} // namespace torchpin
