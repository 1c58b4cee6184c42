// Must compile: detect/ sees the engine's hardware facts (the control of detect_includes_index).
#include "engine/hardware/machine.hpp"
