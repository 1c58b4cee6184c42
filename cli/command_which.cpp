// `torchpin which`: every torch release x backend with its verdict for the machine, as a table
// grouped by release or JSON rows; --min-driver answers the reverse question.
#include "cli/commands.hpp"
#include "cli/resolver_session.hpp"
#include "cli/warning_json.hpp"
#include "engine/solver/explanation.hpp"
#include "engine/solver/gfx_check.hpp"

#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <utility>

#include <nlohmann/json.hpp>

namespace torchpin::cli {

namespace {

struct WhichOptions {
    MachineDescription machine;
    std::optional<std::string> min_driver; // --min-driver TORCH_SPEC
};

struct WhichRow {
    Version torch;
    Backend backend;
    std::string status;
    std::string reason;
};

// The statuses of the contract, in the order the table prints them.
const std::vector<std::string> statuses{
    "ok",       "minor-version", "hsa-override", "driver-too-old",   "gpu-unsupported",
    "no-wheel", "not-verified",  "unknown",      "no-backend-for-os"};

std::string which_status(const Candidate& c) {
    const std::string v = verdict(c);
    if (v == "wrong-backend-kind") {
        return "gpu-unsupported"; // a ROCm build on an NVIDIA machine, an XPU build without Arc
    }
    if (v == "missing-data" || v == "not-paired" || v == "excluded") {
        return "unknown";
    }
    return v;
}

std::string reason_of(const Candidate& c) {
    if (!c.hsa_overrides.empty()) {
        return warnings::hsa_override(c.hsa_overrides.front(), c.backend).message;
    }
    if (c.rejections.empty()) {
        return c.warnings.empty() ? "" : c.warnings.front().message;
    }
    // The rejection that decided the status, not an incidental one listed first.
    const std::string status = which_status(c);
    for (const Rejection& r : c.rejections) {
        const bool decides =
            (status == "driver-too-old" && std::holds_alternative<DriverTooOld>(r)) ||
            (status == "gpu-unsupported" && (std::holds_alternative<GpuArchNotBuilt>(r) ||
                                             std::holds_alternative<GfxNotBuilt>(r) ||
                                             std::holds_alternative<WrongBackendKind>(r))) ||
            (status == "no-wheel" && std::holds_alternative<NoWheelFor>(r));
        if (decides) {
            return describe(r);
        }
    }
    return describe(c.rejections.front());
}

std::vector<WhichRow> which_rows(const ResolverSession& session) {
    ResolveRequest request;
    request.requirements.push_back(Requirement::from("torch"));
    request.allow_cpu_fallback = true; // a CPU build runs on any machine
    std::vector<WhichRow> rows;
    std::set<std::pair<std::string, std::string>> seen;
    for (const Candidate& c : evaluate_candidates(session.matrix, session.target, request)) {
        seen.emplace(c.torch.to_string(), c.backend.to_string());
        rows.push_back({c.torch, c.backend, which_status(c), reason_of(c)});
    }
    const TagEnvironment& tags = session.target.tags;
    for (const PublishedBackend& p : session.matrix.published) {
        if (seen.emplace(p.torch.to_string(), p.backend.to_string()).second) {
            rows.push_back({p.torch, p.backend, "no-backend-for-os",
                            p.backend.to_string() + " is not published for torch " +
                                p.torch.to_string() + " on " + std::string(name(tags.os)) + " " +
                                std::string(name(tags.arch))});
        }
    }
    std::stable_sort(rows.begin(), rows.end(), [](const WhichRow& a, const WhichRow& b) {
        return a.torch != b.torch ? b.torch < a.torch : b.backend < a.backend;
    });
    return rows;
}

void print_table(const ResolverSession& session, const std::vector<WhichRow>& rows,
                 const GlobalOptions& global) {
    std::cout << "torch builds for " << describe_machine(session.target) << "\n(matrix revision "
              << session.matrix.revision << ", data as of "
              << session.matrix.data_as_of.value_or("unknown") << ")\n\n";
    const bool color = use_color(global, std::cout);
    std::map<Version, std::map<std::string, std::vector<std::string>>, std::greater<>> grouped;
    for (const WhichRow& row : rows) {
        grouped[row.torch][row.status].push_back(row.backend.to_string());
    }
    for (const auto& [torch, by_status] : grouped) {
        std::string line = torch.to_string();
        line.resize(std::max<std::size_t>(line.size() + 1, 9), ' ');
        bool first = true;
        for (const std::string& status : statuses) {
            const auto it = by_status.find(status);
            if (it == by_status.end() || (status == "no-backend-for-os" && !global.verbose())) {
                continue;
            }
            std::string backends;
            for (const std::string& b : it->second) {
                backends += (backends.empty() ? "" : " ") + b;
            }
            const std::string_view paint_code =
                status == "ok"                                          ? "32"
                : status == "minor-version" || status == "hsa-override" ? "33"
                                                                        : "2";
            line += (first ? "" : "  | ") + paint(color, paint_code, status) + ": " + backends;
            first = false;
        }
        std::cout << line << '\n';
    }
    std::cout << "\n'torchpin explain' says why a build does not fit; --format json gives every "
                 "reason; -v adds the backends not published for this OS.\n";
    for (const AnswerWarning& warning : session.warnings) {
        std::cerr << "torchpin: warning: " << warning.message << '\n';
    }
}

// --min-driver: per matching torch release and CUDA backend on the machine's OS, the driver the
// toolkit needs and the minor-version-compatibility floor.
int run_min_driver(const GlobalOptions& global, const ResolverSession& session,
                   const std::string& spec_text) {
    auto spec = SpecifierSet::parse(spec_text);
    if (!spec) {
        throw InputError(locate(spec.error(), "<--min-driver argument>"));
    }
    const TagEnvironment& tags = session.target.tags;
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    std::vector<bool> branch_only; // per row: driver_min is the CUDA minor's driver branch
    for (const ReleaseFact& release : session.matrix.releases) {
        if (!spec->contains(release.torch, true)) {
            continue;
        }
        for (const PublishedBackend& p : session.matrix.published) {
            if (p.torch != release.torch || p.os != tags.os || p.arch != tags.arch ||
                p.backend.kind() != BackendKind::Cuda) {
                continue;
            }
            const auto cuda = session.matrix.cuda_of(p.backend, p.torch, p.os);
            const auto direct =
                cuda ? session.matrix.direct_requirement(*cuda, tags.os) : std::nullopt;
            const CompatFloor* floor =
                cuda ? session.matrix.compat_floor(cuda->major(), tags.os) : nullptr;
            const auto text = [](const auto& v) {
                return v ? nlohmann::ordered_json(v->to_string()) : nlohmann::ordered_json(nullptr);
            };
            branch_only.push_back(direct && direct->branch_only);
            rows.push_back(
                {{"torch", release.torch.to_string()},
                 {"backend", p.backend.to_string()},
                 {"cuda", text(cuda)},
                 {"driver_min", direct ? text(std::optional(direct->driver)) : nullptr},
                 {"driver_min_minor_version",
                  floor ? nlohmann::ordered_json(floor->minimum.to_string()) : nullptr}});
        }
    }
    if (global.format == "json") {
        std::cout << nlohmann::ordered_json{{"schema", "torchpin/which/v1"},
                                            {"os", name(tags.os)},
                                            {"min_driver", std::move(rows)}}
                         .dump(2)
                  << '\n';
        return 0;
    }
    std::cout << "Minimum NVIDIA driver on " << name(tags.os) << " for torch " << spec_text
              << " (toolkit minimum; with CUDA minor version compatibility)\n";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& row = rows[i];
        const auto show = [](const nlohmann::ordered_json& v) {
            return v.is_null() ? std::string("unknown") : v.get<std::string>();
        };
        std::cout << "  " << row["torch"].get<std::string>() << " "
                  << row["backend"].get<std::string>() << ": " << show(row["driver_min"])
                  << (branch_only[i] ? " (driver branch; NVIDIA gives no minimum of the release)"
                                     : "")
                  << "; " << show(row["driver_min_minor_version"]) << '\n';
    }
    if (rows.empty()) {
        std::cout << "  no CUDA build of a matching torch release is published for this OS\n";
    }
    return 0;
}

int run_which(const GlobalOptions& global, const WhichOptions& options) {
    require_format(global, "which", {"text", "json"});
    // The rows name the backends published only for other systems; --min-driver reads this one's.
    const ResolverSession session = open_resolver_session(
        global, options.machine,
        options.min_driver ? PlatformFacts::OfTheMachine : PlatformFacts::OfEveryPlatform);
    if (options.min_driver) {
        return run_min_driver(global, session, *options.min_driver);
    }
    const std::vector<WhichRow> rows = which_rows(session);
    if (global.format != "json") {
        print_table(session, rows, global);
        return 0;
    }
    nlohmann::ordered_json json_rows = nlohmann::ordered_json::array();
    for (const WhichRow& row : rows) {
        json_rows.push_back({{"torch", row.torch.to_string()},
                             {"backend", row.backend.to_string()},
                             {"status", row.status},
                             {"reason", row.reason}});
    }
    nlohmann::ordered_json out{
        {"schema", "torchpin/which/v1"},
        {"matrix",
         {{"revision", session.matrix.revision},
          {"data_as_of", session.matrix.data_as_of
                             ? nlohmann::ordered_json(*session.matrix.data_as_of)
                             : nlohmann::ordered_json(nullptr)}}},
        {"warnings", warnings_json(session.warnings)},
        {"rows", std::move(json_rows)}};
    std::cout << out.dump(2) << '\n';
    return 0;
}

} // namespace

void setup_which(CLI::App& app, const GlobalOptions& global, CommandResult& result) {
    const auto define = [&global, &result](CLI::App& which) {
        auto options = std::make_shared<WhichOptions>();
        which
            .add_option("--min-driver", options->min_driver,
                        "The minimum driver per backend of the torch releases matching SPEC")
            ->type_name("TORCH_SPEC");
        add_machine_options(which, options->machine);
        which.callback(
            [&global, &result, options] { result.exit_code = run_which(global, *options); });
    };
    add_command(app, "which",
                "Which torch for this driver/GPU: every release x backend with a verdict", define);
}

} // namespace torchpin::cli
