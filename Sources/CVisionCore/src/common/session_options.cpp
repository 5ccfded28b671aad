#include "common/session_options.h"

#include <string>

#include "common/status_error.h"

namespace vc {

SessionOptions SessionOptions::FromC(const vc_session_options_t& options) {
  SessionOptions result;
  result.light_estimation_enabled = options.light_estimation_enabled != 0;
  result.statistics_sample_step = options.statistics_sample_step;
  result.max_imu_samples_per_frame = options.max_imu_samples_per_frame;
  result.tracking = TrackingOptions::FromC(options.tracking);
  result.planes = PlaneOptions::FromC(options.planes);
  result.images = ImageOptions::FromC(options.images);
  result.relocalization =
      SessionRelocalizationOptions::FromC(options.relocalization);
  result.worker_threads = options.worker_threads;
  return result;
}

void SessionOptions::ToC(vc_session_options_t* options) const {
  options->light_estimation_enabled = light_estimation_enabled ? 1 : 0;
  options->statistics_sample_step = statistics_sample_step;
  options->max_imu_samples_per_frame = max_imu_samples_per_frame;
  tracking.ToC(&options->tracking);
  planes.ToC(&options->planes);
  images.ToC(&options->images);
  relocalization.ToC(&options->relocalization);
  options->worker_threads = worker_threads;
}

void SessionOptions::Check() const {
  Require(statistics_sample_step >= 1 && statistics_sample_step <= 16,
          "statistics_sample_step must be 1...16, got " +
              std::to_string(statistics_sample_step));
  Require(max_imu_samples_per_frame >= 0,
          "max_imu_samples_per_frame must be >= 0, got " +
              std::to_string(max_imu_samples_per_frame));
  Require(
      worker_threads >= 1 && worker_threads <= 2,
      "worker_threads must be 1...2, got " + std::to_string(worker_threads));
  tracking.Check();
  planes.Check();
  images.Check();
  relocalization.Check();
}

}  // namespace vc
