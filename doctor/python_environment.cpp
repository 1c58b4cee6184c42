// Placing a site-packages folder in its Python installation.
#include "doctor/python_environment.hpp"

#include "engine/base/text_scanner.hpp"
#include "engine/base/utf8_path.hpp"

#include <fstream>
#include <string>

namespace torchpin {

namespace {

// pyvenv.cfg's `home = C:\Python312` (the folder of the base interpreter), if any.
std::optional<std::filesystem::path> venv_home(const std::filesystem::path& prefix) {
    std::ifstream config(prefix / "pyvenv.cfg");
    std::string line;
    while (std::getline(config, line)) {
        const std::size_t equals = line.find('=');
        if (equals != std::string::npos &&
            trim_ascii(std::string_view(line).substr(0, equals)) == "home") {
            return path_from_utf8(trim_ascii(std::string_view(line).substr(equals + 1)));
        }
    }
    return std::nullopt;
}

} // namespace

PythonEnvironment environment_of(const PythonDescription& description) {
    PythonEnvironment environment;
    for (const std::string& folder : description.site_packages) {
        environment.site_packages.push_back(path_from_utf8(folder));
    }
    environment.interpreter = path_from_utf8(description.executable);
    environment.prefix = path_from_utf8(description.prefix);
    environment.base_prefix = description.base_prefix.empty()
                                  ? environment.prefix
                                  : path_from_utf8(description.base_prefix);
    return environment;
}

PythonEnvironment environment_of_site_packages(const std::filesystem::path& folder) {
    PythonEnvironment environment;
    std::filesystem::path site = folder; // as given: its text is shown as the user wrote it
    if (site.filename().empty()) {
        site = site.parent_path(); // "site-packages/" names the same folder
    }
    environment.site_packages.push_back(site);
    const std::filesystem::path parent = site.lexically_normal().parent_path(); // Lib, pythonX.Y
    const bool windows_layout = iequals(utf8_of(parent.filename()), "lib");
    environment.prefix = windows_layout ? parent.parent_path() : parent.parent_path().parent_path();
    environment.base_prefix = environment.prefix;
    if (auto home = venv_home(environment.prefix)) {
        // Windows: home is the base interpreter's folder, its prefix; elsewhere <prefix>/bin.
        environment.base_prefix = windows_layout ? *home : home->parent_path();
    }
    return environment;
}

} // namespace torchpin
