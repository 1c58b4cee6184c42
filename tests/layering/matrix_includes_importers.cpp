// Must not compile: engine/ may not use importers/ (here engine/matrix/ tries).
#include "importers/input/text_input.hpp"
