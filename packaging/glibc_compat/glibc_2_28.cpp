// Lets a torchpin built against a newer glibc (Debian 12: 2.36) run on glibc 2.28, on x86_64 and
// aarch64.
//
// Linked into the release binary only (TORCHPIN_GLIBC_2_28, packaging/glibc_compat/CMakeLists.txt)
// with `-Wl,--wrap=NAME` for each symbol below: every reference to NAME, in torchpin's objects and
// in the static libstdc++, libgcc and libraries it links, becomes one to __wrap_NAME, defined here.
// Each __wrap_NAME calls the same function under its older symbol version (a `.symver` pin:
// glibc keeps those versions for old binaries), or, for what glibc 2.28 lacks altogether
// (arc4random, _dl_find_object), does the same job with what it has. scripts/glibc-floor proves
// the result; docs/packaging.md has the trade-offs.
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

// The architecture's first glibc symbol version (the one old binaries were linked against) and
// the stat ABI version that the headers before 2.33 passed to __xstat (_STAT_VER).
#if defined(__x86_64__)
#define TORCHPIN_GLIBC_BASE "GLIBC_2.2.5"
constexpr int stat_version = 1;
#elif defined(__aarch64__)
#define TORCHPIN_GLIBC_BASE "GLIBC_2.17"
constexpr int stat_version = 0;
#else
#error "packaging/glibc_compat knows the symbol versions of x86_64 and aarch64 only"
#endif

// torchpin_compat_NAME: NAME@VERSION, glibc's older version of the function.
#define TORCHPIN_OLD(result, name, version, parameters)                                            \
    extern "C" result torchpin_compat_##name parameters;                                           \
    __asm__(".symver torchpin_compat_" #name ", " #name "@" version)
// __wrap_NAME: forwards to NAME@VERSION. (Each __wrap_ function is declared just before it is
// defined: only the linker's rewritten references call it, so no header declares it.)
#define TORCHPIN_PIN(result, name, version, parameters, arguments)                                 \
    TORCHPIN_OLD(result, name, version, parameters);                                               \
    extern "C" result __wrap_##name parameters;                                                    \
    extern "C" result __wrap_##name parameters {                                                   \
        return torchpin_compat_##name arguments;                                                   \
    }

// glibc 2.34 moved libpthread and libdl into libc with new versions; the old ones are the same
// functions (in libpthread.so.0 and libdl.so.2 before 2.34, which the link names as needed).
using ThreadStart = void* (*)(void*);
using KeyDestructor = void (*)(void*);
TORCHPIN_PIN(int, pthread_create, TORCHPIN_GLIBC_BASE,
             (pthread_t * thread, const pthread_attr_t* attributes, ThreadStart start,
              void* argument),
             (thread, attributes, start, argument))
TORCHPIN_PIN(int, pthread_detach, TORCHPIN_GLIBC_BASE, (pthread_t thread), (thread))
TORCHPIN_PIN(int, pthread_join, TORCHPIN_GLIBC_BASE, (pthread_t thread, void** result),
             (thread, result))
TORCHPIN_PIN(int, pthread_key_create, TORCHPIN_GLIBC_BASE,
             (pthread_key_t * key, KeyDestructor destructor), (key, destructor))
TORCHPIN_PIN(int, __pthread_key_create, TORCHPIN_GLIBC_BASE,
             (pthread_key_t * key, KeyDestructor destructor), (key, destructor))
TORCHPIN_PIN(int, pthread_key_delete, TORCHPIN_GLIBC_BASE, (pthread_key_t key), (key))
TORCHPIN_PIN(void*, pthread_getspecific, TORCHPIN_GLIBC_BASE, (pthread_key_t key), (key))
TORCHPIN_PIN(int, pthread_setspecific, TORCHPIN_GLIBC_BASE, (pthread_key_t key, const void* value),
             (key, value))
TORCHPIN_PIN(int, pthread_once, TORCHPIN_GLIBC_BASE, (pthread_once_t * once, void (*routine)()),
             (once, routine))
TORCHPIN_PIN(int, pthread_mutex_trylock, TORCHPIN_GLIBC_BASE, (pthread_mutex_t * mutex), (mutex))
TORCHPIN_PIN(int, pthread_mutexattr_init, TORCHPIN_GLIBC_BASE, (pthread_mutexattr_t * attributes),
             (attributes))
TORCHPIN_PIN(int, pthread_mutexattr_destroy, TORCHPIN_GLIBC_BASE,
             (pthread_mutexattr_t * attributes), (attributes))
TORCHPIN_PIN(int, pthread_mutexattr_settype, TORCHPIN_GLIBC_BASE,
             (pthread_mutexattr_t * attributes, int kind), (attributes, kind))
// glibc 2.32 gave libc's pthread_sigmask a version of its own.
TORCHPIN_PIN(int, pthread_sigmask, TORCHPIN_GLIBC_BASE,
             (int how, const sigset_t* set, sigset_t* old_set), (how, set, old_set))
TORCHPIN_PIN(void*, dlopen, TORCHPIN_GLIBC_BASE, (const char* file, int mode), (file, mode))
TORCHPIN_PIN(void*, dlsym, TORCHPIN_GLIBC_BASE, (void* handle, const char* name), (handle, name))
TORCHPIN_PIN(int, dlclose, TORCHPIN_GLIBC_BASE, (void* handle), (handle))
TORCHPIN_PIN(char*, dlerror, TORCHPIN_GLIBC_BASE, (), ())

// glibc 2.29 gave exp, log and pow new versions without the SVID error handling (matherr); the
// old ones compute the same values.
TORCHPIN_PIN(double, exp, TORCHPIN_GLIBC_BASE, (double x), (x))
TORCHPIN_PIN(double, log, TORCHPIN_GLIBC_BASE, (double x), (x))
TORCHPIN_PIN(double, pow, TORCHPIN_GLIBC_BASE, (double x, double y), (x, y))

// glibc 2.33 exported stat and its kin; before, the headers called __xstat(_STAT_VER, ...), which
// glibc still exports (on both architectures struct stat64 is struct stat).
TORCHPIN_OLD(int, __xstat, TORCHPIN_GLIBC_BASE,
             (int version, const char* path, struct stat* buffer));
TORCHPIN_OLD(int, __lxstat, TORCHPIN_GLIBC_BASE,
             (int version, const char* path, struct stat* buffer));
TORCHPIN_OLD(int, __fxstat, TORCHPIN_GLIBC_BASE, (int version, int file, struct stat* buffer));
extern "C" int __wrap_stat(const char* path, struct stat* buffer);
extern "C" int __wrap_stat(const char* path, struct stat* buffer) {
    return torchpin_compat___xstat(stat_version, path, buffer);
}
extern "C" int __wrap_lstat(const char* path, struct stat* buffer);
extern "C" int __wrap_lstat(const char* path, struct stat* buffer) {
    return torchpin_compat___lxstat(stat_version, path, buffer);
}
extern "C" int __wrap_fstat(int file, struct stat* buffer);
extern "C" int __wrap_fstat(int file, struct stat* buffer) {
    return torchpin_compat___fxstat(stat_version, file, buffer);
}
static_assert(sizeof(struct stat) == sizeof(struct stat64));
extern "C" int __wrap_stat64(const char* path, struct stat64* buffer);
extern "C" int __wrap_stat64(const char* path, struct stat64* buffer) {
    return torchpin_compat___xstat(stat_version, path, reinterpret_cast<struct stat*>(buffer));
}
extern "C" int __wrap_lstat64(const char* path, struct stat64* buffer);
extern "C" int __wrap_lstat64(const char* path, struct stat64* buffer) {
    return torchpin_compat___lxstat(stat_version, path, reinterpret_cast<struct stat*>(buffer));
}
extern "C" int __wrap_fstat64(int file, struct stat64* buffer);
extern "C" int __wrap_fstat64(int file, struct stat64* buffer) {
    return torchpin_compat___fxstat(stat_version, file, reinterpret_cast<struct stat*>(buffer));
}

// __libc_single_threaded (glibc 2.32), a byte libstdc++ reads to skip atomic reference counting
// while a process has one thread; the executable links a copy of it. Torchpin's own byte stays 0,
// "maybe several threads": always the atomic path, correct on any glibc.
extern "C" {
extern char __wrap___libc_single_threaded;
char __wrap___libc_single_threaded = 0;
}

// glibc 2.34 made crt1.o pass no initializer to __libc_start_main and run the program's
// constructors from libc. The base version is the same function, which on glibc before 2.34 runs
// only the initializer it is given (the old libc_nonshared's __libc_csu_init), and on 2.34 and
// later runs that initializer instead of its own loop. So it is given one that does what
// __libc_csu_init did: _init (crti.o), then .init_array (.preinit_array is the loader's job, and
// destructors are _dl_fini's, so no finalizer is passed).
using Main = int (*)(int, char**, char**);
extern "C" {
int torchpin_compat___libc_start_main(Main main, int argc, char** argv, Main init, void (*fini)(),
                                      void (*rtld_fini)(), void* stack_end);
__asm__(".symver torchpin_compat___libc_start_main, __libc_start_main@" TORCHPIN_GLIBC_BASE);
void _init();
extern void (*__init_array_start[])(int, char**, char**) __attribute__((visibility("hidden")));
extern void (*__init_array_end[])(int, char**, char**) __attribute__((visibility("hidden")));
}
static int run_initializers(int argc, char** argv, char** environment) {
    _init();
    for (auto* initializer = __init_array_start; initializer != __init_array_end; ++initializer) {
        (*initializer)(argc, argv, environment);
    }
    return 0;
}
extern "C" int __wrap___libc_start_main(Main main, int argc, char** argv, Main init, void (*fini)(),
                                        void (*rtld_fini)(), void* stack_end);
extern "C" int __wrap___libc_start_main(Main main, int argc, char** argv, Main /*init: none*/,
                                        void (* /*fini: none*/)(), void (*rtld_fini)(),
                                        void* stack_end) {
    return torchpin_compat___libc_start_main(main, argc, argv, run_initializers, nullptr, rtld_fini,
                                             stack_end);
}

// arc4random (glibc 2.36; libstdc++'s std::random_device): the kernel's random bytes, with
// getrandom (glibc 2.25), or /dev/urandom where the kernel has no getrandom. It cannot fail.
extern "C" std::uint32_t __wrap_arc4random();
extern "C" std::uint32_t __wrap_arc4random() {
    std::uint32_t value = 0;
    for (;;) {
        const auto got = getrandom(&value, sizeof value, 0);
        if (got == static_cast<ssize_t>(sizeof value)) {
            return value;
        }
        if (got < 0 && errno != EINTR) {
            break;
        }
    }
    const int file = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (file < 0 || read(file, &value, sizeof value) != static_cast<ssize_t>(sizeof value)) {
        std::abort();
    }
    close(file);
    return value;
}

// _dl_find_object (glibc 2.35): libgcc's unwinder asks it, on every frame of a thrown exception,
// for the PT_GNU_EH_FRAME segment of the object that holds an address. The same answer from
// dl_iterate_phdr, which is what libgcc itself used before 2.35; dlfo_link_map from the loader's
// list (_r_debug), matched by load address.
namespace {
struct FindObject {
    std::uintptr_t address;
    dl_find_object* result;
    bool found;
};

int find_object(dl_phdr_info* info, std::size_t, void* data) {
    auto& search = *static_cast<FindObject*>(data);
    std::uintptr_t start = UINTPTR_MAX;
    std::uintptr_t end = 0;
    bool holds = false;
    void* eh_frame = nullptr;
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; ++index) {
        const ElfW(Phdr)& header = info->dlpi_phdr[index];
        const std::uintptr_t segment = info->dlpi_addr + header.p_vaddr;
        if (header.p_type == PT_LOAD) {
            start = segment < start ? segment : start;
            end = segment + header.p_memsz > end ? segment + header.p_memsz : end;
            holds |= search.address >= segment && search.address < segment + header.p_memsz;
        } else if (header.p_type == PT_GNU_EH_FRAME) {
            eh_frame = reinterpret_cast<void*>(segment);
        }
    }
    if (!holds) {
        return 0;
    }
    link_map* map = _r_debug.r_map;
    while (map != nullptr && map->l_addr != info->dlpi_addr) {
        map = map->l_next;
    }
    *search.result = dl_find_object{};
    search.result->dlfo_map_start = reinterpret_cast<void*>(start);
    search.result->dlfo_map_end = reinterpret_cast<void*>(end);
    search.result->dlfo_link_map = map;
    search.result->dlfo_eh_frame = eh_frame;
    search.found = true;
    return 1;
}
} // namespace

extern "C" int __wrap__dl_find_object(void* address, dl_find_object* result);
extern "C" int __wrap__dl_find_object(void* address, dl_find_object* result) {
    FindObject search{reinterpret_cast<std::uintptr_t>(address), result, false};
    dl_iterate_phdr(find_object, &search);
    return search.found ? 0 : -1;
}
