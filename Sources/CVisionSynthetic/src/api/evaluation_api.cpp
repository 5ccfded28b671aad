// Entry points for evaluation against ground truth. They have no session, so
// their errors go to the calling thread's slot
// (vc_synthetic_last_error_message).
#include <Eigen/Core>
#include <string>

#include "api/guard.h"
#include "api/synthetic_error_slot.h"
#include "common/status_error.h"
#include "evaluation/machine_unit.h"
#include "evaluation/point_set_alignment.h"
#include "vision_synthetic/vision_synthetic.h"

extern "C" {

vc_status_t vc_align_point_sets(const double* source_xyz,
                                const double* target_xyz, int32_t count,
                                int32_t estimate_scale,
                                double out_target_from_source[16],
                                double* out_scale) {
  return vc::Guarded(vc::synthetic::ThreadErrorSlot(), [&] {
    vc::Require(source_xyz != nullptr && target_xyz != nullptr,
                "point arrays are NULL");
    vc::Require(out_target_from_source != nullptr,
                "out_target_from_source is NULL");
    vc::Require(count >= 3, "alignment needs at least 3 points, got " +
                                std::to_string(count));
    const Eigen::Map<const Eigen::Matrix3Xd> source(source_xyz, 3, count);
    const Eigen::Map<const Eigen::Matrix3Xd> target(target_xyz, 3, count);
    const vc::PointSetAlignment alignment =
        vc::AlignPointSets(source, target, estimate_scale != 0);
    Eigen::Map<Eigen::Matrix4d> out(out_target_from_source);
    out = alignment.target_from_source.matrix();
    if (out_scale != nullptr) *out_scale = alignment.scale;
  });
}

vc_status_t vc_machine_unit_sample(double* out_milliseconds) {
  return vc::Guarded(vc::synthetic::ThreadErrorSlot(), [&] {
    vc::Require(out_milliseconds != nullptr, "out_milliseconds is NULL");
    // Drawn once: the frame is the unit's definition, not part of its time.
    static const cv::Mat frame = vc::MachineUnitFrame();
    const vc::OrbTiming timing = vc::TimeOrbOnce(frame);
    vc::Require(timing.features > 0,
                "ORB found no features on the machine unit's frame");
    *out_milliseconds = timing.milliseconds;
  });
}

}  // extern "C"
