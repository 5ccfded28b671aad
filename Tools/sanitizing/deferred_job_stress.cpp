// ThreadSanitizer stress of vc::DeferredJob (the core's worker machinery,
// common/deferred_job.h): many jobs submitted, collected and dropped with
// one and two threads, each writing a result the caller reads after
// collecting, one throwing, and a job left running when the owner ends.
// Built and run by Tools/sanitize; exits non-zero on a wrong result
// (ThreadSanitizer's own reports fail the run through its exit code).
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "common/deferred_job.h"

namespace {

int Stress(int threads) {
  // Declared before the job, so that the job (which writes it) ends first.
  std::vector<int> result;
  vc::DeferredJob job(threads);
  long expected = 0;
  long sum = 0;
  for (int i = 0; i < 20000; ++i) {
    job.Submit([&result, i] { result.assign(64, i); });
    if (i % 7 == 3) {
      job.Drop();
      continue;
    }
    job.Collect();
    sum += result[63];
    expected += i;
  }
  if (sum != expected) {
    std::fprintf(stderr, "threads %d: results %ld, expected %ld\n", threads,
                 sum, expected);
    return 1;
  }
  job.Submit([] { throw std::runtime_error("thrown by the job"); });
  try {
    job.Collect();
    std::fprintf(stderr, "threads %d: the job's exception was lost\n", threads);
    return 1;
  } catch (const std::runtime_error&) {
  }
  // Left for the destructor.
  job.Submit([&result] { result.assign(1000, 1); });
  return 0;
}

}  // namespace

int main() {
  const int failures = Stress(1) + Stress(2);
  std::printf("deferred job stress: %s\n", failures == 0 ? "passed" : "FAILED");
  return failures == 0 ? 0 : 1;
}
