// Must compile: engine/solver/ sees its own headers (the control of pep_includes_solver).
#include "engine/solver/solver.hpp"
