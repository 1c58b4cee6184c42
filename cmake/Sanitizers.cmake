# TORCHPIN_SANITIZE=ON builds everything with ASan and UBSan (no recovery: any report fails the run).
if(TORCHPIN_SANITIZE)
    add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
    add_link_options(-fsanitize=address,undefined)
endif()
