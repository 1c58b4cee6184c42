# The catalog rule (engine/check/finding_catalog.hpp), tested through the build itself: an id the
# catalog lacks, or one that the catalog gives to the other command, must not compile. Each probe
# is compiled as a file of engine/check is; one that `rejects` passes only when the compiler stops
# at the catalog's finding_id_not_in_catalog(), one that `accepts` must compile, which shows that
# the rejecting probes fail for the id and not for being probes (as tests/layering/probes.cmake).
function(torchpin_catalog_probe name expectation)
    set(target catalog_${name})
    add_library(${target} OBJECT EXCLUDE_FROM_ALL ${CMAKE_CURRENT_SOURCE_DIR}/catalog/${name}.cpp)
    target_include_directories(${target} PRIVATE
                               $<TARGET_PROPERTY:torchpin_engine_check,INCLUDE_DIRECTORIES>)
    target_link_libraries(${target} PRIVATE torchpin_engine_check torchpin::warnings)
    add_test(NAME ${target}
             COMMAND ${CMAKE_COMMAND} --build ${PROJECT_BINARY_DIR} --target ${target})
    # One build at a time in the build folder: two ninja runs there would race on its logs.
    set_tests_properties(${target} PROPERTIES LABELS catalog RESOURCE_LOCK build_folder
                         TIMEOUT 300)
    if(expectation STREQUAL "rejects")
        # GCC: "call to non-'constexpr' function 'void torchpin::catalog_detail::
        # finding_id_not_in_catalog()'"; clang: "non-constexpr function
        # 'finding_id_not_in_catalog' cannot be used in a constant expression".
        set_tests_properties(${target} PROPERTIES PASS_REGULAR_EXPRESSION
                             "non-.?.?.?constexpr.?.?.? function .*finding_id_not_in_catalog")
    elseif(NOT expectation STREQUAL "accepts")
        message(FATAL_ERROR "torchpin_catalog_probe: expected 'rejects' or 'accepts'")
    endif()
endfunction()

torchpin_catalog_probe(unknown_rule_id rejects)
torchpin_catalog_probe(doctor_id_as_rule_id rejects)
torchpin_catalog_probe(known_ids accepts)
