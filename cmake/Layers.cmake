# The layering rule (docs/architecture.md): each source folder is one static library that sees,
# through an include folder of its own, only its own headers and those of the layers it may use,
# so an #include of any other layer fails to compile ("No such file or directory").
#
#   torchpin_layer(<target> FOLDER <folder> [USES <layer>...] [LINKS <library>...])
#
# FOLDER is relative to the repository root (engine/pep); USES names the layers whose headers it
# may include, and through them theirs; LINKS are other libraries (PUBLIC: their headers may
# appear in this layer's headers). The include folder is build/layer_views/<target>/, holding one
# symbolic link per visible folder, so headers keep their paths from the repository root
# (#include "engine/pep/version.hpp").
function(torchpin_layer target)
    cmake_parse_arguments(PARSE_ARGV 1 arg "" "FOLDER" "USES;LINKS")
    file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/${arg_FOLDER}/*.cpp)
    add_library(${target} STATIC ${sources})

    set(folders ${arg_FOLDER})
    foreach(layer ${arg_USES})
        get_target_property(layer_folders ${layer} TORCHPIN_VISIBLE_FOLDERS)
        list(APPEND folders ${layer_folders})
    endforeach()
    list(REMOVE_DUPLICATES folders)
    set_target_properties(${target} PROPERTIES TORCHPIN_VISIBLE_FOLDERS "${folders}")

    set(view ${PROJECT_BINARY_DIR}/layer_views/${target})
    file(REMOVE_RECURSE ${view})
    foreach(folder ${folders})
        get_filename_component(parent ${view}/${folder} DIRECTORY)
        file(MAKE_DIRECTORY ${parent})
        file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${folder} ${view}/${folder} SYMBOLIC)
    endforeach()
    target_include_directories(${target} PRIVATE ${view})
    target_link_libraries(${target} PUBLIC ${arg_USES} ${arg_LINKS} PRIVATE torchpin::warnings)
    set_property(GLOBAL APPEND PROPERTY TORCHPIN_LAYERS ${target})
endfunction()

# An interface library for the code above the layers (cli, tests, fuzz targets, benchmarks): the
# given layers, and every header by its path from the repository root.
function(torchpin_layer_group target)
    add_library(${target} INTERFACE)
    target_link_libraries(${target} INTERFACE ${ARGN})
    target_include_directories(${target} INTERFACE ${PROJECT_SOURCE_DIR})
endfunction()
