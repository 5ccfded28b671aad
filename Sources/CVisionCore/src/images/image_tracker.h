// Image recognition and tracking inside a session. Images already found are
// followed every frame: optical flow carries points inside each image from
// the last frame to this one and a homography is refitted to them; every
// few frames each image is also re-aligned with its reference so that the
// followed homography cannot drift. Recognition (the expensive part) looks
// at every Nth frame only, and only while fewer than the maximum number of
// images are followed. Both run beside tracking (ImageWorker): what
// recognition found in one frame is carried into the next by optical flow
// and followed from there, and a re-alignment made in one frame corrects
// the next frame's homography by the flow between them, so the result is
// the same with one thread or two.
// Not thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <opencv2/core.hpp>
#include <vector>

#include "common/depth_sampler.h"
#include "common/image_options.h"
#include "common/pinhole_camera.h"
#include "common/stage_timings.h"
#include "images/image_observation.h"
#include "images/image_recognizer.h"
#include "images/image_worker.h"
#include "images/reference_database.h"

namespace vc {

class ImageTracker {
 public:
  // worker_threads: 2 runs recognition and re-alignment on a worker
  // thread, 1 inline.
  ImageTracker(const ImageOptions& options, int worker_threads);

  // The references to look for from the next frame on (nullptr: none).
  // Images followed so far are dropped.
  void SetDatabase(std::shared_ptr<const ReferenceDatabase> database);
  const std::shared_ptr<const ReferenceDatabase>& database() const {
    return database_;
  }

  // Advances by one frame; records "imageTracking", "imageRecognition"
  // (on this thread: collecting the previous frame's image work and
  // starting this one's; zero on frames without, so that averages are
  // amortised), "imageWorker" (the collected work's own run time,
  // wherever it ran; 0 when none), "workerWait" (how long this thread
  // waited for it, when a job was collected) and "imagePoses".
  // depth (may be NULL) refines each image's tilt and gives its scale
  // factor.
  void Process(const cv::Mat& gray, const PinholeCamera& camera,
               const DepthSampler* depth, StageTimings* timings);

  // The images found or followed in the last frame, by reference index.
  const std::vector<ImageObservation>& observations() const {
    return observations_;
  }

 private:
  struct TrackedImage {
    int reference_index = 0;
    cv::Matx33d homography = cv::Matx33d::eye();
    // Followed points: where they are on the reference (given pixels) and
    // where they were in the last frame.
    std::vector<cv::Point2f> reference_points;
    std::vector<cv::Point2f> view_points;
    int inlier_count = 0;
    // Frames since the last re-alignment with the reference.
    int frames_since_alignment = 0;
    bool recognized = false;
  };

  // Carries one image into the new frame; false when it is lost.
  bool Follow(TrackedImage* image, const cv::Mat& gray);
  // Tops the image's points up to the configured number.
  void Seed(TrackedImage* image, int view_width, int view_height) const;
  // Collects the previous frame's image work: corrects the images it
  // re-aligned, then follows what its recognition found into this frame.
  // Returns the work's own run time in milliseconds; waited receives how
  // long this thread waited for it.
  double AdoptWork(const cv::Mat& gray, double* waited);
  // Hands this frame's work to the worker: recognition if recognize, and
  // the re-alignments due.
  void StartWork(const cv::Mat& gray, const PinholeCamera& camera,
                 bool recognize);

  ImageOptions options_;
  std::shared_ptr<const ReferenceDatabase> database_;
  ImageWorker worker_;
  // Images due for re-alignment in this frame (Follow), handed to the
  // worker with it.
  std::vector<Realignment> realignments_due_;
  std::vector<TrackedImage> tracked_;
  std::vector<ImageObservation> observations_;
  std::vector<cv::Mat> previous_pyramid_;
  std::vector<cv::Mat> pyramid_;
  int64_t frame_index_ = 0;
};

}  // namespace vc
