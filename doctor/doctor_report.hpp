// What `torchpin doctor` found in one environment: the installed torch family and the packages
// built against torch, the Visual C++ runtime copies, and the findings, worst first, each with its
// fix.
#pragma once

#include "doctor/smoke_test.hpp"
#include "engine/base/diagnostic.hpp"
#include "engine/check/finding_catalog.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// One problem: "missing-library: torch\lib\fbgemm.dll needs libomp140.x86_64.dll, which the
// loader finds nowhere", its chain and searched folders as details, the fix, the known issue.
struct DoctorFinding {
    explicit DoctorFinding(DoctorFindingId kind)
        : id(kind) {}

    DoctorFindingId id;               // "missing-library" (finding_catalog.hpp, docs/doctor.md)
    std::string subject;              // the file or package it is about
    std::string message;              // one line
    std::vector<std::string> details; // the chain, the folders searched, the copies seen
    std::string fix;                  // what to do; an exact command where there is one
    std::string known_issue;          // "win-fbgemm-dll-2.4.0"; empty when none matches
    std::vector<std::string> links;   // the known issue's sources

    Severity severity() const noexcept { return id.kind().severity; } // the catalog's
};

struct InstalledPackage {
    std::string name;      // "torch"
    std::string version;   // "2.4.0+cu121"
    std::string dist_info; // relative to site-packages: "torch-2.4.0+cpu.dist-info"
    std::string installer; // "pip", "uv"; empty when INSTALLER is missing
    std::string origin; // "the PyTorch cu121 index (local label +cu121)", "PyPI or a mirror", a URL
};

enum class CompanionVerdict : std::uint8_t {
    Fits,    // built for the installed torch build, as far as the label and the matrix say
    Misfit,  // built for another torch or variant: a finding says which
    Unknown, // a release the matrix lacks, and no label naming its torch
};

std::string_view name(CompanionVerdict verdict) noexcept; // "fits", "misfit", "unknown"

// A package built against torch (data/ecosystem.toml: xformers, flash-attn, torch-scatter, ...)
// installed beside torch, judged against the installed torch build.
struct InstalledCompanion {
    std::string name;      // "torch-scatter"
    std::string version;   // "2.1.2+pt27cu128"
    std::string dist_info; // relative to site-packages
    CompanionVerdict verdict = CompanionVerdict::Unknown;
    std::string built_for; // "torch 2.7 and cu128", "torch==2.9.1"; empty when no source says
    std::string evidence;  // where built_for comes from: "its local label +pt27cu128"
};

// A copy of msvcp140.dll, vcruntime140.dll or vcruntime140_1.dll in the environment's reach.
struct RuntimeCopy {
    std::string name;
    std::filesystem::path file;
    std::string version; // "14.44.35211.0"; empty when the file has no version resource
    bool used = false;   // the copy torch's DLLs get
    std::string where;   // "System32", "the application folder (python.exe's)", "site-packages"
};

struct DoctorReport {
    std::string os; // the environment's: "windows" or "linux"
    std::vector<std::filesystem::path> site_packages;
    std::optional<std::filesystem::path> interpreter;
    std::vector<InstalledPackage> installed;
    std::vector<InstalledCompanion> companions; // those of `installed` built against torch
    std::size_t libraries_checked = 0;
    std::vector<RuntimeCopy> runtime_copies;
    std::vector<DoctorFinding> findings; // errors first, then warnings; each in the order found
    std::string install_command;         // the resolver's answer for the machine, "" when none
    std::optional<SmokeResult> smoke;    // with --smoke

    std::size_t count(Severity severity) const;
};

} // namespace torchpin
