// A stand-in nvidia-smi.exe for the Windows tests: answers torchpin's --query-gpu like a driver
// of today (one RTX 4090, driver 566.36) or, built with FAKE_NVIDIA_SMI_BEFORE_510, like an older
// one that refuses compute_cap (one RTX 3060, driver 472.12).
#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
    if (argc != 3 || std::strcmp(argv[2], "--format=csv,noheader") != 0) {
        return 3;
    }
#ifdef FAKE_NVIDIA_SMI_BEFORE_510
    if (std::strstr(argv[1], "compute_cap") != nullptr) {
        std::puts("Field \"compute_cap\" is not a valid field to query.");
        return 2;
    }
    if (std::strcmp(argv[1], "--query-gpu=name,pci.bus_id,driver_version,memory.total") != 0) {
        return 3;
    }
    std::puts("NVIDIA GeForce RTX 3060, 00000000:01:00.0, 472.12, 12288 MiB");
#else
    if (std::strcmp(argv[1], "--query-gpu=name,pci.bus_id,driver_version,memory.total,"
                             "compute_cap,mig.mode.current") != 0) {
        return 3;
    }
    std::puts("NVIDIA GeForce RTX 4090, 00000000:01:00.0, 566.36, 24564 MiB, 8.9, [N/A]");
#endif
    return 0;
}
