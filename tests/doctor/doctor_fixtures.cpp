// Building doctor's test environments from real PE and ELF files and real dataset facts.
#include "tests/doctor/doctor_fixtures.hpp"

#include "engine/matrix/compat_matrix_loader.hpp"
#include "importers/dataset/dataset.hpp"
#include "tests/support/pe_fixtures.hpp"
#include "tests/support/test_paths.hpp"

#include <fstream>

#include <boost/test/unit_test.hpp>

namespace torchpin::test {

namespace {

std::filesystem::path fixture(const std::filesystem::path& folder, const std::string& name,
                              const char* what) {
    const std::filesystem::path file = folder / name;
    if (!std::filesystem::exists(file)) {
        BOOST_FAIL(std::string("no ") + what + " fixture " + file.string() +
                   ": the build makes them (for PE files it needs g++-mingw-w64-x86-64-posix "
                   "and binutils-mingw-w64-x86-64: scripts/install-deps installs them)");
    }
    return file;
}

} // namespace

std::string all_findings(const DoctorReport& report) {
    std::string text;
    for (const DoctorFinding& f : report.findings) {
        text += std::string(f.id.name()) + ": " + f.message + "\n";
    }
    return text;
}

std::vector<std::string> finding_ids(const DoctorReport& report) {
    std::vector<std::string> found;
    for (const DoctorFinding& f : report.findings) {
        found.emplace_back(f.id.name());
    }
    return found;
}

const DoctorFinding* find_finding(const DoctorReport& report, const std::string& id,
                                  const std::string& about) {
    for (const DoctorFinding& f : report.findings) {
        if (f.id.name() == id && f.message.find(about) != std::string::npos) {
            return &f;
        }
    }
    return nullptr;
}

const CompatMatrix& dataset_matrix() {
    static const CompatMatrix matrix = [] {
        static ScratchDirectory scratch("torchpin-doctor-matrix");
        MatrixStore store = MatrixStore::open(scratch.path() / "matrix.db", true);
        store.import(load_dataset(source_path("data")).request);
        return load_compat_matrix_every_platform(store, *store.latest_revision_number());
    }();
    return matrix;
}

void write_dist_info(const std::filesystem::path& site_packages, const std::string& name,
                     const std::string& version, const std::string& wheel_tag,
                     const std::vector<std::string>& requires_dist) {
    const std::filesystem::path folder = site_packages / (name + "-" + version + ".dist-info");
    std::filesystem::create_directories(folder);
    std::ofstream metadata(folder / "METADATA", std::ios::binary);
    metadata << "Metadata-Version: 2.1\nName: " << name << "\nVersion: " << version << "\n";
    for (const std::string& requirement : requires_dist) {
        metadata << "Requires-Dist: " << requirement << "\n";
    }
    std::ofstream(folder / "WHEEL", std::ios::binary)
        << "Wheel-Version: 1.0\nGenerator: bdist_wheel (0.43.0)\nRoot-Is-Purelib: false\nTag: "
        << wheel_tag << "\n";
    std::ofstream(folder / "INSTALLER", std::ios::binary) << "pip\n";
}

std::filesystem::path pe_fixture(const std::string& name) {
    return fixture(pe_fixture_dir(), name, "PE");
}

void place(const std::filesystem::path& fixture, const std::filesystem::path& folder,
           const std::string& as) {
    std::filesystem::create_directories(folder);
    std::filesystem::copy_file(fixture, folder / (as.empty() ? fixture.filename().string() : as),
                               std::filesystem::copy_options::overwrite_existing);
}

WindowsTree::WindowsTree(const std::string& torch_version)
    : python(scratch.path() / "Zoë's Python312")
    , site_packages(python / "Lib" / "site-packages")
    , torch_lib(site_packages / "torch" / "lib")
    , windows(scratch.path() / "Windows")
    , system32(windows / "System32") {
    place(pe_fixture("python.exe"), python);
    place(pe_fixture("python312.dll"), python);
    for (const char* dll :
         {"c10.dll", "fbgemm.dll", "torch_cpu.dll", "torch.dll", "torch_python.dll"}) {
        place(pe_fixture(dll), torch_lib);
    }
    place(pe_fixture("_C.cp312-win_amd64.pyd"), site_packages / "torch");
    write_dist_info(site_packages, "torch", torch_version, "cp312-cp312-win_amd64");
    // Windows' own: any PE file stands for KERNEL32.dll, which only has to be there.
    place(pe_fixture("libomp140.x86_64.dll"), system32, "KERNEL32.dll");
    for (const char* dll : {"msvcp140.dll", "vcruntime140.dll", "vcruntime140_1.dll"}) {
        place(pe_fixture(std::string("vc-14.44/") + dll), system32);
    }
}

DoctorRequest WindowsTree::request() const {
    DoctorRequest request;
    request.environment = environment_of_site_packages(site_packages);
    request.matrix = &dataset_matrix();
    request.windows_root = windows;
    return request;
}

} // namespace torchpin::test
