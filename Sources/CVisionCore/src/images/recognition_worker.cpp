#include "images/recognition_worker.h"

#include <utility>

namespace vc {

RecognitionWorker::RecognitionWorker(const RecognitionOptions& options,
                                     int threads)
    : recognizer_(options), job_(threads) {}

RecognitionWorker::~RecognitionWorker() { Drop(); }

void RecognitionWorker::Submit(
    std::shared_ptr<const ReferenceDatabase> database, cv::Mat gray,
    const PinholeCamera& camera, std::vector<bool> skip) {
  Drop();
  // The recognizer and found_ are only ever used by one job at a time.
  job_.Submit([this, database = std::move(database), gray = std::move(gray),
               camera, skip = std::move(skip)] {
    found_ = recognizer_.Recognize(*database, gray, camera, skip);
  });
}

std::vector<ImageObservation> RecognitionWorker::Collect(double* milliseconds) {
  *milliseconds = 0;
  if (!job_.HasJob()) return {};
  *milliseconds = job_.Collect();
  return std::move(found_);
}

void RecognitionWorker::Drop() {
  job_.Drop();
  found_.clear();
}

}  // namespace vc
