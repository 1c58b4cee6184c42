// A stand-in py.exe (the Python launcher) for the Windows tests: `py -0p` lists two interpreters
// beside the folder it lies in (<root>\Windows\py.exe lists <root>\Python312\python.exe, its
// default, and <root>\Zoë Python 311\python.exe) in the format of the launcher of Python 3.11+,
// in UTF-8.
#include <cstdio>
#include <cstring>
#include <string>

#include <windows.h>

int main(int argc, char** argv) {
    if (argc != 2 || std::strcmp(argv[1], "-0p") != 0) {
        return 3;
    }
    wchar_t self[MAX_PATH];
    const DWORD length = GetModuleFileNameW(nullptr, self, MAX_PATH);
    std::wstring root(self, length);
    for (int up = 0; up < 2; ++up) {
        root.erase(root.find_last_of(L'\\'));
    }
    char utf8[4 * MAX_PATH];
    const int bytes = WideCharToMultiByte(CP_UTF8, 0, root.c_str(), static_cast<int>(root.size()),
                                          utf8, sizeof utf8, nullptr, nullptr);
    const std::string folder(utf8, static_cast<std::size_t>(bytes));
    std::printf(" -V:3.12 *        %s\\Python312\\python.exe\n", folder.c_str());
    std::printf(" -V:3.11          %s\\Zo\xc3\xab Python 311\\python.exe\n", folder.c_str());
    return 0;
}
