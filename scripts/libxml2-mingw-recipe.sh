#!/usr/bin/env bash
# A recipe, wired into nothing yet: a static libxml2 for Windows (x86_64-w64-mingw32) built from
# Debian's source package, the HTML parser of a Windows torchpin (-DTORCHPIN_HTML_PARSER=libxml2).
#
#   source scripts/libxml2-mingw-recipe.sh
#   build_libxml2_mingw /tmp/xml-prefix   # about 1 min on 2 cores, after the source download
#   try_libxml2_mingw /tmp/xml-prefix     # links a small htmlReadMemory program, runs it in wine
#   PKG_CONFIG_LIBDIR=/tmp/xml-prefix/lib/pkgconfig pkg-config --static --cflags --libs libxml-2.0
#
# Needs deb-src lines in apt's sources, dpkg-dev (apt-get source), gcc-mingw-w64-x86-64-posix,
# and wine64 for the try. Debian 12 serves libxml2 2.9.14+dfsg; another version stops the build.
#
# Threads stay on (native Win32 threads): without them libxml2 keeps its last error in one global
# that every parse writes, even with errors turned off, and torchpin parses pages on one thread
# per core. Everything that would need another library or the network is left out: zlib, lzma,
# iconv (libxml2's own UTF-8, UTF-16 and Latin-1 converters remain), ICU, HTTP, FTP, catalogs,
# modules, Python and the debug module.

libxml2_mingw_host=x86_64-w64-mingw32
libxml2_mingw_version=2.9.14+dfsg

# Downloads Debian's libxml2 source into WORK_DIR (a new temporary folder by default), builds it
# for mingw and installs the static library, headers and libxml-2.0.pc under PREFIX.
build_libxml2_mingw() {
    local prefix=${1:?usage: build_libxml2_mingw PREFIX [WORK_DIR]}
    local work=${2:-$(mktemp -d)}
    (
        set -euo pipefail
        mkdir -p "$work" && cd "$work"
        apt-get source libxml2 >source.log 2>&1 || { tail -5 source.log >&2; exit 1; }
        local source_dir=libxml2-$libxml2_mingw_version
        [ -d "$source_dir" ] || {
            echo "build_libxml2_mingw: expected $source_dir, got: $(ls -d libxml2-*/)" >&2
            exit 1
        }
        cd "$source_dir"
        # Debian's patches edit Makefile.am (new tests): keep the shipped Makefile.in files, which
        # the build does not need regenerated, newer than their sources so make leaves automake be.
        touch aclocal.m4 && touch configure config.h.in && find . -name Makefile.in -exec touch {} +
        ./configure --host=$libxml2_mingw_host --prefix="$prefix" \
            CC=$libxml2_mingw_host-gcc-posix AR=$libxml2_mingw_host-ar \
            RANLIB=$libxml2_mingw_host-ranlib \
            --enable-static --disable-shared --with-threads \
            --without-python --without-zlib --without-lzma --without-iconv --without-icu \
            --without-http --without-ftp --without-modules --without-catalog --without-debug \
            >configure.log 2>&1 || { tail -20 configure.log >&2; exit 1; }
        make -j2 >make.log 2>&1 || { tail -30 make.log >&2; exit 1; }
        make install >install.log 2>&1 || { tail -20 install.log >&2; exit 1; }
        echo "libxml2 $libxml2_mingw_version for $libxml2_mingw_host in $prefix (logs in $PWD)"
    )
}

# Compiles a program that reads an HTML page with htmlReadMemory, links it statically against
# PREFIX's libxml2 and runs it with wine64: it prints the page's first <a href>.
try_libxml2_mingw() {
    local prefix=${1:?usage: try_libxml2_mingw PREFIX}
    (
        set -euo pipefail
        local work
        work=$(mktemp -d)
        cd "$work"
        cat >read_link.c <<'EOF'
#include <stdio.h>
#include <string.h>
#include <libxml/HTMLparser.h>

static xmlNodePtr first_link(xmlNodePtr node) {
    for (; node != NULL; node = node->next) {
        if (node->type == XML_ELEMENT_NODE && strcmp((const char*)node->name, "a") == 0) {
            return node;
        }
        xmlNodePtr inside = first_link(node->children);
        if (inside != NULL) {
            return inside;
        }
    }
    return NULL;
}

int main(void) {
    const char page[] = "<!DOCTYPE html><h1>Links for torch</h1>\n"
                        "<a href=\"torch-2.1.0%2Bcpu-cp311-cp311-win_amd64.whl#sha256=00&amp;x\">"
                        "torch</a>";
    htmlDocPtr doc = htmlReadMemory(page, (int)strlen(page), NULL, "UTF-8",
                                    HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
                                        HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
    xmlNodePtr link = doc ? first_link(doc->children) : NULL;
    if (link == NULL) {
        return 1;
    }
    xmlChar* href = xmlGetProp(link, (const xmlChar*)"href");
    printf("libxml2 %s: <a href=\"%s\"> on line %ld\n", LIBXML_DOTTED_VERSION,
           (const char*)href, xmlGetLineNo(link));
    xmlFree(href);
    xmlFreeDoc(doc);
    xmlCleanupParser();
    return 0;
}
EOF
        local pkg_config=(env PKG_CONFIG_LIBDIR="$prefix/lib/pkgconfig" pkg-config --static)
        # shellcheck disable=SC2046 # pkg-config's flags are separate words
        $libxml2_mingw_host-gcc-posix -O2 -static -o read_link.exe read_link.c \
            $("${pkg_config[@]}" --cflags libxml-2.0) $("${pkg_config[@]}" --libs libxml-2.0)
        local wine=wine64
        command -v wine64 >/dev/null || wine=/usr/lib/wine/wine64
        WINEDEBUG=-all "$wine" ./read_link.exe
    )
}
