#include "common/deferred_job.h"

#include <chrono>
#include <utility>

namespace vc {

DeferredJob::DeferredJob(int threads) : threads_(threads) {}

DeferredJob::~DeferredJob() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void DeferredJob::Submit(std::function<void()> work) {
  Drop();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    work_ = std::move(work);
    waiting_ = true;
    running_ = false;
    done_ = false;
    error_ = nullptr;
  }
  has_job_ = true;
  if (threads_ > 1) {
    // Started with the first job, so that a session that never defers work
    // never has a second thread.
    if (!thread_.joinable()) thread_ = std::thread([this] { RunWorker(); });
    changed_.notify_all();
  }
}

double DeferredJob::Collect(double* waited) {
  if (waited != nullptr) *waited = 0;
  if (!has_job_) return 0;
  has_job_ = false;
  const auto start = std::chrono::steady_clock::now();
  std::exception_ptr error;
  double milliseconds = 0;
  if (threads_ > 1) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return done_; });
    error = error_;
    milliseconds = milliseconds_;
    done_ = false;
    work_ = nullptr;
  } else {
    std::function<void()> work;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      work = std::move(work_);
      work_ = nullptr;
      waiting_ = false;
    }
    milliseconds = Run(work, &error);
  }
  if (waited != nullptr) {
    const std::chrono::duration<double, std::milli> held =
        std::chrono::steady_clock::now() - start;
    *waited = held.count();
  }
  if (error) std::rethrow_exception(error);
  return milliseconds;
}

void DeferredJob::Drop() {
  if (!has_job_) return;
  has_job_ = false;
  std::unique_lock<std::mutex> lock(mutex_);
  // A job not yet started is withdrawn; a running one is waited for, so
  // that what it writes is free for the next.
  waiting_ = false;
  changed_.wait(lock, [this] { return !running_; });
  done_ = false;
  work_ = nullptr;
  error_ = nullptr;
}

void DeferredJob::RunWorker() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return stopping_ || waiting_; });
    if (stopping_) return;
    waiting_ = false;
    running_ = true;
    const std::function<void()> work = std::move(work_);
    work_ = nullptr;
    lock.unlock();
    std::exception_ptr error;
    const double milliseconds = Run(work, &error);
    lock.lock();
    running_ = false;
    milliseconds_ = milliseconds;
    error_ = error;
    done_ = true;
    changed_.notify_all();
  }
}

double DeferredJob::Run(const std::function<void()>& work,
                        std::exception_ptr* error) {
  const auto start = std::chrono::steady_clock::now();
  try {
    work();
  } catch (...) {
    *error = std::current_exception();
  }
  const std::chrono::duration<double, std::milli> elapsed =
      std::chrono::steady_clock::now() - start;
  return elapsed.count();
}

}  // namespace vc
