// The image work that can wait a frame, beside tracking: recognition of a
// frame, and the periodic re-alignment of followed images with their
// references in it. A job handed over with one frame is collected with the
// next, run meanwhile on a worker thread (two threads) or when it is
// collected (one thread). The job and its result are the same either way,
// so a session's output does not depend on the thread count or on timing.
#pragma once

#include <memory>
#include <opencv2/core.hpp>
#include <vector>

#include "common/deferred_job.h"
#include "common/pinhole_camera.h"
#include "images/homography_verifier.h"
#include "images/image_observation.h"
#include "images/image_recognizer.h"
#include "images/reference_database.h"

namespace vc {

// A followed image to re-align with its reference in the job's frame:
// before is its homography there (reference to view), after the
// re-aligned one.
struct Realignment {
  int reference_index = 0;
  cv::Matx33d before = cv::Matx33d::eye();
  cv::Matx33d after = cv::Matx33d::eye();
};

struct ImageWork {
  // recognize: look for the references not marked in skip.
  bool recognize = false;
  std::vector<bool> skip;
  // The images to re-align (after is ignored).
  std::vector<Realignment> realign;
};

struct ImageWorkResult {
  std::vector<ImageObservation> found;
  // The re-alignments that succeeded, in the order asked.
  std::vector<Realignment> realigned;
};

class ImageWorker {
 public:
  // threads: 1 runs jobs on the caller's thread when collected; 2 on a
  // worker thread started with the first job. realignment: how images are
  // re-aligned (RefineWithFlow).
  ImageWorker(const RecognitionOptions& options,
              const FlowRefinement& realignment, int threads);
  ~ImageWorker();
  ImageWorker(const ImageWorker&) = delete;
  ImageWorker& operator=(const ImageWorker&) = delete;

  // Starts the work on gray (which the worker keeps; pass a copy the caller
  // will not write to). At most one job at a time: collect or drop the
  // previous one first.
  void Submit(std::shared_ptr<const ReferenceDatabase> database, cv::Mat gray,
              const PinholeCamera& camera, ImageWork work);

  bool HasJob() const { return job_.HasJob(); }

  // Waits for the job and returns what it made, with the job's own run
  // time in milliseconds (wherever it ran) and how long the caller waited
  // for it (DeferredJob::Collect); rethrows what it threw.
  ImageWorkResult Collect(double* milliseconds, double* waited);

  // Forgets the job, waiting for it if it is running.
  void Drop();

 private:
  ImageRecognizer recognizer_;
  const FlowRefinement realignment_;
  DeferredJob job_;
  // Written by the job, read once it is collected.
  ImageWorkResult result_;
};

}  // namespace vc
