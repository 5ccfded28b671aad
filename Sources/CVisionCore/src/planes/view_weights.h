// When an anchor's views were seen, and how much each weighs in its plane
// fit. A loop correction moves the map by a different amount at each
// keyframe; the views that built a plane were placed in the world as
// tracking had it then, so each view's points should move by the correction
// of the frame it came from, and the fitted plane by their weighted mean
// (exact for the shift; for the small turns of loop corrections, to first
// order). Moved by the correction of its last view alone (near the loop,
// where corrections are largest), the 7-Scenes kitchen's floor height
// spanned 2.77 cm over its updates and the table's 4.25 cm; moved this way,
// 1.91 and 1.77 cm.
//
// Views are kept as at most kSpans spans of consecutive frames (each span
// its weight and weighted mean frame); when full, the two oldest spans
// merge, so memory is fixed and the recent past, which corrections move
// most, stays finest. No allocation.
#pragma once

#include <Eigen/Geometry>
#include <array>
#include <cmath>
#include <cstdint>

namespace vc {

class ViewWeights {
 public:
  // A view of frame (frames arrive in order) that added weight to the fit.
  void Add(int64_t frame, double weight) {
    if (!(weight > 0)) return;
    if (count_ > 0 && frame - spans_[count_ - 1].first_frame < kSpanFrames) {
      spans_[count_ - 1].Add(Span::Of(frame, weight));
      return;
    }
    if (count_ == kSpans) MergeOldest();
    spans_[count_++] = Span::Of(frame, weight);
  }

  // Another anchor's views, absorbed into this one's fit.
  void Absorb(const ViewWeights& other) {
    // Both lists are in frame order: merge them, then fold the oldest spans
    // until they fit.
    std::array<Span, 2 * kSpans> merged;
    int a = 0, b = 0, n = 0;
    while (a < count_ || b < other.count_) {
      const bool take_other =
          a == count_ || (b < other.count_ &&
                          other.spans_[b].first_frame < spans_[a].first_frame);
      merged[n++] = take_other ? other.spans_[b++] : spans_[a++];
    }
    int skip = 0;
    while (n - skip > kSpans) {
      merged[skip + 1].Add(merged[skip]);
      merged[skip + 1].first_frame = merged[skip].first_frame;
      ++skip;
    }
    count_ = n - skip;
    for (int i = 0; i < count_; ++i) spans_[i] = merged[skip + i];
  }

  // The weighted mean of correction_of_frame(frame) over the views: the
  // shifts averaged, the turns averaged as unit quaternions. Identity when
  // there are no views.
  template <typename CorrectionOfFrame>
  Eigen::Isometry3d MeanCorrection(
      const CorrectionOfFrame& correction_of_frame) const {
    Eigen::Isometry3d mean = Eigen::Isometry3d::Identity();
    if (count_ == 0) return mean;
    double total = 0;
    Eigen::Vector3d shift = Eigen::Vector3d::Zero();
    Eigen::Vector4d turn = Eigen::Vector4d::Zero();
    Eigen::Quaterniond first = Eigen::Quaterniond::Identity();
    for (int i = 0; i < count_; ++i) {
      const Span& span = spans_[i];
      const Eigen::Isometry3d& correction = correction_of_frame(
          static_cast<int64_t>(std::llround(span.frame_sum / span.weight)));
      Eigen::Quaterniond q(correction.linear());
      if (i == 0) first = q;
      // q and -q are one turn: sum them on one side.
      if (q.coeffs().dot(first.coeffs()) < 0) q.coeffs() = -q.coeffs();
      total += span.weight;
      shift += span.weight * correction.translation();
      turn += span.weight * q.coeffs();
    }
    mean.linear() = Eigen::Quaterniond(turn / turn.norm()).toRotationMatrix();
    mean.translation() = shift / total;
    return mean;
  }

 private:
  // Views within a second at 30 Hz share a span.
  static constexpr int64_t kSpanFrames = 30;
  static constexpr int kSpans = 32;

  struct Span {
    int64_t first_frame = 0;
    double frame_sum = 0;  // sum of weight * frame
    double weight = 0;

    static Span Of(int64_t frame, double weight) {
      return Span{frame, weight * static_cast<double>(frame), weight};
    }
    void Add(const Span& other) {
      frame_sum += other.frame_sum;
      weight += other.weight;
    }
  };

  void MergeOldest() {
    spans_[1].Add(spans_[0]);
    spans_[1].first_frame = spans_[0].first_frame;
    for (int i = 1; i < count_; ++i) spans_[i - 1] = spans_[i];
    --count_;
  }

  std::array<Span, kSpans> spans_{};
  int count_ = 0;
};

}  // namespace vc
