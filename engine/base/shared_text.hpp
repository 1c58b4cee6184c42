// An immutable text that copies share: one allocation however many rows hold the same long text.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace torchpin {

class SharedText {
public:
    SharedText() = default; // ""
    SharedText(std::string text)
        : text_(std::make_shared<const std::string>(std::move(text))) {}
    SharedText(const char* text)
        : SharedText(std::string(text)) {}

    std::string_view view() const noexcept { return text_ ? *text_ : std::string_view(); }
    operator std::string_view() const noexcept { return view(); }
    std::string str() const { return std::string(view()); }
    // The same for this text and its copies, and for no other text while one of them lives.
    const void* identity() const noexcept { return text_.get(); }

    friend bool operator==(const SharedText& a, const SharedText& b) noexcept {
        return a.view() == b.view();
    }
    friend bool operator==(const SharedText& a, std::string_view b) noexcept {
        return a.view() == b;
    }

private:
    std::shared_ptr<const std::string> text_;
};

} // namespace torchpin
