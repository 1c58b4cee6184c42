// Must not compile: importers/ may not use cli/.
#include "cli/output.hpp"
