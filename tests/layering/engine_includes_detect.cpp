// Must not compile: nothing in engine/ may use detect/, not even its top layer, check.
#include "detect/machine_detection.hpp"
