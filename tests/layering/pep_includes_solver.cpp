// Must not compile: engine/pep/ is below engine/solver/ (tests/layering/probes.cmake).
#include "engine/solver/solver.hpp"
