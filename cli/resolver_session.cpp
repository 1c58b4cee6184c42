// Opening the matrix and the machine for a resolver command, and reading its request.
#include "cli/resolver_session.hpp"

#include "cli/index_layout.hpp"
#include "cli/matrix_access.hpp"
#include "engine/base/diagnostic.hpp"
#include "engine/matrix/compat_matrix_loader.hpp"
#include "engine/solver/stated_codes.hpp"
#include "engine/solver/target_machine.hpp"

#include <cstdlib>
#include <memory>
#include <set>

namespace torchpin::cli {

namespace {

constexpr int stale_after_days = 120;

std::optional<std::chrono::year_month_day> parse_date(const std::string& text) {
    int year = 0;
    unsigned month = 0;
    unsigned day = 0;
    char dash1 = 0;
    char dash2 = 0;
    if (std::sscanf(text.c_str(), "%4d%c%2u%c%2u", &year, &dash1, &month, &dash2, &day) != 5 ||
        dash1 != '-' || dash2 != '-' || text.size() != 10) {
        return std::nullopt;
    }
    const std::chrono::year_month_day date{std::chrono::year{year}, std::chrono::month{month},
                                           std::chrono::day{day}};
    return date.ok() ? std::optional(date) : std::nullopt;
}

} // namespace

std::chrono::year_month_day today() {
    if (const char* fixed = std::getenv("TORCHPIN_TODAY"); fixed != nullptr && *fixed != '\0') {
        const auto date = parse_date(fixed);
        if (!date) {
            throw UsageError(std::string("$TORCHPIN_TODAY '") + fixed +
                             "': expected a date like 2026-09-14");
        }
        return *date;
    }
    return std::chrono::year_month_day{
        std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now())};
}

std::optional<AnswerWarning> stale_data_warning(const std::optional<std::string>& data_as_of,
                                                std::chrono::year_month_day on) {
    const auto date = data_as_of ? parse_date(*data_as_of) : std::nullopt;
    if (!date) {
        return std::nullopt;
    }
    const auto age = (std::chrono::sys_days{on} - std::chrono::sys_days{*date}).count();
    if (age <= stale_after_days) {
        return std::nullopt;
    }
    return warnings::data_stale(age, *data_as_of);
}

ResolverSession open_resolver_session(const GlobalOptions& global,
                                      const MachineDescription& options, PlatformFacts platform) {
    ResolverSession session;
    session.machine = build_machine(options, global);
    auto target = resolver_target(session.machine);
    if (!target) {
        throw UsageError(target.error().message);
    }
    session.target = target->machine;
    session.warnings = target->assumptions;
    auto store = std::make_shared<MatrixStore>(open_matrix_for_reading(global));
    const std::int64_t revision = revision_to_read(*store, global.revision);
    session.matrix =
        load_compat_matrix_wheels_on_demand(store, revision, session.target.tags, platform);
    if (auto stale = stale_data_warning(session.matrix.data_as_of, today())) {
        session.warnings.push_back(*stale);
    }
    return session;
}

ResolveRequest parse_resolve_request(const std::vector<std::string>& requirements,
                                     const std::string& backend, bool allow_cpu_fallback,
                                     const std::string& index_url) {
    ResolveRequest request;
    request.allow_cpu_fallback = allow_cpu_fallback;
    if (!index_url.empty()) {
        request.index_base = index_base(index_url);
    }
    request.companions_where_released = requirements.empty();
    const std::vector<std::string> defaults{"torch", "torchvision", "torchaudio"};
    for (const std::string& text : requirements.empty() ? defaults : requirements) {
        auto parsed = Requirement::parse(text);
        if (!parsed) {
            throw InputError(locate(parsed.error(), "<REQUIREMENT argument>"));
        }
        if (parsed->url()) {
            throw UsageError("'" + text +
                             "': a URL requirement names its file already; give "
                             "a version specifier instead");
        }
        request.requirements.push_back(*std::move(parsed));
    }
    if (backend != "auto") {
        auto parsed = Backend::parse(backend);
        if (!parsed) {
            throw UsageError("--backend '" + backend + "': " + parsed.error().message +
                             " (expected auto, cpu, cuXYZ, rocmX.Y or xpu)");
        }
        request.backend = *parsed;
    }
    return request;
}

void require_resolvable_packages(const ResolveRequest& request, const CompatMatrix& matrix) {
    std::set<std::string, std::less<>> built_against_torch; // read for the first other package
    for (const Requirement& requirement : request.requirements) {
        const std::string name = requirement.name().normalized();
        if (is_torch_family(name)) {
            continue;
        }
        if (built_against_torch.empty()) {
            for (const CompanionPackageFact& row : *matrix.companion_packages) {
                built_against_torch.insert(row.package);
            }
        }
        if (!built_against_torch.contains(name)) {
            throw UsageError("'" + requirement.to_string() +
                             "': torchpin resolves torch, torchvision, torchaudio and the packages "
                             "built against torch that its matrix knows (" +
                             join_words({built_against_torch.begin(), built_against_torch.end()}) +
                             "); install other packages from PyPI next to them");
        }
    }
}

void add_request_options(CLI::App& command, std::string& backend, bool& allow_cpu_fallback,
                         std::string& index_url) {
    command
        .add_option("--backend", backend,
                    "auto (default: the best build that runs on the GPU), cpu, cu128, rocm6.3, "
                    "xpu, ...")
        ->type_name("BACKEND");
    command.add_flag("--allow-cpu-fallback", allow_cpu_fallback,
                     "With a GPU and no GPU build that fits, answer with a CPU build (warned)");
    command
        .add_option("--index-url", index_url,
                    "A mirror of the PyTorch index (BASE, as for update): the answer names "
                    "BASE/<backend> instead of https://download.pytorch.org/whl/<backend>")
        ->type_name("BASE");
}

} // namespace torchpin::cli
