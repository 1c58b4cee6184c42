// read_uv_lock: uv.lock's [[package]] tables, their sources, sdists and wheels.
#include "importers/lock/uv_lock.hpp"

#include "engine/base/text_scanner.hpp"
#include "importers/input/url_reference.hpp"
#include "importers/lock/lock_toml.hpp"

#include <algorithm>
#include <array>
#include <exception>
#include <future>
#include <iterator>
#include <optional>
#include <thread>

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

// The arrays UvLockReader never reads: what each package depends on (the pins are the packages
// themselves). Their items are 60% of InvokeAI's uv.lock and are checked, not parsed.
constexpr std::array<std::string_view, 1> unread_arrays{"dependencies"};

// Reads the packages of a document (a whole uv.lock or a part of one) parsed with unread_arrays.
class UvLockReader {
public:
    explicit UvLockReader(const LockToml& lock)
        : lock_(lock) {}

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

    const LockToml& lock_;
};

// The second half's packages, registries and notes after the first's.
void append(LockedRequirements& first, LockedRequirements second) {
    std::ranges::move(second.packages, std::back_inserter(first.packages));
    for (const IndexReference& index : second.indexes) {
        add_index(first.indexes, index.url, index.where);
    }
    std::ranges::move(second.notes, std::back_inserter(first.notes));
}

// Lockfiles run to megabytes of [[package]] tables (InvokeAI's uv.lock: 1.8 MB, 26 ms of toml++
// on the development machine), so a large one is read as two halves on two threads, split at
// the first "[[package]]" line after its middle: each half is parsed, read and freed on its own
// thread. The halves are used only when each parses alone, the second holds nothing but
// [[package]] tables and the first's packages, if any, come from [[package]] headers too (which
// the second's extend); otherwise (a split inside a multi-line string, a table continued or
// defined again after the split) the whole file is parsed in one piece, which decides. Errors
// come in the file's order: a syntax error anywhere before any other, then the first half's.
std::optional<LockedRequirements> read_in_halves(const TextInput& input) {
    constexpr std::size_t worth_splitting = 256u << 10;
    if (input.content().size() < worth_splitting || std::thread::hardware_concurrency() < 2) {
        return std::nullopt;
    }
    const std::optional<std::size_t> split = line_after_middle(input, "[[package]]");
    if (!split) {
        return std::nullopt;
    }
    auto second = std::async(std::launch::async, [&input, split] {
        std::optional<LockToml> lock;
        try {
            lock.emplace(input, *split, input.lines().size() + 1, unread_arrays);
        } catch (const InputError&) {
            return std::optional<LockedRequirements>();
        }
        if (lock->document().size() != 1 || !lock->document().contains("package")) {
            return std::optional<LockedRequirements>();
        }
        return std::optional<LockedRequirements>(UvLockReader(*lock).read());
    });
    std::optional<LockToml> first;
    try {
        first.emplace(input, 1, *split, unread_arrays);
    } catch (const InputError&) {
        return std::nullopt; // the second half's thread is joined when its future goes
    }
    if (!first->extended_by_headers("package")) {
        return std::nullopt;
    }
    std::optional<LockedRequirements> result;
    std::exception_ptr first_error;
    try {
        result = UvLockReader(*first).read();
    } catch (const InputError&) {
        first_error = std::current_exception();
    }
    first.reset(); // freed while the second half may still be read
    std::optional<LockedRequirements> rest;
    std::exception_ptr second_error;
    try {
        rest = second.get();
    } catch (const InputError&) {
        second_error = std::current_exception();
    }
    if (!rest && !second_error) {
        return std::nullopt;
    }
    for (const std::exception_ptr& error : {first_error, second_error}) {
        if (error) {
            std::rethrow_exception(error);
        }
    }
    append(*result, std::move(*rest));
    return result;
}

} // namespace

LockedRequirements read_uv_lock(const TextInput& input) {
    if (std::optional<LockedRequirements> halves = read_in_halves(input)) {
        return std::move(*halves);
    }
    const LockToml lock(input, unread_arrays);
    return UvLockReader(lock).read();
}

} // namespace torchpin
