// Work handed over with one frame and collected with a later one, run
// meanwhile on a worker thread (two threads) or when it is collected (one
// thread). The work and its result are the same either way, so a session's
// output does not depend on the thread count or on timing: only when the
// result joins (the collecting frame) matters, and the caller fixes that.
//
// The work reads only what it captured and writes only what the caller
// will not touch until Collect() or Drop() returns.
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace vc {

class DeferredJob {
 public:
  // threads: 1 runs work on the caller's thread when collected; 2 on a
  // worker thread started with the first submission.
  explicit DeferredJob(int threads);
  ~DeferredJob();
  DeferredJob(const DeferredJob&) = delete;
  DeferredJob& operator=(const DeferredJob&) = delete;

  // Starts work. At most one job at a time: a job not yet collected is
  // dropped first.
  void Submit(std::function<void()> work);

  bool HasJob() const { return has_job_; }

  // Waits for the job and returns its own run time in milliseconds
  // (wherever it ran), 0 without a job; rethrows what the work threw.
  // waited (may be null) receives how long the caller was held up here:
  // the wait for the worker, or with one thread the run itself.
  double Collect(double* waited = nullptr);

  // Forgets the job, waiting for it if it is running.
  void Drop();

 private:
  void RunWorker();
  // Runs work, catching what it throws; returns the run time in ms.
  static double Run(const std::function<void()>& work,
                    std::exception_ptr* error);

  const int threads_;
  // Owned by the caller's thread: whether a job was submitted and not yet
  // collected or dropped.
  bool has_job_ = false;

  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable changed_;
  // Guarded by mutex_.
  std::function<void()> work_;
  bool waiting_ = false;  // submitted, not started by the worker
  bool running_ = false;
  bool done_ = false;
  std::exception_ptr error_;
  double milliseconds_ = 0;
  bool stopping_ = false;
};

}  // namespace vc
