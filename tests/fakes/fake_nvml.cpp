// A stand-in for libnvidia-ml.so.1 with the NVML calls torchpin makes: an RTX 3090 and an A100
// with MIG on, driver 550.144.03, CUDA 12.4, so the dlopen probe runs without NVIDIA hardware.
#include <cstring>

namespace {

struct FakeDevice {
    const char* name;
    int major;
    int minor;
    unsigned pci_device_id;
    const char* bus_id;
    unsigned long long memory_bytes;
    int mig; // -1: not supported
};

constexpr unsigned long long mib = 1024ull * 1024ull;
const FakeDevice devices[] = {
    {"NVIDIA GeForce RTX 3090", 8, 6, 0x220410DEu, "00000000:01:00.0", 24576 * mib, -1},
    {"NVIDIA A100-SXM4-40GB", 8, 0, 0x20B010DEu, "00000000:AF:00.0", 40960 * mib, 1},
};
constexpr int success = 0;
constexpr int not_supported = 3;
constexpr int invalid_argument = 2;

const FakeDevice* device_of(void* handle) {
    return static_cast<const FakeDevice*>(handle);
}

struct PciInfo {
    char bus_id_legacy[16];
    unsigned domain;
    unsigned bus;
    unsigned device;
    unsigned pci_device_id;
    unsigned pci_sub_system_id;
    char bus_id[32];
};

struct Memory {
    unsigned long long total;
    unsigned long long free;
    unsigned long long used;
};

} // namespace

extern "C" {

int nvmlInit_v2() {
    return success;
}
int nvmlShutdown() {
    return success;
}
const char* nvmlErrorString(int code) {
    return code == not_supported ? "Not Supported" : "Unknown Error";
}
int nvmlSystemGetDriverVersion(char* version, unsigned length) {
    std::strncpy(version, "550.144.03", length);
    return success;
}
int nvmlSystemGetCudaDriverVersion_v2(int* version) {
    *version = 12040;
    return success;
}
int nvmlDeviceGetCount_v2(unsigned* count) {
    *count = 2;
    return success;
}
int nvmlDeviceGetHandleByIndex_v2(unsigned index, void** device) {
    if (index >= 2) {
        return invalid_argument;
    }
    *device = const_cast<FakeDevice*>(&devices[index]);
    return success;
}
int nvmlDeviceGetName(void* device, char* name, unsigned length) {
    std::strncpy(name, device_of(device)->name, length);
    return success;
}
int nvmlDeviceGetCudaComputeCapability(void* device, int* major, int* minor) {
    *major = device_of(device)->major;
    *minor = device_of(device)->minor;
    return success;
}
int nvmlDeviceGetPciInfo_v3(void* device, PciInfo* info) {
    std::memset(info, 0, sizeof *info);
    info->pci_device_id = device_of(device)->pci_device_id;
    std::strncpy(info->bus_id, device_of(device)->bus_id, sizeof info->bus_id - 1);
    return success;
}
int nvmlDeviceGetMemoryInfo(void* device, Memory* memory) {
    memory->total = device_of(device)->memory_bytes;
    memory->free = memory->total;
    memory->used = 0;
    return success;
}
int nvmlDeviceGetMigMode(void* device, unsigned* current, unsigned* pending) {
    if (device_of(device)->mig < 0) {
        return not_supported;
    }
    *current = static_cast<unsigned>(device_of(device)->mig);
    *pending = *current;
    return success;
}
}
