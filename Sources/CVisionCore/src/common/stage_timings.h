// Wall-clock durations of a frame's stages, in the order they ran. Names are
// static strings so they can cross the C boundary without copies.
#pragma once

#include <chrono>
#include <vector>

#include "vision_core/vision_core.h"

namespace vc {

class StageTimings {
 public:
  void Clear() { stages_.clear(); }
  void Add(const char* name, double milliseconds) {
    stages_.push_back({name, milliseconds});
  }
  const std::vector<vc_stage_timing_t>& stages() const { return stages_; }
  void Swap(StageTimings& other) { stages_.swap(other.stages_); }

 private:
  std::vector<vc_stage_timing_t> stages_;
};

// Times a scope and records it under name when the scope ends.
class ScopedStageTimer {
 public:
  ScopedStageTimer(StageTimings& timings, const char* name)
      : timings_(timings), name_(name), start_(Clock::now()) {}
  ~ScopedStageTimer() {
    const std::chrono::duration<double, std::milli> elapsed =
        Clock::now() - start_;
    timings_.Add(name_, elapsed.count());
  }
  ScopedStageTimer(const ScopedStageTimer&) = delete;
  ScopedStageTimer& operator=(const ScopedStageTimer&) = delete;

 private:
  using Clock = std::chrono::steady_clock;
  StageTimings& timings_;
  const char* name_;
  Clock::time_point start_;
};

}  // namespace vc
