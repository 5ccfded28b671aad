// Peer baseline for relocalization (issue 14): single RGB frames placed in a
// keyframe map by brute force, the way a plain OpenCV program would do it, so
// that run-peers --relocalization can print its recall, accuracy and speed
// beside ARScene's relocalizer (`arscene relocalize`) from one run.
//
//   opencv_relocalization MAP.txt QUERIES.txt fx fy cx cy
//                         DEPTH_UNITS_PER_METRE OUT_PREFIX
//
// MAP.txt: "timestamp rgb_path depth_path tx ty tz qx qy qz qw" lines, one per
// keyframe; the pose is world_from_camera (camera centre in the world, and the
// rotation taking camera axes to world axes, Hamilton, scalar last) with
// OpenCV camera axes: +X right, +Y down, +Z forward. run-peers converts the
// dataset's poses to these axes before writing the list.
// QUERIES.txt: "timestamp rgb_path depth_path" lines (frame_list.h); the
// query's depth is only checked ("-" = none): the pose comes from its colour
// image alone, as a relocalizer's does.
// Depth is registered to colour, 16-bit, DEPTH_UNITS_PER_METRE per metre
// (1000 for millimetres, 5000 for TUM); 0 and 65535 mean no reading.
//
// The map: ORB (cv::ORB::create(1000), 8 levels) on each keyframe's grey
// image; every feature with a depth reading between kMinDepth and kMaxDepth
// is lifted to a world point with the keyframe's pose. A query: ORB on its
// grey image, cv::BFMatcher knnMatch (k = 2, ratio 0.8) against every
// keyframe (no index: brute force is the point of this peer), the 2D-3D
// matches of the kPooledKeyframes keyframes with the most matches pooled,
// then cv::solvePnPRansac. Found when it keeps kMinInliers inliers.
//
// Writes OUT_PREFIX.txt, TUM lines "timestamp tx ty tz qx qy qz qw" for the
// frames found (world_from_camera, OpenCV camera axes, the map's world: the
// same convention as MAP.txt), and OUT_PREFIX.json with per-frame
// {timestamp, found, inliers, ms} and mean_ms, p50_ms, p99_ms and
// found_fraction over the queries. ms is everything after decoding the
// images: ORB, matching and PnP, on one thread. Any bad input (missing or
// unreadable file, wrong image size, bad line) is reported on stderr naming
// the file and line, with exit status 1.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <opencv2/calib3d.hpp>
#include <opencv2/core.hpp>
#include <opencv2/features2d.hpp>
#include <opencv2/imgcodecs.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

// Kinect-class depth: nearer than 0.3 m there is no reading worth the name
// and beyond 4.5 m the quantisation error passes several centimetres.
constexpr double kMinDepth = 0.3;
constexpr double kMaxDepth = 4.5;
// 65535 marks "no reading" in Kinect v1 datasets (7-Scenes), as 0 does.
constexpr uint16_t kInvalidDepth = 65535;
// Lowe's ratio test: the best match must be clearly better than the second.
constexpr float kRatio = 0.8f;
// Keyframes whose matches are pooled for PnP: the few that share the most
// with the query see the same part of the scene; the others add mostly
// wrong matches.
constexpr size_t kPooledKeyframes = 3;
// RANSAC settings of the brief: 300 hypotheses, 6 px, 99 % confidence.
constexpr int kRansacIterations = 300;
constexpr float kReprojectionError = 6.0f;
constexpr double kConfidence = 0.99;
// A pose is accepted from 30 inliers. On 7scenes-kitchen-dev (map frames
// 0-299), query frames that see nothing of the map keep 0 to 12, so 30 is
// well clear of chance. It does not stop every wrong pose: frames 436-462
// there get 36 to 60 inliers (all in front of the camera and within 6 px)
// for poses 20 to 150 cm off, which a plain relocalizer accepts too.
constexpr int kMinInliers = 30;
// Fixed, so that two runs give the same answers.
constexpr int kSeed = 1;

// An error that names where the input went wrong.
std::runtime_error InputError(const std::string& where,
                              const std::string& what) {
  return std::runtime_error(where + ": " + what);
}

double ParseNumber(const std::string& text, const std::string& where,
                   const std::string& what) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto result = std::from_chars(text.data(), end, value);
  if (result.ec != std::errc() || result.ptr != end || !std::isfinite(value)) {
    throw InputError(where, what + " is not a number: \"" + text + "\"");
  }
  return value;
}

// The shortest text that reads back as the same double (JSON numbers).
std::string ShortestText(double value) {
  char text[64];
  const auto result = std::to_chars(text, text + sizeof text, value);
  return std::string(text, result.ptr);
}

struct Pose {
  cv::Matx33d rotation = cv::Matx33d::eye();  // world_from_camera
  cv::Vec3d translation;                      // camera centre in the world
};

cv::Matx33d RotationFromQuaternion(double x, double y, double z, double w) {
  return cv::Matx33d(
      1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
      2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
      2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y));
}

// (x, y, z, w), w >= 0, from a rotation matrix (Shepperd's method: the
// largest of the four candidates keeps the square root well conditioned).
cv::Vec4d QuaternionFromRotation(const cv::Matx33d& r) {
  const double trace = r(0, 0) + r(1, 1) + r(2, 2);
  cv::Vec4d q;
  if (trace > 0) {
    const double s = 2 * std::sqrt(1 + trace);
    q = {(r(2, 1) - r(1, 2)) / s, (r(0, 2) - r(2, 0)) / s,
         (r(1, 0) - r(0, 1)) / s, s / 4};
  } else if (r(0, 0) > r(1, 1) && r(0, 0) > r(2, 2)) {
    const double s = 2 * std::sqrt(1 + r(0, 0) - r(1, 1) - r(2, 2));
    q = {s / 4, (r(0, 1) + r(1, 0)) / s, (r(0, 2) + r(2, 0)) / s,
         (r(2, 1) - r(1, 2)) / s};
  } else if (r(1, 1) > r(2, 2)) {
    const double s = 2 * std::sqrt(1 + r(1, 1) - r(0, 0) - r(2, 2));
    q = {(r(0, 1) + r(1, 0)) / s, s / 4, (r(1, 2) + r(2, 1)) / s,
         (r(0, 2) - r(2, 0)) / s};
  } else {
    const double s = 2 * std::sqrt(1 + r(2, 2) - r(0, 0) - r(1, 1));
    q = {(r(0, 2) + r(2, 0)) / s, (r(1, 2) + r(2, 1)) / s, s / 4,
         (r(1, 0) - r(0, 1)) / s};
  }
  if (q[3] < 0) q = -q;
  return q / cv::norm(q);
}

struct ListEntry {
  std::string where;  // "FILE:LINE", for messages
  std::string timestamp;
  double time = 0;
  std::string rgb;
  std::string depth;
  Pose pose;  // map entries only
};

// Reads MAP.txt (with_pose) or QUERIES.txt: blank lines and '#' comments
// skipped, every other line must have exactly the expected fields.
std::vector<ListEntry> ReadList(const std::string& path, bool with_pose) {
  std::ifstream in(path);
  if (!in) throw InputError(path, "cannot read the file");
  const size_t expected = with_pose ? 10 : 3;
  std::vector<ListEntry> entries;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream stream(line);
    std::vector<std::string> fields;
    for (std::string field; stream >> field;) fields.push_back(field);
    if (fields.empty() || fields[0][0] == '#') continue;
    ListEntry entry;
    entry.where = path + ":" + std::to_string(number);
    if (fields.size() != expected) {
      throw InputError(entry.where,
                       "expected " + std::to_string(expected) + " fields (" +
                           (with_pose ? "timestamp rgb depth tx ty tz qx qy "
                                        "qz qw"
                                      : "timestamp rgb depth") +
                           "), got " + std::to_string(fields.size()));
    }
    entry.timestamp = fields[0];
    entry.time = ParseNumber(fields[0], entry.where, "the timestamp");
    entry.rgb = fields[1];
    entry.depth = fields[2];
    if (with_pose) {
      double v[7];
      static const char* kNames[7] = {"tx", "ty", "tz", "qx", "qy", "qz", "qw"};
      for (int k = 0; k < 7; ++k) {
        v[k] = ParseNumber(fields[3 + k], entry.where, kNames[k]);
      }
      const double norm =
          std::sqrt(v[3] * v[3] + v[4] * v[4] + v[5] * v[5] + v[6] * v[6]);
      // As Datasets/README.md: rounded files are normalised, anything
      // further off 1 is not a rotation.
      if (std::abs(norm - 1) > 1e-3) {
        throw InputError(entry.where, "the quaternion's norm is " +
                                          std::to_string(norm) + ", not 1");
      }
      entry.pose.translation = {v[0], v[1], v[2]};
      entry.pose.rotation = RotationFromQuaternion(v[3] / norm, v[4] / norm,
                                                   v[5] / norm, v[6] / norm);
    }
    entries.push_back(entry);
  }
  return entries;
}

// imread says nothing useful about a missing file: check it first.
void CheckExists(const ListEntry& entry, const std::string& path) {
  if (!std::ifstream(path)) {
    throw InputError(entry.where, "cannot open " + path);
  }
}

cv::Mat ReadGray(const ListEntry& entry, cv::Size* size) {
  CheckExists(entry, entry.rgb);
  cv::Mat gray = cv::imread(entry.rgb, cv::IMREAD_GRAYSCALE);
  if (gray.empty()) {
    throw InputError(entry.where, "cannot read the image " + entry.rgb);
  }
  if (size->empty()) *size = gray.size();
  if (gray.size() != *size) {
    throw InputError(entry.where,
                     entry.rgb + " is " + std::to_string(gray.cols) + "x" +
                         std::to_string(gray.rows) + ", the others " +
                         std::to_string(size->width) + "x" +
                         std::to_string(size->height));
  }
  return gray;
}

cv::Mat ReadDepth(const ListEntry& entry, const cv::Size& size) {
  CheckExists(entry, entry.depth);
  cv::Mat depth = cv::imread(entry.depth, cv::IMREAD_UNCHANGED);
  if (depth.empty()) {
    throw InputError(entry.where, "cannot read the depth image " + entry.depth);
  }
  if (depth.type() != CV_16UC1) {
    throw InputError(entry.where,
                     entry.depth + " is not a 16-bit single-channel image");
  }
  if (depth.size() != size) {
    throw InputError(entry.where,
                     entry.depth + " is " + std::to_string(depth.cols) + "x" +
                         std::to_string(depth.rows) + ", its colour image " +
                         std::to_string(size.width) + "x" +
                         std::to_string(size.height));
  }
  return depth;
}

struct Keyframe {
  cv::Mat descriptors;              // one row per world point
  std::vector<cv::Point3f> points;  // world, metres
};

struct Answer {
  std::string timestamp;
  bool found = false;
  int inliers = 0;
  double milliseconds = 0;
  Pose pose;
};

struct Intrinsics {
  double fx, fy, cx, cy;
};

Keyframe MakeKeyframe(const cv::Mat& gray, const cv::Mat& depth,
                      const Pose& pose, const Intrinsics& k,
                      double units_per_metre, cv::ORB& orb) {
  std::vector<cv::KeyPoint> keypoints;
  cv::Mat descriptors;
  orb.detectAndCompute(gray, cv::noArray(), keypoints, descriptors);
  Keyframe keyframe;
  for (size_t i = 0; i < keypoints.size(); ++i) {
    // The reading at the pixel the corner falls in (no interpolation:
    // corners sit on depth edges, where a blend of two surfaces is neither).
    const int u =
        std::clamp(int(std::lround(keypoints[i].pt.x)), 0, depth.cols - 1);
    const int v =
        std::clamp(int(std::lround(keypoints[i].pt.y)), 0, depth.rows - 1);
    const uint16_t raw = depth.at<uint16_t>(v, u);
    if (raw == 0 || raw == kInvalidDepth) continue;
    const double z = raw / units_per_metre;
    if (z < kMinDepth || z > kMaxDepth) continue;
    const cv::Vec3d camera((keypoints[i].pt.x - k.cx) * z / k.fx,
                           (keypoints[i].pt.y - k.cy) * z / k.fy, z);
    const cv::Vec3d world = pose.rotation * camera + pose.translation;
    keyframe.points.emplace_back(float(world[0]), float(world[1]),
                                 float(world[2]));
    keyframe.descriptors.push_back(descriptors.row(int(i)));
  }
  return keyframe;
}

Answer Relocalize(const cv::Mat& gray, const std::vector<Keyframe>& keyframes,
                  const cv::Matx33d& camera, cv::ORB& orb,
                  const cv::BFMatcher& matcher) {
  Answer answer;
  const auto start = Clock::now();
  std::vector<cv::KeyPoint> keypoints;
  cv::Mat descriptors;
  orb.detectAndCompute(gray, cv::noArray(), keypoints, descriptors);

  // Every keyframe, by brute force, with the matches that pass the ratio
  // test.
  struct Candidate {
    size_t keyframe;
    std::vector<cv::DMatch> matches;
  };
  std::vector<Candidate> candidates;
  if (descriptors.rows >= 1) {
    for (size_t f = 0; f < keyframes.size(); ++f) {
      if (keyframes[f].descriptors.rows < 2) continue;
      std::vector<std::vector<cv::DMatch>> knn;
      matcher.knnMatch(descriptors, keyframes[f].descriptors, knn, 2);
      Candidate candidate{f, {}};
      for (const auto& pair : knn) {
        if (pair.size() == 2 && pair[0].distance < kRatio * pair[1].distance) {
          candidate.matches.push_back(pair[0]);
        }
      }
      if (!candidate.matches.empty()) candidates.push_back(candidate);
    }
  }
  // Stable: ties keep map order, so the answer does not depend on the sort.
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) {
                     return a.matches.size() > b.matches.size();
                   });
  if (candidates.size() > kPooledKeyframes) {
    candidates.resize(kPooledKeyframes);
  }

  // One correspondence per query feature, its closest match among the
  // pooled keyframes: neighbouring keyframes see the same corners, and
  // counting one image point two or three times would inflate the inliers
  // that decide "found".
  std::map<int, cv::DMatch> best;  // query feature -> match
  std::map<int, size_t> best_keyframe;
  for (const Candidate& c : candidates) {
    for (const cv::DMatch& m : c.matches) {
      const auto it = best.find(m.queryIdx);
      if (it == best.end() || m.distance < it->second.distance) {
        best[m.queryIdx] = m;
        best_keyframe[m.queryIdx] = c.keyframe;
      }
    }
  }
  std::vector<cv::Point3f> object;
  std::vector<cv::Point2f> image;
  for (const auto& [query, match] : best) {
    object.push_back(keyframes[best_keyframe[query]].points[match.trainIdx]);
    image.push_back(keypoints[query].pt);
  }

  // EPnP needs at least 4 (and OpenCV's RANSAC 5) points; fewer than the
  // acceptance threshold can never be found anyway.
  if (int(object.size()) >= kMinInliers) {
    cv::setRNGSeed(kSeed);
    cv::Mat rvec, tvec;
    std::vector<int> inliers;
    // SOLVEPNP_EPNP, then Levenberg-Marquardt on the inliers. Not
    // SOLVEPNP_ITERATIVE: OpenCV 4.6 refines the RANSAC answer with it from
    // a DLT start, which now and then lands on a mirror pose with the map
    // behind the camera (it still projects within 6 px): 35 of the 227
    // answers on 7scenes-kitchen-dev, frames 352-480, 0.5 m to kilometres
    // off. EPnP keeps the points in front, and the LM step gives the same
    // poses as ITERATIVE wherever that was right.
    bool ok =
        cv::solvePnPRansac(object, image, camera, cv::noArray(), rvec, tvec,
                           false, kRansacIterations, kReprojectionError,
                           kConfidence, inliers, cv::SOLVEPNP_EPNP);
    if (ok && int(inliers.size()) >= kMinInliers) {
      std::vector<cv::Point3f> inlier_object;
      std::vector<cv::Point2f> inlier_image;
      for (int i : inliers) {
        inlier_object.push_back(object[i]);
        inlier_image.push_back(image[i]);
      }
      cv::solvePnPRefineLM(inlier_object, inlier_image, camera, cv::noArray(),
                           rvec, tvec);
      // EPnP on a degenerate set can give NaN; nothing to report then.
      ok = cv::checkRange(rvec) && cv::checkRange(tvec);
    }
    answer.inliers = ok ? int(inliers.size()) : 0;
    if (ok && answer.inliers >= kMinInliers) {
      answer.found = true;
      cv::Matx33d camera_from_world;
      cv::Rodrigues(rvec, camera_from_world);
      const cv::Vec3d t(tvec.at<double>(0), tvec.at<double>(1),
                        tvec.at<double>(2));
      answer.pose.rotation = camera_from_world.t();
      answer.pose.translation = -(camera_from_world.t() * t);
    }
  }
  answer.milliseconds =
      std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return answer;
}

double Percentile(std::vector<double> values, double fraction) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t rank = size_t(std::ceil(fraction * values.size()));
  return values[std::min(values.size() - 1, rank == 0 ? 0 : rank - 1)];
}

void WriteOutputs(const std::string& prefix, const std::vector<Answer>& answers,
                  size_t keyframe_count, size_t point_count) {
  std::ofstream tum(prefix + ".txt");
  if (!tum) throw InputError(prefix + ".txt", "cannot write the file");
  tum << "# OpenCV ORB + BFMatcher against every keyframe + solvePnPRansac\n"
         "# world_from_camera, OpenCV camera axes (+X right, +Y down, +Z "
         "forward)\n"
         "# timestamp tx ty tz qx qy qz qw\n";
  std::vector<double> times;
  int found = 0;
  for (const Answer& a : answers) {
    times.push_back(a.milliseconds);
    if (!a.found) continue;
    ++found;
    const cv::Vec4d q = QuaternionFromRotation(a.pose.rotation);
    const cv::Vec3d& t = a.pose.translation;
    char line[256];
    std::snprintf(line, sizeof line, "%s %.7f %.7f %.7f %.9f %.9f %.9f %.9f\n",
                  a.timestamp.c_str(), t[0], t[1], t[2], q[0], q[1], q[2],
                  q[3]);
    tum << line;
  }

  double mean = 0;
  for (double t : times) mean += t;
  mean = times.empty() ? 0 : mean / times.size();
  std::ofstream json(prefix + ".json");
  if (!json) throw InputError(prefix + ".json", "cannot write the file");
  char head[512];
  std::snprintf(head, sizeof head,
                "{\n  \"method\": \"opencv_bruteforce\",\n"
                "  \"keyframes\": %zu,\n  \"map_points\": %zu,\n"
                "  \"min_inliers\": %d,\n  \"queries\": %zu,\n"
                "  \"found_fraction\": %.6f,\n  \"mean_ms\": %.4f,\n"
                "  \"p50_ms\": %.4f,\n  \"p99_ms\": %.4f,\n  \"frames\": [",
                keyframe_count, point_count, kMinInliers, answers.size(),
                answers.empty() ? 0.0 : double(found) / answers.size(), mean,
                Percentile(times, 0.5), Percentile(times, 0.99));
  json << head;
  for (size_t i = 0; i < answers.size(); ++i) {
    const Answer& a = answers[i];
    char line[256];
    std::snprintf(
        line, sizeof line,
        "%s\n    {\"timestamp\": %s, \"found\": %s, \"inliers\": %d, "
        "\"ms\": %.4f}",
        i ? "," : "",
        ShortestText(std::strtod(a.timestamp.c_str(), nullptr)).c_str(),
        a.found ? "true" : "false", a.inliers, a.milliseconds);
    json << line;
  }
  json << "\n  ]\n}\n";
  std::printf(
      "keyframes %zu map_points %zu queries %zu found %d mean_ms %.3f "
      "p50_ms %.3f p99_ms %.3f\n",
      keyframe_count, point_count, answers.size(), found, mean,
      Percentile(times, 0.5), Percentile(times, 0.99));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 9) {
    std::fprintf(stderr,
                 "usage: %s MAP.txt QUERIES.txt fx fy cx cy "
                 "DEPTH_UNITS_PER_METRE OUT_PREFIX\n",
                 argv[0]);
    return 2;
  }
  try {
    Intrinsics k{};
    double* values[4] = {&k.fx, &k.fy, &k.cx, &k.cy};
    static const char* kNames[4] = {"fx", "fy", "cx", "cy"};
    for (int i = 0; i < 4; ++i) {
      *values[i] = ParseNumber(argv[3 + i], "arguments", kNames[i]);
    }
    const double units_per_metre =
        ParseNumber(argv[7], "arguments", "DEPTH_UNITS_PER_METRE");
    if (k.fx <= 0 || k.fy <= 0 || units_per_metre <= 0) {
      throw InputError("arguments",
                       "fx, fy and DEPTH_UNITS_PER_METRE must be > 0");
    }
    const std::vector<ListEntry> map_entries = ReadList(argv[1], true);
    const std::vector<ListEntry> query_entries = ReadList(argv[2], false);
    if (map_entries.empty()) throw InputError(argv[1], "no keyframes");
    if (query_entries.empty()) throw InputError(argv[2], "no queries");

    // One thread, as the image peer: times that do not depend on how many
    // cores the machine has, and the same matches on every run.
    cv::setNumThreads(1);
    cv::Ptr<cv::ORB> orb = cv::ORB::create(1000);
    const cv::BFMatcher matcher(cv::NORM_HAMMING);
    const cv::Matx33d camera(k.fx, 0, k.cx, 0, k.fy, k.cy, 0, 0, 1);

    cv::Size size;
    std::vector<Keyframe> keyframes;
    size_t point_count = 0;
    for (const ListEntry& entry : map_entries) {
      const cv::Mat gray = ReadGray(entry, &size);
      const cv::Mat depth = ReadDepth(entry, size);
      keyframes.push_back(
          MakeKeyframe(gray, depth, entry.pose, k, units_per_metre, *orb));
      point_count += keyframes.back().points.size();
    }
    if (point_count == 0) {
      throw InputError(argv[1], "no keyframe has a feature with depth");
    }

    std::vector<Answer> answers;
    for (const ListEntry& entry : query_entries) {
      const cv::Mat gray = ReadGray(entry, &size);
      if (entry.depth != "-") ReadDepth(entry, size);
      Answer answer = Relocalize(gray, keyframes, camera, *orb, matcher);
      answer.timestamp = entry.timestamp;
      answers.push_back(answer);
    }
    WriteOutputs(argv[8], answers, keyframes.size(), point_count);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "opencv_relocalization: %s\n", error.what());
    return 1;
  }
  return 0;
}
