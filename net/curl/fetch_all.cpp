// fetch_all with libcurl: a multi loop that keeps up to N transfers running and schedules retries.
#include "net/curl/curl_library.hpp"
#include "net/curl/transfer.hpp"
#include "net/fetch_policy.hpp"
#include "net/http_client.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>

namespace torchpin::net {

namespace {

using Clock = RetryClock;

struct Running {
    std::size_t index;
    int attempt;
    std::unique_ptr<Transfer> transfer;
};

// The multi handle and the transfers in it; removes and frees them all, even on a throw.
class MultiTransfers {
public:
    explicit MultiTransfers(const CurlLibrary& curl)
        : curl_(curl)
        , multi_(curl.multi_init()) {
        if (multi_ == nullptr) {
            throw std::runtime_error("libcurl could not start (curl_multi_init)");
        }
    }
    MultiTransfers(const MultiTransfers&) = delete;
    MultiTransfers& operator=(const MultiTransfers&) = delete;
    ~MultiTransfers() {
        for (auto& [handle, running] : running_) {
            curl_.multi_remove_handle(multi_, handle);
        }
        running_.clear();
        curl_.multi_cleanup(multi_);
    }

    void start(Running running) {
        CURL* handle = running.transfer->handle();
        check(curl_.multi_add_handle(multi_, handle));
        running_.emplace(handle, std::move(running));
    }

    std::size_t size() const noexcept { return running_.size(); }

    // Lets libcurl move every transfer along as far as it can without waiting.
    void perform() {
        int still_running = 0;
        check(curl_.multi_perform(multi_, &still_running));
    }

    // Waits at most `timeout` for activity on any transfer.
    void wait(std::chrono::milliseconds timeout) {
        check(curl_.multi_poll(multi_, nullptr, 0, static_cast<int>(timeout.count()), nullptr));
    }

    // The next transfer libcurl has finished, taken out of the multi handle, with its result.
    std::optional<std::pair<Running, CURLcode>> next_finished() {
        int queued = 0;
        while (CURLMsg* message = curl_.multi_info_read(multi_, &queued)) {
            if (message->msg != CURLMSG_DONE) {
                continue;
            }
            auto found = running_.find(message->easy_handle);
            const CURLcode result = message->data.result;
            curl_.multi_remove_handle(multi_, message->easy_handle);
            Running running = std::move(found->second);
            running_.erase(found);
            return std::pair{std::move(running), result};
        }
        return std::nullopt;
    }

private:
    void check(CURLMcode code) const {
        if (code != CURLM_OK) {
            throw std::runtime_error(std::string("libcurl multi interface: ") +
                                     curl_.multi_strerror(code));
        }
    }

    const CurlLibrary& curl_;
    CURLM* multi_;
    std::map<CURL*, Running> running_;
};

// How long to wait for transfer activity: at most until the next progress report, and while
// there is room for another transfer, until the next retry is due.
std::chrono::milliseconds time_to_wait(const std::vector<Waiting>& waiting, bool room) {
    auto timeout = progress_interval;
    if (!room) {
        return timeout;
    }
    for (const Waiting& w : waiting) {
        const auto until =
            std::chrono::ceil<std::chrono::milliseconds>(w.not_before - Clock::now());
        timeout = std::clamp(until, std::chrono::milliseconds{0}, timeout);
    }
    return timeout;
}

} // namespace

std::vector<HttpResponse> fetch_all(const std::vector<HttpRequest>& requests,
                                    const FetchSettings& settings,
                                    const ProgressCallback& progress) {
    const CurlLibrary& curl = curl_library();
    std::vector<HttpResponse> responses(requests.size());
    std::vector<Waiting> waiting;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        waiting.push_back({i, 1, Clock::now()});
    }
    std::size_t received = 0;
    FetchProgress status{0, requests.size(), 0};
    auto last_report = Clock::now();
    const auto report = [&] {
        if (progress) {
            status.bytes = received;
            progress(status);
            last_report = Clock::now();
        }
    };
    MultiTransfers transfers(curl);
    const std::size_t parallel = std::max<std::size_t>(settings.parallel, 1);
    while (!waiting.empty() || transfers.size() > 0) {
        const auto now = Clock::now();
        for (auto it = waiting.begin(); it != waiting.end() && transfers.size() < parallel;) {
            if (it->not_before > now) {
                ++it;
                continue;
            }
            transfers.start(
                {it->index, it->attempt,
                 std::make_unique<Transfer>(curl, requests[it->index], settings, received)});
            it = waiting.erase(it);
        }
        transfers.perform();
        bool any_finished = false;
        while (auto finished = transfers.next_finished()) {
            any_finished = true;
            auto& [running, result] = *finished;
            HttpResponse response = running.transfer->finish(result, running.attempt);
            if (Transfer::worth_retrying(response, result) && running.attempt <= settings.retries) {
                waiting.push_back({running.index, running.attempt + 1,
                                   Clock::now() + backoff(settings, running.attempt)});
            } else {
                ++status.done;
            }
            responses[running.index] = std::move(response);
            report();
        }
        if (Clock::now() - last_report >= progress_interval) {
            report();
        }
        if (!any_finished) {
            transfers.wait(time_to_wait(waiting, transfers.size() < parallel));
        }
    }
    return responses;
}

} // namespace torchpin::net
