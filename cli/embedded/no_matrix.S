/* The stage-0 binary embeds no matrix (an empty image): it is the tool that builds the matrix. */
    .section .rodata
    .global torchpin_embedded_matrix
    .global torchpin_embedded_matrix_end
torchpin_embedded_matrix:
torchpin_embedded_matrix_end:
    .section .note.GNU-stack,"",@progbits
