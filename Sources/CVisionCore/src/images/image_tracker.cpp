#include "images/image_tracker.h"

#include <algorithm>

#include "images/depth_plane_refinement.h"
#include "images/homography_checks.h"
#include "images/homography_verifier.h"
#include "images/image_pose.h"
#include "images/lucas_kanade_flow.h"

namespace vc {
namespace {

constexpr LucasKanadeFlow kFlow{/*window=*/21, /*levels=*/3, /*epsilon=*/0.03};
constexpr double kTrackThreshold = 3.0;
constexpr int kMinTrackInliers = 10;
// Points are re-seeded when fewer than this fraction of the configured
// number remain.
constexpr double kReseedFraction = 0.7;
// Seeds keep this far (view pixels) from the view's border and from each
// other.
constexpr float kSeedMargin = 12.0f;
constexpr float kSeedSpacing = 10.0f;
// Frames between re-alignments of a followed image with its reference.
constexpr int kAlignmentInterval = 15;
const FlowRefinement kRealignment{/*iterations=*/1, /*max_points=*/60};
// A followed picture needs this many cells of a 5 x 5 grid over it in view
// (a fifth of it).
constexpr int kVisibilityGrid = 5;
constexpr int kMinVisibleCells = 5;
// The followed points must span this fraction of the picture's width and
// of its height.
constexpr float kMinFollowedSpan = 0.2f;

RecognitionOptions RecognitionFrom(const ImageOptions& options) {
  RecognitionOptions result;
  result.view_features = options.query_features;
  result.max_candidates = options.max_candidates;
  result.min_inliers = options.min_inliers;
  // A found picture is followed from its first homography on: only one
  // the flow refinement confirms will do.
  result.require_flow_refinement = true;
  // Frames follow each other, so FAST's threshold adapts: as high as still
  // gives all the points asked for (textured rooms: 50 or more, about a
  // third less FAST and Harris work per recognition than at OpenCV's 20),
  // down to 10 for dim or plain views.
  result.fast_thresholds = FastThresholds{/*start=*/40, /*lowest=*/10,
                                          /*highest=*/60};
  return result;
}

}  // namespace

ImageTracker::ImageTracker(const ImageOptions& options, int worker_threads)
    : options_(options),
      worker_(RecognitionFrom(options), kRealignment, worker_threads) {}

void ImageTracker::SetDatabase(
    std::shared_ptr<const ReferenceDatabase> database) {
  worker_.Drop();
  database_ = std::move(database);
  tracked_.clear();
  observations_.clear();
  previous_pyramid_.clear();
}

void ImageTracker::Process(const cv::Mat& gray, const PinholeCamera& camera,
                           const DepthSampler* depth, StageTimings* timings) {
  observations_.clear();
  if (!database_) {
    previous_pyramid_.clear();
    tracked_.clear();
    return;
  }
  const int64_t frame = frame_index_++;
  realignments_due_.clear();
  {
    ScopedStageTimer timer(*timings, "imageTracking");
    const bool need_pyramid =
        !tracked_.empty() || worker_.HasJob() ||
        (options_.max_tracked_images > 0 &&
         frame % options_.recognition_interval_frames == 0);
    if (need_pyramid) {
      kFlow.BuildPyramid(gray, &pyramid_);
    }
    std::vector<TrackedImage> kept;
    for (TrackedImage& image : tracked_) {
      if (!previous_pyramid_.empty() && Follow(&image, gray)) {
        kept.push_back(std::move(image));
      }
    }
    tracked_ = std::move(kept);
  }
  double worker_milliseconds = 0;
  double waited = -1;
  {
    ScopedStageTimer timer(*timings, "imageRecognition");
    // On the main path this is the wait for the worker (or, with one
    // thread, the work itself) and the flow that carries its finds.
    if (worker_.HasJob()) worker_milliseconds = AdoptWork(gray, &waited);
    const bool recognize = int(tracked_.size()) < options_.max_tracked_images &&
                           frame % options_.recognition_interval_frames == 0;
    if (recognize || !realignments_due_.empty()) {
      StartWork(gray, camera, recognize);
    }
  }
  timings->Add("imageWorker", worker_milliseconds);
  if (waited >= 0) timings->Add("workerWait", waited);
  ScopedStageTimer timer(*timings, "imagePoses");
  for (const TrackedImage& image : tracked_) {
    ImageObservation observation;
    observation.reference_index = image.reference_index;
    observation.homography = image.homography;
    observation.inlier_count = image.inlier_count;
    observation.score =
        std::min(1.0, double(image.inlier_count) / options_.tracked_points);
    observation.recognized = image.recognized;
    const ReferenceImage& reference =
        database_->references()[image.reference_index];
    observation.camera_from_image =
        CameraFromImage(reference, image.homography, camera);
    if (depth != nullptr && !depth->empty()) {
      const double scale =
          RefineWithDepthPlane(reference, image.homography, *depth, camera,
                               &observation.camera_from_image);
      if (scale > 0) observation.estimated_scale_factor = scale;
    }
    observations_.push_back(observation);
  }
  std::sort(observations_.begin(), observations_.end(),
            [](const ImageObservation& a, const ImageObservation& b) {
              return a.reference_index < b.reference_index;
            });
  if (tracked_.empty() && !worker_.HasJob()) {
    previous_pyramid_.clear();
  } else {
    std::swap(previous_pyramid_, pyramid_);
  }
}

bool ImageTracker::Follow(TrackedImage* image, const cv::Mat& gray) {
  const ReferenceImage& reference =
      database_->references()[image->reference_index];
  image->recognized = false;
  std::vector<cv::Point2f> next;
  std::vector<uint8_t> status;
  std::vector<float> error;
  kFlow.Track(previous_pyramid_, pyramid_, image->view_points, &next, &status,
              &error);
  std::vector<cv::Point2f> from;
  std::vector<cv::Point2f> to;
  for (size_t k = 0; k < next.size(); ++k) {
    if (!status[k]) continue;
    if (next[k].x < 0 || next[k].y < 0 || next[k].x > gray.cols - 1 ||
        next[k].y > gray.rows - 1) {
      continue;
    }
    from.push_back(image->reference_points[k]);
    to.push_back(next[k]);
  }
  if (int(from.size()) < kMinTrackInliers) return false;
  cv::Matx33d h;
  std::vector<uint8_t> inliers;
  if (!FitHomography(from, to, kTrackThreshold, &h, &inliers)) return false;
  image->reference_points.clear();
  image->view_points.clear();
  for (size_t k = 0; k < from.size(); ++k) {
    if (!inliers[k]) continue;
    image->reference_points.push_back(from[k]);
    image->view_points.push_back(to[k]);
  }
  image->inlier_count = static_cast<int>(image->reference_points.size());
  if (image->inlier_count < kMinTrackInliers ||
      !PlausibleHomography(h, reference.width, reference.height, gray.cols,
                           gray.rows)) {
    return false;
  }
  // A picture mostly out of view is followed on a sliver at its edge, where
  // the homography (and so the pose) is poorly pinned: let it go. Judged
  // both by where the followed points lie on the picture (a homography fitted
  // to a sliver can swing to put any part of the picture in view) and by
  // how much of the picture the homography puts in view.
  float x0 = reference.width, x1 = 0, y0 = reference.height, y1 = 0;
  for (const cv::Point2f& p : image->reference_points) {
    x0 = std::min(x0, p.x);
    x1 = std::max(x1, p.x);
    y0 = std::min(y0, p.y);
    y1 = std::max(y1, p.y);
  }
  if (x1 - x0 < kMinFollowedSpan * reference.width ||
      y1 - y0 < kMinFollowedSpan * reference.height) {
    return false;
  }
  int inside = 0;
  for (int row = 0; row < kVisibilityGrid; ++row) {
    for (int column = 0; column < kVisibilityGrid; ++column) {
      const cv::Point2d p =
          Apply(h, {reference.width * (column + 0.5) / kVisibilityGrid,
                    reference.height * (row + 0.5) / kVisibilityGrid});
      inside += p.x >= 0 && p.y >= 0 && p.x < gray.cols && p.y < gray.rows;
    }
  }
  if (inside < kMinVisibleCells) return false;
  image->homography = h;
  // Staggered by reference so that several images do not re-align on the
  // same frame; done by the worker in this frame, applied in the next.
  if (++image->frames_since_alignment >=
      kAlignmentInterval + image->reference_index % kAlignmentInterval) {
    image->frames_since_alignment = 0;
    Realignment due;
    due.reference_index = image->reference_index;
    due.before = h;
    realignments_due_.push_back(due);
  }
  if (image->inlier_count < kReseedFraction * options_.tracked_points) {
    Seed(image, gray.cols, gray.rows);
  }
  return true;
}

void ImageTracker::Seed(TrackedImage* image, int view_width,
                        int view_height) const {
  const ReferenceImage& reference =
      database_->references()[image->reference_index];
  for (const cv::Point2f& source : reference.track_points) {
    if (int(image->view_points.size()) >= options_.tracked_points) break;
    const cv::Vec3d q = image->homography * cv::Vec3d(source.x, source.y, 1.0);
    if (q[2] <= 0) continue;
    const cv::Point2f p(float(q[0] / q[2]), float(q[1] / q[2]));
    if (p.x < kSeedMargin || p.y < kSeedMargin ||
        p.x > view_width - 1 - kSeedMargin ||
        p.y > view_height - 1 - kSeedMargin) {
      continue;
    }
    bool crowded = false;
    for (const cv::Point2f& existing : image->view_points) {
      const cv::Point2f gap = existing - p;
      if (gap.dot(gap) < kSeedSpacing * kSeedSpacing) {
        crowded = true;
        break;
      }
    }
    if (crowded) continue;
    image->reference_points.push_back(source);
    image->view_points.push_back(p);
  }
}

void ImageTracker::StartWork(const cv::Mat& gray, const PinholeCamera& camera,
                             bool recognize) {
  ImageWork work;
  work.recognize = recognize;
  if (recognize) {
    work.skip.assign(database_->references().size(), false);
    for (const TrackedImage& image : tracked_) {
      work.skip[image.reference_index] = true;
    }
  }
  work.realign = std::move(realignments_due_);
  realignments_due_.clear();
  // The worker keeps its own copy: the caller reuses gray's buffer.
  worker_.Submit(database_, gray.clone(), camera, std::move(work));
}

double ImageTracker::AdoptWork(const cv::Mat& gray, double* waited) {
  double milliseconds = 0;
  const ImageWorkResult result = worker_.Collect(&milliseconds, waited);
  // A re-alignment in the previous frame corrects this frame's homography:
  // followed since by the flow between the frames (now * before^-1), the
  // re-aligned one becomes now * before^-1 * after. Points found relative
  // to the drifted homography are re-placed.
  for (const Realignment& realignment : result.realigned) {
    for (TrackedImage& image : tracked_) {
      if (image.reference_index != realignment.reference_index) continue;
      image.homography =
          image.homography * realignment.before.inv() * realignment.after;
      for (size_t k = 0; k < image.view_points.size(); ++k) {
        const cv::Point2d p =
            Apply(image.homography, image.reference_points[k]);
        image.view_points[k] = cv::Point2f(float(p.x), float(p.y));
      }
    }
  }
  const std::vector<ImageObservation>& found = result.found;
  // The finds are in the previous frame, whose pyramid was kept for them.
  if (previous_pyramid_.empty()) return milliseconds;
  for (const ImageObservation& observation : found) {
    if (int(tracked_.size()) >= options_.max_tracked_images) break;
    const bool followed = std::any_of(
        tracked_.begin(), tracked_.end(), [&](const TrackedImage& image) {
          return image.reference_index == observation.reference_index;
        });
    if (followed) continue;
    TrackedImage image;
    image.reference_index = observation.reference_index;
    image.homography = observation.homography;
    image.inlier_count = observation.inlier_count;
    Seed(&image, gray.cols, gray.rows);
    if (int(image.view_points.size()) < kMinTrackInliers) continue;
    if (!Follow(&image, gray)) continue;
    image.recognized = true;
    tracked_.push_back(std::move(image));
  }
  return milliseconds;
}

}  // namespace vc
