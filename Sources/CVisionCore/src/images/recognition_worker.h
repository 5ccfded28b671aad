// Image recognition beside tracking: a job handed over with one frame is
// collected with the next, run meanwhile on a worker thread (two threads) or
// when it is collected (one thread). The job and its result are the same
// either way, so a session's output does not depend on the thread count or
// on timing.
#pragma once

#include <memory>
#include <opencv2/core.hpp>
#include <vector>

#include "common/deferred_job.h"
#include "common/pinhole_camera.h"
#include "images/image_observation.h"
#include "images/image_recognizer.h"
#include "images/reference_database.h"

namespace vc {

class RecognitionWorker {
 public:
  // threads: 1 runs jobs on the caller's thread when collected; 2 on a
  // worker thread started with the first job.
  RecognitionWorker(const RecognitionOptions& options, int threads);
  ~RecognitionWorker();
  RecognitionWorker(const RecognitionWorker&) = delete;
  RecognitionWorker& operator=(const RecognitionWorker&) = delete;

  // Starts recognising gray (which the worker keeps; pass a copy the caller
  // will not write to) as ImageRecognizer::Recognize does. At most one job
  // at a time: collect or drop the previous one first.
  void Submit(std::shared_ptr<const ReferenceDatabase> database, cv::Mat gray,
              const PinholeCamera& camera, std::vector<bool> skip);

  bool HasJob() const { return job_.HasJob(); }

  // Waits for the job and returns what it found, with the job's own run
  // time in milliseconds (wherever it ran); rethrows what it threw.
  std::vector<ImageObservation> Collect(double* milliseconds);

  // Forgets the job, waiting for it if it is running.
  void Drop();

 private:
  ImageRecognizer recognizer_;
  DeferredJob job_;
  // Written by the job, read once it is collected.
  std::vector<ImageObservation> found_;
};

}  // namespace vc
