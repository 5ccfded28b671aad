#include "images/image_worker.h"

#include <utility>

namespace vc {

ImageWorker::ImageWorker(const RecognitionOptions& options,
                         const FlowRefinement& realignment, int threads)
    : recognizer_(options), realignment_(realignment), job_(threads) {}

ImageWorker::~ImageWorker() { Drop(); }

void ImageWorker::Submit(std::shared_ptr<const ReferenceDatabase> database,
                         cv::Mat gray, const PinholeCamera& camera,
                         ImageWork work) {
  Drop();
  // The recognizer and result_ are only ever used by one job at a time.
  job_.Submit([this, database = std::move(database), gray = std::move(gray),
               camera, work = std::move(work)] {
    result_ = ImageWorkResult();
    if (work.recognize) {
      result_.found = recognizer_.Recognize(*database, gray, camera, work.skip);
    }
    for (Realignment realignment : work.realign) {
      realignment.after = realignment.before;
      if (RefineWithFlow(database->references()[realignment.reference_index],
                         gray, &realignment.after, realignment_)) {
        result_.realigned.push_back(realignment);
      }
    }
  });
}

ImageWorkResult ImageWorker::Collect(double* milliseconds, double* waited) {
  *milliseconds = 0;
  *waited = 0;
  if (!job_.HasJob()) return {};
  *milliseconds = job_.Collect(waited);
  return std::move(result_);
}

void ImageWorker::Drop() {
  job_.Drop();
  result_ = ImageWorkResult();
}

}  // namespace vc
