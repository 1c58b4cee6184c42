// The answer of `resolve` in each output format: requirements.txt, pip and uv commands, a uv
// project snippet, a PEP 751 pylock.toml, and the JSON object of the command-line contract.
#pragma once

#include "cli/resolver_session.hpp"

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace torchpin::cli {

// A solved request and what every format needs to print it.
struct ResolvedAnswer {
    const ResolverSession& session;
    const Resolution& resolution; // with a solution
    bool with_hashes = false;     // --hashes
};

// The formats resolve prints; "text" (the global default) is the same as "requirements".
inline constexpr std::string_view pypi_simple_url = "https://pypi.org/simple";

std::string format_requirements(const ResolvedAnswer& answer);
std::string format_pip_command(const ResolvedAnswer& answer);
std::string format_uv_command(const ResolvedAnswer& answer);
std::string format_uv_project(const ResolvedAnswer& answer);
std::string format_pylock(const ResolvedAnswer& answer); // needs a digest for each pin

// The "torchpin/resolve/v1" object, for a solution or (resolution without one) "unsolvable";
// explain adds its candidates to the object, format_resolve_json prints it.
nlohmann::ordered_json resolve_json(const ResolverSession& session, const Resolution& resolution,
                                    bool with_hashes);
std::string format_resolve_json(const ResolverSession& session, const Resolution& resolution,
                                bool with_hashes);

// The files of each pin that the answer can name a digest for, and those it cannot: the wheels
// the matrix lists for the pinned version and backend on the machine's OS and CPU, each file
// name once; and the one this machine installs. Digests are worth writing only when that file's
// is among them: pip in hash-checking mode refuses a download whose digest is not listed.
struct PinFiles {
    std::string package;
    std::vector<const IndexFile*> hashed;
    std::vector<const IndexFile*> unhashed;
    std::string installed;         // the file name; "" when none for the machine's Python is listed
    bool installed_hashed = false; // its digest is in `hashed`

    // "torch-2.10.0+cu130-cp311-cp311-manylinux_2_28_x86_64.whl, the file this machine installs,
    // has no known digest": why no digest is written, when installed_hashed is false.
    std::string missing_digest() const;
};
std::vector<PinFiles> pin_files(const CompatMatrix& matrix, const Candidate& solution);

// "resolve: torch 2.11.0+cu128 (minor-version) for ...": the one line resolve prints on stderr.
std::string summary_line(const ResolverSession& session, const Resolution& resolution);

// Whether the format's answer opens with a comment header that lists the warnings
// (requirements, uv-project, pylock; not the one-line pip and uv commands, not JSON).
bool header_shows_warnings(std::string_view format) noexcept;

} // namespace torchpin::cli
