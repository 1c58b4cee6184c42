// The readers' name for the lockfile model, which lives in the engine so the check rules can use
// it.
#pragma once

#include "engine/locked_requirements.hpp"
