// direct_url.json (PEP 610): how a distribution installed from a URL, a folder or a VCS got there.
#pragma once

#include "importers/input/text_input.hpp"

#include <optional>
#include <string>

namespace torchpin {

// {"url": "https://download.pytorch.org/whl/cu121/torch-2.1.2%2Bcu121-…whl",
//  "archive_info": {"hashes": {"sha256": "…"}}} gives url and archive_hash "sha256=…".
// Which of PEP 610's three kinds the install was: a local folder, an archive (a wheel or sdist
// file or URL) or a VCS checkout.
enum class DirectUrlKind { Directory, Archive, Vcs };

struct DirectUrl {
    std::string url;
    DirectUrlKind kind = DirectUrlKind::Archive;
    bool editable = false;                   // dir_info.editable
    std::optional<std::string> archive_hash; // "sha256=<hex>": hashes' sha256, else the legacy hash
    std::optional<std::string> vcs;          // vcs_info.vcs: "git"
    std::optional<std::string> vcs_commit;   // vcs_info.commit_id
};

// Parses direct_url.json. Throws InputError at the line and column of: invalid JSON, a document
// that is not an object, a missing or non-string "url", not exactly one of dir_info, archive_info
// and vcs_info, a member of the wrong type (editable not a boolean, vcs or commit_id not a
// string), an archive hash not written "<algorithm>=<digest>".
DirectUrl parse_direct_url(const TextInput& input);

} // namespace torchpin
