// A stand-in for libcuda.so.1 with cuDriverGetVersion only: a driver that supports CUDA 12.2.
extern "C" int cuDriverGetVersion(int* version) {
    *version = 12020;
    return 0;
}
