// fetch_all with WinHTTP: worker threads, a shared queue of due attempts, progress on the caller.
#include "net/fetch_policy.hpp"
#include "net/http_client.hpp"
#include "net/winhttp/attempt.hpp"
#include "net/winhttp/session.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <vector>

namespace torchpin::net {

namespace {

using Clock = RetryClock;

// The queue, the answers and the worker threads of one fetch_all. Destroying it stops the workers
// (a stop request ends their waits for WinHTTP and for backoff) and joins them, so an exception
// from the progress callback leaves no thread behind.
class Fetch {
public:
    Fetch(const std::vector<HttpRequest>& requests, const FetchSettings& settings,
          HINTERNET session)
        : requests_(requests)
        , settings_(settings)
        , session_(session)
        , responses_(requests.size()) {
        for (std::size_t i = 0; i < requests.size(); ++i) {
            waiting_.push_back({i, 1, Clock::time_point::min()});
        }
    }
    Fetch(const Fetch&) = delete;
    Fetch& operator=(const Fetch&) = delete;
    ~Fetch() {
        stop();
        for (std::thread& worker : workers_) {
            worker.join();
        }
    }

    void start(std::size_t worker_count) {
        for (std::size_t i = 0; i < worker_count; ++i) {
            workers_.emplace_back([this] { work(); });
        }
    }

    // Waits until a transfer finishes or `timeout` passes; false once every request has its final
    // answer or a worker has failed.
    bool wait(std::chrono::milliseconds timeout) {
        std::unique_lock lock(mutex_);
        changed_.wait_for(lock, timeout, [this] { return finished_ != reported_ || over(); });
        reported_ = finished_;
        return !over();
    }

    FetchProgress progress() const {
        const std::lock_guard lock(mutex_);
        return {done_, requests_.size(), received_.load()};
    }

    // The answers in request order; rethrows what stopped a worker.
    std::vector<HttpResponse> take_responses() {
        const std::lock_guard lock(mutex_);
        if (failure_) {
            std::rethrow_exception(failure_);
        }
        return std::move(responses_);
    }

private:
    bool over() const { return done_ == requests_.size() || failure_ != nullptr; }

    void stop() noexcept {
        {
            const std::lock_guard lock(mutex_);
            stop_.request_stop();
        }
        changed_.notify_all();
    }

    void work() noexcept {
        try {
            while (const std::optional<Waiting> next = next_due()) {
                AttemptOutcome outcome = fetch_once(session_, requests_[next->index], settings_,
                                                    stop_.get_token(), received_);
                outcome.response.attempts = next->attempt;
                record(*next, std::move(outcome));
            }
        } catch (...) {
            {
                const std::lock_guard lock(mutex_);
                failure_ = std::current_exception();
            }
            stop();
        }
    }

    // The next attempt due, after waiting for one; nullopt when there is nothing left to do.
    std::optional<Waiting> next_due() {
        std::unique_lock lock(mutex_);
        for (;;) {
            if (stop_.stop_requested() || over()) {
                return std::nullopt;
            }
            const auto earliest = std::min_element(
                waiting_.begin(), waiting_.end(),
                [](const auto& a, const auto& b) { return a.not_before < b.not_before; });
            if (earliest == waiting_.end()) {
                changed_.wait(lock); // the others' transfers may still be retried
            } else if (earliest->not_before > Clock::now()) {
                changed_.wait_until(lock, earliest->not_before);
            } else {
                const Waiting due = *earliest;
                waiting_.erase(earliest);
                return due;
            }
        }
    }

    void record(const Waiting& attempted, AttemptOutcome outcome) {
        {
            const std::lock_guard lock(mutex_);
            if (outcome.worth_retrying && attempted.attempt <= settings_.retries) {
                waiting_.push_back({attempted.index, attempted.attempt + 1,
                                    Clock::now() + backoff(settings_, attempted.attempt)});
            } else {
                ++done_;
            }
            responses_[attempted.index] = std::move(outcome.response);
            ++finished_;
        }
        changed_.notify_all();
    }

    const std::vector<HttpRequest>& requests_;
    const FetchSettings& settings_;
    const HINTERNET session_;
    std::atomic<std::size_t> received_{0};

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<Waiting> waiting_;
    std::vector<HttpResponse> responses_;
    std::size_t done_ = 0;     // requests with their final answer
    std::size_t finished_ = 0; // attempts finished, retried or not
    std::size_t reported_ = 0; // finished_ at the last wait()
    std::stop_source stop_;
    std::exception_ptr failure_;
    std::vector<std::thread> workers_;
};

} // namespace

std::vector<HttpResponse> fetch_all(const std::vector<HttpRequest>& requests,
                                    const FetchSettings& settings,
                                    const ProgressCallback& progress) {
    const InternetHandle session = open_session(settings.user_agent);
    if (requests.empty()) {
        return {};
    }
    Fetch fetch(requests, settings, session.get());
    fetch.start(std::clamp<std::size_t>(settings.parallel, 1, requests.size()));
    for (;;) {
        const bool running = fetch.wait(progress_interval);
        if (progress) {
            progress(fetch.progress());
        }
        if (!running) {
            return fetch.take_responses();
        }
    }
}

} // namespace torchpin::net
