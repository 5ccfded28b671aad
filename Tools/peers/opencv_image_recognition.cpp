// Peer baseline for image recognition (issue 6): on the same reference images
// and query photos, runs ARScene's recognition (vc_reference_image_set_detect:
// vocabulary index, a few verified candidates) and the brute-force way
// (ORB points of the query matched with cv::BFMatcher against every
// reference, a homography with cv::findHomography for each), times both and
// scores both the same way.
//
//   opencv_image_recognition REFERENCES.txt QUERIES.txt [REPEATS]
//
// REFERENCES.txt: "name<TAB>physical_width<TAB>path" lines. QUERIES.txt:
// "path<TAB>expected<TAB>homography" lines, where expected is a reference's
// name or "-" (nothing should be found) and homography a file with the true
// 3x3 reference-to-query homography or "-". Each query runs REPEATS times
// (default 3) and the median time counts. Prints one line per query and
// method, then one summary line per method:
//   method NAME queries Q correct C wrong W missed M false_positives F
//   median_ms T p99_ms P build_ms B
// A query is correct when the expected reference is the best detection,
// wrong when another one is, missed when none is found though one was
// expected; a false positive is any detection where none was expected.
#include <vision_core/vision_core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <opencv2/calib3d.hpp>
#include <opencv2/core.hpp>
#include <opencv2/features2d.hpp>
#include <opencv2/imgcodecs.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Reference {
  std::string name;
  float physical_width = 0;
  std::string path;
  cv::Mat gray;
  std::vector<cv::KeyPoint> keypoints;
  cv::Mat descriptors;
};

struct Query {
  std::string path;
  std::string expected;
  std::string homography_path;
  cv::Mat gray;
};

struct Detection {
  std::string name;
  int inliers = 0;
  cv::Matx33d homography;
};

struct Outcome {
  std::vector<Detection> detections;
  double milliseconds = 0;
};

std::vector<std::vector<std::string>> ReadTabbed(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<std::vector<std::string>> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream stream(line);
    std::string field;
    while (std::getline(stream, field, '\t')) fields.push_back(field);
    rows.push_back(fields);
  }
  return rows;
}

cv::Mat ReadGray(const std::string& path) {
  cv::Mat gray = cv::imread(path, cv::IMREAD_GRAYSCALE);
  if (gray.empty()) throw std::runtime_error("cannot read image " + path);
  return gray;
}

bool ReadHomography(const std::string& path, cv::Matx33d* h) {
  if (path == "-") return false;
  std::ifstream in(path);
  for (int k = 0; k < 9; ++k) {
    if (!(in >> h->val[k])) return false;
  }
  return true;
}

double MeanCornerError(const cv::Matx33d& estimate, const cv::Matx33d& truth,
                       int width, int height) {
  const cv::Point2d corners[4] = {{0, 0},
                                  {double(width), 0},
                                  {double(width), double(height)},
                                  {0, double(height)}};
  double sum = 0;
  for (const cv::Point2d& c : corners) {
    const cv::Vec3d a = estimate * cv::Vec3d(c.x, c.y, 1);
    const cv::Vec3d b = truth * cv::Vec3d(c.x, c.y, 1);
    sum += std::hypot(a[0] / a[2] - b[0] / b[2], a[1] / a[2] - b[1] / b[2]);
  }
  return sum / 4;
}

double Percentile(std::vector<double> values, double fraction) {
  if (values.empty()) return NAN;
  std::sort(values.begin(), values.end());
  const size_t index = std::min(
      values.size() - 1, size_t(std::ceil(fraction * values.size())) - 1);
  return values[index];
}

void Check(vc_status_t status, vc_reference_image_set_t* set,
           const std::string& what) {
  if (status != VC_STATUS_OK) {
    throw std::runtime_error(what + ": " + vc_status_name(status) + ": " +
                             vc_reference_image_set_last_error_message(set));
  }
}

// Ours: the core's index and verification.
class CoreMethod {
 public:
  explicit CoreMethod(const std::vector<Reference>& references) {
    Check(vc_reference_image_set_create(&set_), set_, "create");
    for (const Reference& r : references) {
      const vc_image_view_t view{r.gray.data, r.gray.cols, r.gray.rows,
                                 int32_t(r.gray.step[0]),
                                 VC_PIXEL_FORMAT_GRAY8};
      Check(vc_reference_image_set_add(set_, r.name.c_str(), r.physical_width,
                                       &view, nullptr, nullptr),
            set_, "add " + r.name);
    }
    const auto start = Clock::now();
    Check(vc_reference_image_set_build(set_), set_, "build");
    build_ms =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  }
  ~CoreMethod() { vc_reference_image_set_destroy(set_); }

  Outcome Detect(const cv::Mat& gray) {
    Outcome outcome;
    const vc_image_view_t view{gray.data, gray.cols, gray.rows,
                               int32_t(gray.step[0]), VC_PIXEL_FORMAT_GRAY8};
    const auto start = Clock::now();
    Check(vc_reference_image_set_detect(set_, &view, nullptr), set_, "detect");
    int32_t count = 0;
    Check(vc_reference_image_set_get_detections(set_, nullptr, 0, &count), set_,
          "count");
    std::vector<vc_image_detection_t> found(count);
    Check(vc_reference_image_set_get_detections(set_, found.data(), count,
                                                &count),
          set_, "detections");
    outcome.milliseconds =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    for (const vc_image_detection_t& d : found) {
      Detection detection;
      detection.name = d.name;
      detection.inliers = d.inlier_count;
      for (int k = 0; k < 9; ++k) detection.homography.val[k] = d.homography[k];
      outcome.detections.push_back(detection);
    }
    return outcome;
  }

  double build_ms = 0;

 private:
  vc_reference_image_set_t* set_ = nullptr;
};

// The baseline: every reference matched by brute force.
class BruteForceMethod {
 public:
  explicit BruteForceMethod(std::vector<Reference>* references)
      : references_(*references),
        orb_(cv::ORB::create(1500, 1.2f, 8)),
        matcher_(cv::NORM_HAMMING) {
    const auto start = Clock::now();
    cv::Ptr<cv::ORB> reference_orb = cv::ORB::create(500, 1.2f, 8);
    for (Reference& r : *references) {
      reference_orb->detectAndCompute(r.gray, cv::noArray(), r.keypoints,
                                      r.descriptors);
    }
    build_ms =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  }

  Outcome Detect(const cv::Mat& gray) {
    Outcome outcome;
    const auto start = Clock::now();
    std::vector<cv::KeyPoint> keypoints;
    cv::Mat descriptors;
    orb_->detectAndCompute(gray, cv::noArray(), keypoints, descriptors);
    for (const Reference& r : references_) {
      if (descriptors.empty() || r.descriptors.rows < 2) continue;
      std::vector<std::vector<cv::DMatch>> knn;
      matcher_.knnMatch(r.descriptors, descriptors, knn, 2);
      std::vector<cv::Point2f> from;
      std::vector<cv::Point2f> to;
      for (const auto& pair : knn) {
        if (pair.size() == 2 && pair[0].distance < 0.8f * pair[1].distance) {
          from.push_back(r.keypoints[pair[0].queryIdx].pt);
          to.push_back(keypoints[pair[0].trainIdx].pt);
        }
      }
      if (from.size() < kMinInliers) continue;
      cv::setRNGSeed(1);
      std::vector<uint8_t> mask;
      const cv::Mat h =
          cv::findHomography(from, to, cv::RANSAC, 5.0, mask, 2000, 0.995);
      if (h.empty()) continue;
      const int inliers = int(std::count(mask.begin(), mask.end(), 1));
      if (inliers < int(kMinInliers)) continue;
      outcome.detections.push_back({r.name, inliers, cv::Matx33d(h)});
    }
    std::stable_sort(outcome.detections.begin(), outcome.detections.end(),
                     [](const Detection& a, const Detection& b) {
                       return a.inliers > b.inliers;
                     });
    outcome.milliseconds =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return outcome;
  }

  double build_ms = 0;

 private:
  // The same acceptance threshold as the core's default.
  static constexpr size_t kMinInliers = 15;
  const std::vector<Reference>& references_;
  cv::Ptr<cv::ORB> orb_;
  cv::BFMatcher matcher_;
};

struct Tally {
  int queries = 0, correct = 0, wrong = 0, missed = 0, false_positives = 0;
  std::vector<double> times;
};

template <typename Method>
void Run(const char* label, Method& method, const std::vector<Query>& queries,
         const std::vector<Reference>& references, int repeats) {
  Tally tally;
  for (const Query& q : queries) {
    Outcome outcome;
    std::vector<double> times;
    for (int r = 0; r < repeats; ++r) {
      outcome = method.Detect(q.gray);
      times.push_back(outcome.milliseconds);
    }
    const double ms = Percentile(times, 0.5);
    tally.times.push_back(ms);
    ++tally.queries;
    std::string found =
        outcome.detections.empty() ? "-" : outcome.detections.front().name;
    std::string error = "nan";
    if (q.expected == "-") {
      tally.false_positives += int(outcome.detections.size());
    } else if (found == q.expected) {
      ++tally.correct;
      cv::Matx33d truth;
      if (ReadHomography(q.homography_path, &truth)) {
        for (const Reference& r : references) {
          if (r.name != found) continue;
          char text[32];
          std::snprintf(text, sizeof text, "%.3f",
                        MeanCornerError(outcome.detections.front().homography,
                                        truth, r.gray.cols, r.gray.rows));
          error = text;
        }
      }
    } else if (found == "-") {
      ++tally.missed;
    } else {
      ++tally.wrong;
    }
    std::printf(
        "query %s method %s expected %s found %s detections %zu inliers %d "
        "corner_error %s ms %.3f\n",
        q.path.c_str(), label, q.expected.c_str(), found.c_str(),
        outcome.detections.size(),
        outcome.detections.empty() ? 0 : outcome.detections.front().inliers,
        error.c_str(), ms);
  }
  std::printf(
      "method %s queries %d correct %d wrong %d missed %d false_positives %d "
      "median_ms %.3f p99_ms %.3f build_ms %.1f\n",
      label, tally.queries, tally.correct, tally.wrong, tally.missed,
      tally.false_positives, Percentile(tally.times, 0.5),
      Percentile(tally.times, 0.99), method.build_ms);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: opencv_image_recognition REFERENCES.txt QUERIES.txt "
                 "[REPEATS]\n");
    return 2;
  }
  try {
    const int repeats = argc > 3 ? std::max(1, std::atoi(argv[3])) : 3;
    std::vector<Reference> references;
    for (const auto& row : ReadTabbed(argv[1])) {
      if (row.size() != 3) throw std::runtime_error("bad reference line");
      Reference r;
      r.name = row[0];
      r.physical_width = std::stof(row[1]);
      r.path = row[2];
      r.gray = ReadGray(r.path);
      references.push_back(std::move(r));
    }
    std::vector<Query> queries;
    for (const auto& row : ReadTabbed(argv[2])) {
      if (row.size() != 3) throw std::runtime_error("bad query line");
      queries.push_back({row[0], row[1], row[2], ReadGray(row[0])});
    }
    cv::setNumThreads(1);
    CoreMethod core(references);
    BruteForceMethod brute_force(&references);
    std::printf("references %zu queries %zu repeats %d\n", references.size(),
                queries.size(), repeats);
    Run("arscene", core, queries, references, repeats);
    Run("bruteforce", brute_force, queries, references, repeats);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "opencv_image_recognition: %s\n", error.what());
    return 1;
  }
  return 0;
}
