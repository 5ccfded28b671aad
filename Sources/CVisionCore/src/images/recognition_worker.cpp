#include "images/recognition_worker.h"

#include <chrono>
#include <utility>

namespace vc {

RecognitionWorker::RecognitionWorker(const RecognitionOptions& options,
                                     int threads)
    : recognizer_(options), threads_(threads) {}

RecognitionWorker::~RecognitionWorker() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void RecognitionWorker::Submit(
    std::shared_ptr<const ReferenceDatabase> database, cv::Mat gray,
    const PinholeCamera& camera, std::vector<bool> skip) {
  Drop();
  Job job{std::move(database), std::move(gray), camera, std::move(skip)};
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = std::move(job);
    job_waiting_ = true;
    job_running_ = false;
    job_done_ = false;
    found_.clear();
    error_ = nullptr;
  }
  has_job_ = true;
  if (threads_ > 1) {
    // Started with the first job, so that a session that never looks for
    // images never has a second thread.
    if (!thread_.joinable()) thread_ = std::thread([this] { RunWorker(); });
    changed_.notify_all();
  }
}

std::vector<ImageObservation> RecognitionWorker::Collect(double* milliseconds) {
  *milliseconds = 0;
  if (!has_job_) return {};
  has_job_ = false;
  std::vector<ImageObservation> found;
  std::exception_ptr error;
  if (threads_ > 1) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return job_done_; });
    found = std::move(found_);
    error = error_;
    *milliseconds = milliseconds_;
    job_done_ = false;
    job_ = Job{};
  } else {
    Job job;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job = std::move(job_);
      job_waiting_ = false;
    }
    *milliseconds = Run(job, &found, &error);
  }
  if (error) std::rethrow_exception(error);
  return found;
}

void RecognitionWorker::Drop() {
  if (!has_job_) return;
  has_job_ = false;
  std::unique_lock<std::mutex> lock(mutex_);
  // A job not yet started is withdrawn; a running one is waited for, so
  // that the recognizer is free for the next.
  job_waiting_ = false;
  changed_.wait(lock, [this] { return !job_running_; });
  job_done_ = false;
  job_ = Job{};
  found_.clear();
  error_ = nullptr;
}

void RecognitionWorker::RunWorker() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return stopping_ || job_waiting_; });
    if (stopping_) return;
    job_waiting_ = false;
    job_running_ = true;
    const Job job = job_;
    lock.unlock();
    std::vector<ImageObservation> found;
    std::exception_ptr error;
    const double milliseconds = Run(job, &found, &error);
    lock.lock();
    job_running_ = false;
    milliseconds_ = milliseconds;
    found_ = std::move(found);
    error_ = error;
    job_done_ = true;
    changed_.notify_all();
  }
}

double RecognitionWorker::Run(const Job& job,
                              std::vector<ImageObservation>* found,
                              std::exception_ptr* error) {
  const auto start = std::chrono::steady_clock::now();
  try {
    *found =
        recognizer_.Recognize(*job.database, job.gray, job.camera, job.skip);
  } catch (...) {
    *error = std::current_exception();
  }
  const std::chrono::duration<double, std::milli> elapsed =
      std::chrono::steady_clock::now() - start;
  return elapsed.count();
}

}  // namespace vc
