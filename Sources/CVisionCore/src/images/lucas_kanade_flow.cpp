#include "images/lucas_kanade_flow.h"

#include <opencv2/video/tracking.hpp>

namespace vc {

void LucasKanadeFlow::BuildPyramid(const cv::Mat& gray,
                                   std::vector<cv::Mat>* pyramid) const {
  cv::buildOpticalFlowPyramid(gray, *pyramid, WindowSize(), levels);
}

void LucasKanadeFlow::Track(cv::InputArray from, cv::InputArray to,
                            const std::vector<cv::Point2f>& points,
                            std::vector<cv::Point2f>* next,
                            std::vector<uint8_t>* status,
                            std::vector<float>* error, int flags) const {
  cv::calcOpticalFlowPyrLK(
      from, to, points, *next, *status, *error, WindowSize(), levels,
      cv::TermCriteria(cv::TermCriteria::COUNT | cv::TermCriteria::EPS, 20,
                       epsilon),
      flags);
}

}  // namespace vc
