// import_page_files: pages read and parsed on worker threads, handed over in their order.
#include "importers/index/page_files.hpp"

#include "engine/base/utf8_path.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

namespace torchpin {

namespace {

PageImport import_page_file(const PageFile& file, const PageOptions& options,
                            std::size_t max_bytes) {
    const TextInput page = TextInput::read_file(file.path, max_bytes);
    return import_index_page(page, file.url, options,
                             SourceInfo{"", file.url, "", utc_now_iso8601(), utf8_of(file.path)});
}

// One page's outcome, filled by a worker and taken by the consuming thread.
struct PageOutcome {
    bool done = false;
    std::optional<PageImport> page;
    std::exception_ptr error;
};

// Workers take the next page number and publish its outcome; the caller waits for each page in
// order. Leaving early (an error, or `consume` throwing) stops the workers after their page.
class PageWorkers {
public:
    PageWorkers(const std::vector<PageFile>& files, const PageOptions& options,
                std::size_t max_bytes)
        : files_(files)
        , options_(options)
        , max_bytes_(max_bytes)
        , outcomes_(files.size()) {}

    void start(std::size_t count) {
        for (std::size_t i = 0; i < count; ++i) {
            threads_.emplace_back([this] { work(); });
        }
    }
    ~PageWorkers() { stop_ = true; } // the threads join after this, when threads_ goes

    PageImport take(std::size_t index) {
        std::unique_lock lock(mutex_);
        published_.wait(lock, [&] { return outcomes_[index].done; });
        PageOutcome outcome = std::move(outcomes_[index]);
        lock.unlock();
        if (outcome.error) {
            std::rethrow_exception(outcome.error);
        }
        return std::move(*outcome.page);
    }

private:
    void work() {
        for (std::size_t index; !stop_ && (index = next_++) < files_.size();) {
            PageOutcome outcome{true, std::nullopt, nullptr};
            try {
                outcome.page = import_page_file(files_[index], options_, max_bytes_);
            } catch (...) {
                outcome.error = std::current_exception();
            }
            {
                const std::lock_guard lock(mutex_);
                outcomes_[index] = std::move(outcome);
            }
            published_.notify_all();
        }
    }

    const std::vector<PageFile>& files_;
    const PageOptions& options_;
    std::size_t max_bytes_;
    std::vector<PageOutcome> outcomes_;
    std::mutex mutex_;
    std::condition_variable published_;
    std::atomic<std::size_t> next_{0};
    std::atomic<bool> stop_{false};
    std::vector<std::jthread> threads_; // last: joined before the state above is destroyed
};

} // namespace

void import_page_files(const std::vector<PageFile>& files, const PageOptions& options,
                       std::size_t max_bytes, const std::function<void(PageImport&&)>& consume,
                       std::size_t threads) {
    if (threads == 0) {
        threads = std::max(1u, std::thread::hardware_concurrency());
    }
    threads = std::min(threads, files.size());
    if (threads <= 1) {
        for (const PageFile& file : files) {
            consume(import_page_file(file, options, max_bytes));
        }
        return;
    }
    PageWorkers workers(files, options, max_bytes);
    workers.start(threads);
    for (std::size_t index = 0; index < files.size(); ++index) {
        consume(workers.take(index));
    }
}

} // namespace torchpin
