// How GPU names are compared: words without case, punctuation or brand, and the several products
// one pci.ids name can stand for.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// The words a GPU name is compared by: lowercase letters and digits, split at anything else and
// between letters and digits, without the leading brand words nvidia, geforce, tesla, amd, ati,
// radeon and intel (unless the name has nothing else):
// gpu_name_words("NVIDIA GeForce RTX-3090Ti") == {"rtx", "3090", "ti"}.
std::vector<std::string> gpu_name_words(std::string_view name);

// The products a table name stands for. pci.ids writes several SKUs of one device id with '/':
// "Radeon RX 6800/6800 XT / 6900 XT" -> {"Radeon RX 6800", "Radeon RX 6800 XT",
// "Radeon RX 6900 XT"}; a part starting with a model number takes the words before the previous
// part's model number. A name without '/' stands for itself.
std::vector<std::string> gpu_name_alternatives(std::string_view name);

// Whether `words` occur in `name_words` in order and next to each other.
bool contains_gpu_words(const std::vector<std::string>& name_words,
                        const std::vector<std::string>& words);

} // namespace torchpin
