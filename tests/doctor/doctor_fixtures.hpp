// Environments for doctor's tests: site-packages folders with dist-infos, Windows trees made of
// the real PE files the build makes with mingw-w64, Linux trees of real ELF files, and the
// matrix built from data/.
#pragma once

#include "doctor/doctor.hpp"
#include "tests/support/scratch_directory.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace torchpin::test {

// Every finding as "id: message" lines, for failure messages.
std::string all_findings(const DoctorReport& report);

// The ids of the findings, in the report's order.
std::vector<std::string> finding_ids(const DoctorReport& report);

// The first finding with `id` whose message contains `about`; nullptr when there is none.
const DoctorFinding* find_finding(const DoctorReport& report, const std::string& id,
                                  const std::string& about = "");

// The matrix of data/ (releases, known issues), built once per test run.
const CompatMatrix& dataset_matrix();

// A *.dist-info folder for `name` `version` with METADATA, WHEEL (one tag) and INSTALLER.
void write_dist_info(const std::filesystem::path& site_packages, const std::string& name,
                     const std::string& version, const std::string& wheel_tag,
                     const std::vector<std::string>& requires_dist = {});

// A PE file the build made (tests/fixtures/windows_dlls): "c10.dll", "vc-14.38/msvcp140.dll".
// Fails the test, naming the package to install, when the fixtures were not built.
std::filesystem::path pe_fixture(const std::string& name);

// Copies `fixture` to `folder`/`as` (its own name when `as` is empty), creating the folder.
void place(const std::filesystem::path& fixture, const std::filesystem::path& folder,
           const std::string& as = "");

// A Windows Python install with torch in it, under a scratch folder:
//   Python312\python.exe, python312.dll, Lib\site-packages\torch\lib\*.dll, torch\_C…pyd
//   Windows\System32\KERNEL32.dll and the Visual C++ runtime 14.44
// torch's DLLs as the 2.4.0 wheel has them (c10, fbgemm needing libomp140, torch_cpu, torch,
// torch_python), without libomp140.x86_64.dll.
struct WindowsTree {
    explicit WindowsTree(const std::string& torch_version);

    ScratchDirectory scratch{"torchpin-doctor-windows"};
    std::filesystem::path python;        // Python312
    std::filesystem::path site_packages; // Python312\Lib\site-packages
    std::filesystem::path torch_lib;
    std::filesystem::path windows; // the --windows-root
    std::filesystem::path system32;

    // The request doctor gets for this tree (no machine: only what the files show).
    DoctorRequest request() const;
};

} // namespace torchpin::test
