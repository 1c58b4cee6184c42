// Must not compile: detect/ may use importers/input/ only, not the index page readers.
#include "importers/index/index_page.hpp"
