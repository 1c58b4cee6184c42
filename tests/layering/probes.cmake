# The layering rule, tested through the build itself: each probe is one #include compiled exactly
# as a file of the named layer is (its include folder, its libraries). A probe that `rejects`
# passes only when the compiler stops at that #include with "not found"; one that `accepts` must
# compile, which shows that the rejecting probes fail for the rule and not for being probes.
function(torchpin_layering_probe name layer expectation header)
    set(target layering_${name})
    add_library(${target} OBJECT EXCLUDE_FROM_ALL ${CMAKE_CURRENT_SOURCE_DIR}/layering/${name}.cpp)
    target_include_directories(${target} PRIVATE $<TARGET_PROPERTY:${layer},INCLUDE_DIRECTORIES>)
    target_link_libraries(${target} PRIVATE ${layer} torchpin::warnings)
    add_test(NAME ${target}
             COMMAND ${CMAKE_COMMAND} --build ${PROJECT_BINARY_DIR} --target ${target})
    # One build at a time in the build folder: two ninja runs there would race on its logs.
    set_tests_properties(${target} PROPERTIES LABELS layering RESOURCE_LOCK build_folder
                         TIMEOUT 300)
    if(expectation STREQUAL "rejects")
        string(REPLACE "." "[.]" pattern ${header})
        set_tests_properties(${target} PROPERTIES PASS_REGULAR_EXPRESSION
                             "${pattern}(: No such file or directory|' file not found)")
    elseif(NOT expectation STREQUAL "accepts")
        message(FATAL_ERROR "torchpin_layering_probe: expected 'rejects' or 'accepts'")
    endif()
endfunction()

torchpin_layering_probe(pep_includes_solver torchpin_engine_pep rejects engine/solver/solver.hpp)
torchpin_layering_probe(solver_includes_solver torchpin_engine_solver accepts
                        engine/solver/solver.hpp)
torchpin_layering_probe(engine_includes_detect torchpin_engine_check rejects
                        detect/machine_detection.hpp)
torchpin_layering_probe(matrix_includes_importers torchpin_engine_matrix rejects
                        importers/input/text_input.hpp)
torchpin_layering_probe(detect_includes_index torchpin_detect rejects
                        importers/index/index_page.hpp)
torchpin_layering_probe(detect_includes_hardware torchpin_detect accepts
                        engine/hardware/machine.hpp)
torchpin_layering_probe(lock_includes_cli torchpin_importers_lock rejects cli/output.hpp)
