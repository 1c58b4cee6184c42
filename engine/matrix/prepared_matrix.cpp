// prepared_form and matrix_from_prepared: each fact's fields listed once, for both directions.
#include "engine/matrix/prepared_matrix.hpp"

#include "engine/base/text_hash.hpp"
#include "engine/matrix/compat_matrix_loader.hpp"
#include "engine/matrix/dataset_tables.hpp"

#include <bit>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <exception>
#include <set>
#include <stdexcept>
#include <tuple>
#include <type_traits>
#include <utility>

namespace torchpin {

namespace {

template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};
template <class T>
struct IsVector : std::false_type {};
template <class T>
struct IsVector<std::vector<T>> : std::true_type {};
template <class T>
struct IsPair : std::false_type {};
template <class A, class B>
struct IsPair<std::pair<A, B>> : std::true_type {};

// The number of members of an aggregate: the most values it can be initialized with, every
// member given one (a member with no default, such as a Backend, must be).
struct AnyMember {
    template <class T>
    requires(!IsOptional<T>::value) // an optional member takes it through its own constructor
    operator T() const {            // only asked whether it converts, never called
        std::terminate();
    }
};
template <class T, std::size_t... I>
consteval bool initializes_with(std::index_sequence<I...>) {
    return requires {
        T{(static_cast<void>(I), AnyMember{})...};
    };
}
template <class T, std::size_t N = 24>
consteval std::size_t member_count() {
    if constexpr (N == 0 || initializes_with<T>(std::make_index_sequence<N>{})) {
        return N;
    } else {
        return member_count<T, N - 1>();
    }
}

template <class T, class U>
concept Is = std::same_as<std::remove_const_t<T>, U>;

// Visits `listed`, which must be every member of the fact `T`: a member added to a fact, or left
// out of its list, fails the build here, so that the form never drops one silently.
template <class T, class V, class... Members>
void members(V& v, Members&... listed) {
    static_assert(sizeof...(Members) == member_count<T>(), "list every member of the fact");
    (v(listed), ...);
}

// Each fact's members in the form's order.
template <class V>
void fields(V& v, Is<ReleaseFact> auto& r) {
    members<ReleaseFact>(v, r.torch, r.torchvision, r.torchaudio, r.torchvision_series,
                         r.torchaudio_series, r.torchaudio_note, r.python, r.install_style,
                         r.release_date, r.from_index, r.torchvision_metadata_of,
                         r.torchaudio_metadata_of);
}
template <class V>
void fields(V& v, Is<PublishedBackend> auto& p) {
    members<PublishedBackend>(v, p.torch, p.backend, p.os, p.arch, p.projection);
}
template <class V>
void fields(V& v, Is<ReleaseCuda> auto& r) {
    members<ReleaseCuda>(v, r.torch, r.backend, r.cuda, r.os);
}
template <class V>
void fields(V& v, Is<CompanionRange> auto& r) {
    members<CompanionRange>(v, r.package, r.version, r.torch, r.released_with,
                            r.stated_by_metadata_of);
}
template <class V>
void fields(V& v, Is<CudaDriverFact> auto& d) {
    members<CudaDriverFact>(v, d.cuda, d.os, d.minimum);
}
template <class V>
void fields(V& v, Is<CompatFloor> auto& f) {
    members<CompatFloor>(v, f.cuda_major, f.os, f.minimum, f.below);
}
template <class V>
void fields(V& v, Is<CudaBranch> auto& b) {
    members<CudaBranch>(v, b.cuda, b.branch);
}
template <class V>
void fields(V& v, Is<ArchListFact> auto& a) {
    members<ArchListFact>(v, a.torch, a.backend, a.os, a.arch, a.arch_list, a.basis);
}
template <class V>
void fields(V& v, Is<KnownIssueFact> auto& k) {
    members<KnownIssueFact>(v, k.issue, k.os, k.torch, k.backend, k.severity, k.error, k.cause,
                            k.fix, k.links, k.summary, k.fix_summary, k.unless_vc_runtime,
                            k.patterns, k.message_source, k.message_only, k.decided_by);
}
// The matrix's eagerly read parts; the rest (tables read on demand, wheels) a load sets itself.
template <class V>
void fields(V& v, Is<CompatMatrix> auto& m) {
    v(m.revision), v(m.data_as_of), v(m.releases), v(m.published), v(m.backend_cuda),
        v(m.release_cuda), v(m.companion_ranges), v(m.cuda_drivers), v(m.compat_floors),
        v(m.cuda_branches), v(m.arch_lists), v(m.first_cuda), v(m.known_issues), v(m.wheel_lists);
}

template <class T>
concept Fact = requires(T& t, int& visitor) {
    fields(visitor, t);
};

// The engine types a form holds as text, each in a table of its own: a value is its text's place
// in its type's table, so that a read parses each distinct text once and finds it by that place
// (a lookup by text hashed every value: a tenth of a load).
template <class T>
concept TextValue = requires(const T& t, std::string_view text) {
    { t.to_string() } -> std::convertible_to<std::string>;
    {T::parse(text)};
};
template <template <class> class Of>
using PerTextType =
    std::tuple<Of<Version>, Of<Backend>, Of<SpecifierSet>, Of<CudaVersion>, Of<DriverVersion>,
               Of<ComputeCapability>, Of<VcRuntimeVersion>, Of<ArchTarget>>;

// One type's texts as a form writes them, each once, in the order first written.
template <class T>
struct WrittenTexts {
    std::vector<std::string> texts;
    TextMap<std::uint64_t> place;
};

class Writer {
public:
    std::string bytes;
    PerTextType<WrittenTexts> tables;

    void operator()(const std::string& text) {
        (*this)(static_cast<std::uint64_t>(text.size()));
        bytes += text;
    }
    void operator()(bool flag) { bytes += static_cast<char>(flag ? 1 : 0); }
    template <std::integral Number>
    requires(!std::same_as<Number, bool>) void operator()(Number number) {
        const auto value = static_cast<std::uint64_t>(number);
        for (int shift = 0; shift < 64; shift += 8) {
            bytes += static_cast<char>((value >> shift) & 0xff);
        }
    }
    template <class Enum>
    requires std::is_enum_v<Enum>
    void operator()(Enum value) {
        static_assert(sizeof(Enum) == 1);
        bytes += static_cast<char>(value);
    }
    template <TextValue T>
    void operator()(const T& value) {
        auto& table = std::get<WrittenTexts<T>>(tables);
        const auto [it, fresh] = table.place.try_emplace(value.to_string(), table.texts.size());
        if (fresh) {
            table.texts.push_back(it->first);
        }
        (*this)(it->second);
    }
    template <class T>
    void operator()(const std::optional<T>& value) {
        (*this)(value.has_value());
        if (value) {
            (*this)(*value);
        }
    }
    template <class T>
    void operator()(const std::vector<T>& values) {
        (*this)(static_cast<std::uint64_t>(values.size()));
        for (const T& value : values) {
            (*this)(value);
        }
    }
    template <class A, class B>
    void operator()(const std::pair<A, B>& pair) {
        (*this)(pair.first), (*this)(pair.second);
    }
    void operator()(const WheelLists& names) {
        (*this)(static_cast<std::uint64_t>(names.size()));
        for (const std::string& name : names) {
            (*this)(name);
        }
    }
    template <class T>
    requires Fact<const T>
    void operator()(const T& fact) { fields(*this, fact); }
};

class Reader {
public:
    explicit Reader(std::string_view bytes)
        : rest_(bytes) {}

    bool done() const noexcept { return rest_.empty(); }

    template <class T>
    void operator()(T& value) {
        value = next<T>();
    }

    // The next value, made from its bytes alone: engine types and facts have no default value
    // (a fact starts from its RowSeed, whose placeholders every field overwrites).
    template <class T>
    T next() {
        if constexpr (std::same_as<T, std::string>) {
            return std::string(take(count()));
        } else if constexpr (std::same_as<T, bool>) {
            return take(1).front() != 0;
        } else if constexpr (std::integral<T>) {
            const std::string_view bytes = take(8);
            std::uint64_t value = 0;
            if constexpr (std::endian::native == std::endian::little) {
                std::memcpy(&value, bytes.data(), sizeof value);
            } else {
                for (auto byte = bytes.rbegin(); byte != bytes.rend(); ++byte) {
                    value = (value << 8) | static_cast<unsigned char>(*byte);
                }
            }
            return static_cast<T>(value);
        } else if constexpr (std::is_enum_v<T>) {
            static_assert(sizeof(T) == 1);
            return static_cast<T>(static_cast<unsigned char>(take(1).front()));
        } else if constexpr (TextValue<T>) {
            return parsed<T>(next<std::uint64_t>());
        } else if constexpr (IsOptional<T>::value) {
            return next<bool>() ? T(next<typename T::value_type>()) : std::nullopt;
        } else if constexpr (IsVector<T>::value) {
            const std::size_t n = count();
            T values;
            values.reserve(n);
            while (values.size() < n) {
                values.push_back(next<typename T::value_type>());
            }
            return values;
        } else if constexpr (std::same_as<T, WheelLists>) {
            WheelLists names;
            for (std::size_t n = count(); n > 0; --n) {
                names.insert(next<std::string>());
            }
            return names;
        } else if constexpr (IsPair<T>::value) {
            auto first = next<typename T::first_type>();
            return T(std::move(first), next<typename T::second_type>());
        } else {
            T fact = RowSeed<T>::make();
            fields(*this, fact);
            return fact;
        }
    }

    // The texts of each type's table, as the form lists them after its layout.
    void read_texts() {
        std::apply([&](auto&... table) { (read_texts(table), ...); }, tables_);
    }

private:
    template <class T>
    struct ReadTexts {
        std::vector<std::string_view> texts;  // in the form's bytes
        std::vector<std::optional<T>> values; // each parsed on first use
    };

    template <class T>
    void read_texts(ReadTexts<T>& table) {
        const std::size_t n = count();
        table.texts.reserve(n);
        while (table.texts.size() < n) {
            table.texts.push_back(take(count()));
        }
        table.values.resize(n);
    }

    template <class T>
    T parsed(std::uint64_t place) {
        auto& table = std::get<ReadTexts<T>>(tables_);
        if (place >= table.texts.size()) {
            throw std::runtime_error("a prepared matrix names a value its tables do not hold");
        }
        std::optional<T>& value = table.values[place];
        if (!value) {
            auto parsed = T::parse(table.texts[place]);
            if (!parsed) {
                throw std::runtime_error("a prepared matrix holds \"" +
                                         std::string(table.texts[place]) +
                                         "\": " + parsed.error().message);
            }
            value = *std::move(parsed);
        }
        return *value;
    }
    std::size_t count() {
        const auto n = next<std::uint64_t>();
        if (n > rest_.size()) { // every item takes a byte at least
            throw std::runtime_error("a prepared matrix ends before its values do");
        }
        return static_cast<std::size_t>(n);
    }
    std::string_view take(std::size_t size) {
        if (size > rest_.size()) {
            throw std::runtime_error("a prepared matrix ends before its values do");
        }
        const std::string_view taken = rest_.substr(0, size);
        rest_.remove_prefix(size);
        return taken;
    }

    std::string_view rest_;
    PerTextType<ReadTexts> tables_;
};

} // namespace

std::string prepared_form(const CompatMatrix& every_platform) {
    Writer body;
    body(every_platform);
    Writer form;
    form(std::string(prepared_layout));
    std::apply([&](const auto&... table) { (form(table.texts), ...); }, body.tables);
    return std::move(form.bytes) + body.bytes;
}

CompatMatrix matrix_from_prepared(std::string_view form) {
    Reader reader(form);
    std::string layout;
    reader(layout);
    if (layout != prepared_layout) {
        throw std::runtime_error("a prepared matrix of another layout (" + layout + ")");
    }
    reader.read_texts();
    CompatMatrix m;
    reader(m);
    if (!reader.done()) {
        throw std::runtime_error("a prepared matrix has bytes past its values");
    }
    return m;
}

std::string prepared_platform(const TagEnvironment* env) {
    return env != nullptr ? std::string(name(env->os)) + " " + std::string(name(env->arch))
                          : "every";
}

std::vector<PreparedForm> prepared_forms(MatrixStore& store, std::int64_t revision) {
    const CompatMatrix every_platform = load_compat_matrix_tables(store, revision);
    std::vector<PreparedForm> forms{{prepared_platform(nullptr), prepared_form(every_platform)}};
    std::set<std::pair<OperatingSystem, CpuArch>> platforms;
    for (const PublishedBackend& build : every_platform.published) {
        platforms.emplace(build.os, build.arch);
    }
    for (const auto& [os, arch] : platforms) {
        const TagEnvironment env{.os = os, .arch = arch};
        forms.push_back({prepared_platform(&env),
                         prepared_form(load_compat_matrix_tables(store, revision, &env))});
    }
    return forms;
}

} // namespace torchpin
