// A view-weights trial (planes/view_weights.h): a plane anchor's views,
// seeded weights on frames in order, more spans than it keeps, and a second
// anchor's views absorbed; corrections that grow along the path, as a loop
// closure's do. Tests compare the anchor's mean correction with the one
// computed from every view on its own.
#include <Eigen/Geometry>
#include <cmath>
#include <vector>

#include "common/seeded_generator.h"
#include "planes/view_weights.h"
#include "vision_core_testing/vision_core_testing.h"

namespace {

// A loop closure's corrections: a shift and a turn about +Y that grow
// along the path (0.1 mm and 0.005 degrees a frame).
Eigen::Isometry3d CorrectionOfFrame(int64_t frame) {
  Eigen::Isometry3d correction = Eigen::Isometry3d::Identity();
  const double f = static_cast<double>(frame);
  correction.linear() =
      Eigen::AngleAxisd(f * 0.005 * M_PI / 180, Eigen::Vector3d::UnitY())
          .toRotationMatrix();
  correction.translation() = f * Eigen::Vector3d(1e-4, 0.5e-4, -0.2e-4);
  return correction;
}

struct View {
  int64_t frame;
  double weight;
};

// Views every frame or two with weights in [0.1, 1.1).
std::vector<View> SeededViews(vc::SeededGenerator* random, int64_t first,
                              int count) {
  std::vector<View> views;
  int64_t frame = first;
  for (int i = 0; i < count; ++i) {
    frame += 1 + static_cast<int64_t>(random->Next() % 2);
    views.push_back(
        {frame, 0.1 + static_cast<double>(random->Next() >> 11) * 0x1.0p-53});
  }
  return views;
}

}  // namespace

extern "C" {

vc_status_t vc_test_view_weights(uint64_t seed, int view_count,
                                 int absorbed_count, double* shift_error_m,
                                 double* turn_error_degrees,
                                 double* last_view_error_m) {
  if (shift_error_m == nullptr || turn_error_degrees == nullptr ||
      last_view_error_m == nullptr || view_count < 1 || absorbed_count < 0) {
    return VC_STATUS_INVALID_ARGUMENT;
  }
  vc::SeededGenerator random(seed);
  const std::vector<View> own = SeededViews(&random, 0, view_count);
  const std::vector<View> absorbed =
      SeededViews(&random, view_count / 2, absorbed_count);
  vc::ViewWeights weights;
  for (const View& view : own) weights.Add(view.frame, view.weight);
  vc::ViewWeights other;
  for (const View& view : absorbed) other.Add(view.frame, view.weight);
  weights.Absorb(other);
  const Eigen::Isometry3d mean = weights.MeanCorrection(CorrectionOfFrame);

  // Every view on its own: the shift's weighted mean, and the turn's (the
  // turns are all about +Y and small, so their angles average).
  double total = 0;
  double angle = 0;
  Eigen::Vector3d shift = Eigen::Vector3d::Zero();
  int64_t last_frame = 0;
  for (const std::vector<View>* views : {&own, &absorbed}) {
    for (const View& view : *views) {
      const Eigen::Isometry3d correction = CorrectionOfFrame(view.frame);
      total += view.weight;
      shift += view.weight * correction.translation();
      angle += view.weight * Eigen::AngleAxisd(correction.linear()).angle() *
               Eigen::AngleAxisd(correction.linear()).axis().y();
      last_frame = std::max(last_frame, view.frame);
    }
  }
  shift /= total;
  angle /= total;
  const Eigen::Matrix3d expected_turn =
      Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitY()).toRotationMatrix();
  *shift_error_m = (mean.translation() - shift).norm();
  *turn_error_degrees =
      Eigen::AngleAxisd(mean.linear() * expected_turn.transpose()).angle() *
      180 / M_PI;
  *last_view_error_m =
      (CorrectionOfFrame(last_frame).translation() - shift).norm();
  return VC_STATUS_OK;
}

}  // extern "C"
