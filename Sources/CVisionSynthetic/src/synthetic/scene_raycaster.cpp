#include "synthetic/scene_raycaster.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "common/stable_sort.h"
#include "synthetic/no_fused_multiply_add.h"

namespace vc {
namespace synthetic {
namespace {

// The per-pixel path works on plain double arrays rather than Eigen vectors:
// same speed when optimised, but debug builds (which the unit tests use) run
// several times faster without Eigen's unoptimised expression templates.

// Hits closer than this are ignored, so a camera resting on a surface does
// not see the surface itself.
constexpr double kMinT = 1e-9;

struct Ray {
  double origin[3];
  double direction[3];
  // 1 / direction per axis. A zero component (a ray through the image
  // centre row of a level camera, say) is replaced by a tiny one, so the slab
  // test needs no special case and never computes 0 * infinity: the ray then
  // lies inside that slab or misses it, as it should, except for an origin
  // exactly on a face plane.
  double inverse[3];

  Ray(const double o[3], const double d[3]) {
    for (int a = 0; a < 3; ++a) {
      origin[a] = o[a];
      direction[a] = d[a];
      inverse[a] = 1.0 / (d[a] != 0.0 ? d[a] : 1e-300);
    }
  }
};

// A SceneBox in the raycaster's working form.
struct FlatBox {
  double min[3];
  double max[3];
  bool seen_from_inside;
  std::array<int, 6> face_textures;
};

// A SceneRectangle in the raycaster's working form.
struct FlatRectangle {
  int normal_axis;
  std::array<int, 2> surface_axes;
  bool normal_positive;
  double offset;
  double min[2];
  double max[2];
  int texture;
};

}  // namespace

struct SceneRaycaster::Flat {
  std::vector<FlatBox> boxes;
  std::vector<FlatRectangle> rectangles;
};

namespace {

using FlatScene = SceneRaycaster::Flat;

FlatScene Flatten(const SyntheticScene& scene) {
  FlatScene flat;
  flat.boxes.reserve(scene.boxes().size());
  for (const SceneBox& box : scene.boxes()) {
    FlatBox f;
    for (int a = 0; a < 3; ++a) {
      f.min[a] = box.min[a];
      f.max[a] = box.max[a];
    }
    f.seen_from_inside = box.seen_from_inside;
    f.face_textures = box.face_textures;
    flat.boxes.push_back(f);
  }
  flat.rectangles.reserve(scene.rectangles().size());
  for (const SceneRectangle& rectangle : scene.rectangles()) {
    FlatRectangle f;
    f.normal_axis = rectangle.normal_axis;
    f.surface_axes = SurfaceAxes(rectangle.normal_axis);
    f.normal_positive = rectangle.normal_positive;
    f.offset = rectangle.offset;
    for (int k = 0; k < 2; ++k) {
      f.min[k] = rectangle.min[k];
      f.max[k] = rectangle.max[k];
    }
    f.texture = rectangle.texture;
    flat.rectangles.push_back(f);
  }
  return flat;
}

// A candidate hit before the surface point and texture are looked up.
struct FaceHit {
  double t = 0.0;
  int normal_axis = 0;
  bool normal_positive = true;
  int texture = 0;
};

// Slab test. A solid box is hit where the ray enters it, a shell where the ray
// leaves it; either way the face's normal faces the ray, i.e. is positive
// exactly when the ray travels towards -axis. Most tests miss, so the axis of
// the hit face is worked out only after a hit.
inline bool HitBox(const FlatBox& box, const Ray& ray, double t_best,
                   FaceHit* hit) {
  double enter[3];
  double leave[3];
  for (int a = 0; a < 3; ++a) {
    const double t0 = (box.min[a] - ray.origin[a]) * ray.inverse[a];
    const double t1 = (box.max[a] - ray.origin[a]) * ray.inverse[a];
    enter[a] = t0 < t1 ? t0 : t1;
    leave[a] = t0 < t1 ? t1 : t0;
  }
  const double t_near = std::max(std::max(enter[0], enter[1]), enter[2]);
  const double t_far = std::min(std::min(leave[0], leave[1]), leave[2]);
  if (t_near > t_far) return false;
  const double t = box.seen_from_inside ? t_far : t_near;
  if (t <= kMinT || t >= t_best) return false;
  const double* faces = box.seen_from_inside ? leave : enter;
  const int axis = t == faces[0] ? 0 : (t == faces[1] ? 1 : 2);
  const bool towards_min = ray.direction[axis] < 0.0;
  // Entering through the min face means travelling towards +axis; leaving
  // through it means travelling towards -axis.
  const bool min_face = box.seen_from_inside ? towards_min : !towards_min;
  hit->t = t;
  hit->normal_axis = axis;
  hit->normal_positive = towards_min;
  hit->texture = box.face_textures[2 * axis + (min_face ? 0 : 1)];
  return true;
}

inline bool HitRectangle(const FlatRectangle& rectangle, const Ray& ray,
                         double t_best, FaceHit* hit) {
  const int a = rectangle.normal_axis;
  const double d = ray.direction[a];
  // One-sided: only rays travelling against the normal see it.
  if (rectangle.normal_positive ? d >= 0.0 : d <= 0.0) return false;
  const double t = (rectangle.offset - ray.origin[a]) * ray.inverse[a];
  if (t <= kMinT || t >= t_best) return false;
  for (int k = 0; k < 2; ++k) {
    const int axis = rectangle.surface_axes[k];
    const double x = ray.origin[axis] + t * ray.direction[axis];
    if (x < rectangle.min[k] || x > rectangle.max[k]) return false;
  }
  hit->t = t;
  hit->normal_axis = a;
  hit->normal_positive = rectangle.normal_positive;
  hit->texture = rectangle.texture;
  return true;
}

// A primitive and the pixel rectangle (inclusive) it can cover in the
// current view.
struct Candidate {
  bool is_box = true;
  bool is_shell = false;
  int index = 0;
  // No hit on the primitive can have a smaller depth than this.
  double depth_bound = 0.0;
  int u_min = 0;
  int u_max = 0;
  int v_min = 0;
  int v_max = 0;
};

// Screen bounds of a convex set given by its corners, indexed so that
// corners i and i ^ (1 << k) share an edge (a box's 8, a rectangle's 4).
// Returns false when the set lies wholly behind the camera or outside the
// image. A set that straddles the camera plane is clipped to the part in
// front: its bounds come from the corners in front plus the points where
// edges cross a plane just in front of the camera. Whole-image bounds would
// be simpler, but a scene of many small tiles has dozens of them beside and
// below the camera, and testing those at every pixel costs more than the
// rest of the render.
template <size_t N>
bool ScreenBounds(const std::array<Eigen::Vector3d, N>& world_corners,
                  const Eigen::Isometry3d& camera_from_world,
                  const PinholeCamera& camera, Candidate* candidate) {
  // Hits nearer than this are far below any depth a sensor reports.
  constexpr double kNear = 1e-6;
  std::array<Eigen::Vector3d, N> p;
  double z_min = std::numeric_limits<double>::infinity();
  double z_max = -std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < N; ++i) {
    p[i] = camera_from_world * world_corners[i];
    z_min = std::min(z_min, p[i].z());
    z_max = std::max(z_max, p[i].z());
  }
  if (z_max <= kNear) return false;
  candidate->depth_bound = z_min;
  double u_lo = std::numeric_limits<double>::infinity();
  double u_hi = -u_lo;
  double v_lo = u_lo;
  double v_hi = -u_lo;
  const auto include = [&](const Eigen::Vector3d& q) {
    const double u = camera.fx * q.x() / q.z() + camera.cx;
    const double v = camera.fy * q.y() / q.z() + camera.cy;
    u_lo = std::min(u_lo, u);
    u_hi = std::max(u_hi, u);
    v_lo = std::min(v_lo, v);
    v_hi = std::max(v_hi, v);
  };
  for (size_t i = 0; i < N; ++i) {
    if (p[i].z() >= kNear) include(p[i]);
    for (size_t bit = 1; bit < N; bit <<= 1) {
      const size_t j = i ^ bit;
      if (j < i) continue;
      const double zi = p[i].z() - kNear;
      const double zj = p[j].z() - kNear;
      if ((zi < 0.0) == (zj < 0.0)) continue;
      include(p[i] + (zi / (zi - zj)) * (p[j] - p[i]));
    }
  }
  // One pixel of margin absorbs rounding at silhouette edges.
  const double u_limit = camera.width - 1;
  const double v_limit = camera.height - 1;
  if (u_hi < -1.0 || v_hi < -1.0 || u_lo > u_limit + 1.0 ||
      v_lo > v_limit + 1.0) {
    return false;
  }
  candidate->u_min = static_cast<int>(std::max(0.0, std::floor(u_lo) - 1.0));
  candidate->u_max = static_cast<int>(std::min(u_limit, std::ceil(u_hi) + 1.0));
  candidate->v_min = static_cast<int>(std::max(0.0, std::floor(v_lo) - 1.0));
  candidate->v_max = static_cast<int>(std::min(v_limit, std::ceil(v_hi) + 1.0));
  return true;
}

std::array<Eigen::Vector3d, 8> BoxCorners(const FlatBox& box) {
  std::array<Eigen::Vector3d, 8> corners;
  for (int i = 0; i < 8; ++i) {
    corners[i] = Eigen::Vector3d((i & 1) ? box.max[0] : box.min[0],
                                 (i & 2) ? box.max[1] : box.min[1],
                                 (i & 4) ? box.max[2] : box.min[2]);
  }
  return corners;
}

std::array<Eigen::Vector3d, 4> RectangleCorners(
    const FlatRectangle& rectangle) {
  std::array<Eigen::Vector3d, 4> corners;
  for (int i = 0; i < 4; ++i) {
    Eigen::Vector3d& c = corners[i];
    c[rectangle.normal_axis] = rectangle.offset;
    c[rectangle.surface_axes[0]] =
        (i & 1) ? rectangle.max[0] : rectangle.min[0];
    c[rectangle.surface_axes[1]] =
        (i & 2) ? rectangle.max[1] : rectangle.min[1];
  }
  return corners;
}

std::vector<Candidate> VisibleCandidates(
    const FlatScene& scene, const Eigen::Isometry3d& camera_from_world,
    const PinholeCamera& camera) {
  std::vector<Candidate> candidates;
  for (size_t i = 0; i < scene.boxes.size(); ++i) {
    Candidate candidate;
    candidate.is_box = true;
    candidate.is_shell = scene.boxes[i].seen_from_inside;
    candidate.index = static_cast<int>(i);
    if (ScreenBounds(BoxCorners(scene.boxes[i]), camera_from_world, camera,
                     &candidate)) {
      candidates.push_back(candidate);
    }
  }
  for (size_t i = 0; i < scene.rectangles.size(); ++i) {
    Candidate candidate;
    candidate.is_box = false;
    candidate.index = static_cast<int>(i);
    if (ScreenBounds(RectangleCorners(scene.rectangles[i]), camera_from_world,
                     camera, &candidate)) {
      candidates.push_back(candidate);
    }
  }
  // Nearest first, so that once a pixel has a hit the primitives behind it
  // are skipped by their depth bound. Shells go last: their near corners are
  // behind the camera, so their bound prunes nothing, while their far walls
  // are what every other primitive occludes.
  StableSort(&candidates, [](const Candidate& a, const Candidate& b) {
    if (a.is_shell != b.is_shell) return b.is_shell;
    return a.depth_bound < b.depth_bound;
  });
  return candidates;
}

}  // namespace

SceneRaycaster::SceneRaycaster(const SyntheticScene& scene)
    : flat_(std::make_unique<const Flat>(Flatten(scene))) {}

SceneRaycaster::~SceneRaycaster() = default;

bool SceneRaycaster::Cast(const Eigen::Vector3d& origin,
                          const Eigen::Vector3d& direction, RayHit* hit,
                          double t_max) const {
  const Ray ray(origin.data(), direction.data());
  FaceHit best;
  best.t = t_max;
  bool found = false;
  for (const FlatBox& box : flat_->boxes) {
    found |= HitBox(box, ray, best.t, &best);
  }
  for (const FlatRectangle& rectangle : flat_->rectangles) {
    found |= HitRectangle(rectangle, ray, best.t, &best);
  }
  if (!found) return false;
  hit->t = best.t;
  hit->point = origin + best.t * direction;
  hit->normal_axis = best.normal_axis;
  hit->normal_positive = best.normal_positive;
  hit->texture = best.texture;
  return true;
}

bool CastRay(const SyntheticScene& scene, const Eigen::Vector3d& origin,
             const Eigen::Vector3d& direction, RayHit* hit, double t_max) {
  return SceneRaycaster(scene).Cast(origin, direction, hit, t_max);
}

void SurfaceImage::Resize(int new_width, int new_height) {
  width = new_width;
  height = new_height;
  const size_t count = static_cast<size_t>(new_width) * new_height;
  depth.assign(count, 0.0);
  incidence.assign(count, 0.0f);
  radiance.assign(count, Rgb());
  detailed.assign(count, 0);
}

void RenderSurfaces(const SyntheticScene& scene,
                    const Eigen::Isometry3d& world_from_opencv_camera,
                    const PinholeCamera& camera, SurfaceImage* surfaces) {
  surfaces->Resize(camera.width, camera.height);
  const FlatScene flat = Flatten(scene);
  const std::vector<Candidate> candidates = VisibleCandidates(
      flat, world_from_opencv_camera.inverse(Eigen::Isometry), camera);

  // Shading depends only on which of the six axis normals a face has.
  std::array<float, 6> shade;
  for (int a = 0; a < 3; ++a) {
    for (int positive = 0; positive < 2; ++positive) {
      Eigen::Vector3d normal = Eigen::Vector3d::Zero();
      normal[a] = positive ? 1.0 : -1.0;
      shade[2 * a + positive] =
          static_cast<float>(scene.lighting().Intensity(normal));
    }
  }
  std::vector<uint8_t> texture_detail(scene.texture_count());
  for (int i = 0; i < scene.texture_count(); ++i) {
    texture_detail[i] = scene.texture(i).HasDetail() ? 1 : 0;
  }

  // The ray through pixel (u, v) is R ((u - cx) / fx, (v - cy) / fy, 1) with
  // R = world_from_camera's rotation: its camera z is 1, so the hit
  // parameter t is the depth along the optical axis.
  const Eigen::Matrix3d rotation = world_from_opencv_camera.linear();
  const Eigen::Vector3d origin_vector = world_from_opencv_camera.translation();
  const Eigen::Vector3d step_u_vector = rotation.col(0) / camera.fx;
  const Eigen::Vector3d step_v_vector = rotation.col(1) / camera.fy;
  const Eigen::Vector3d corner_vector =
      rotation.col(2) - camera.cx * step_u_vector - camera.cy * step_v_vector;
  double origin[3];
  double step_u[3];
  double step_v[3];
  double corner[3];
  for (int a = 0; a < 3; ++a) {
    origin[a] = origin_vector[a];
    step_u[a] = step_u_vector[a];
    step_v[a] = step_v_vector[a];
    corner[a] = corner_vector[a];
  }
  const double focal = std::min(camera.fx, camera.fy);

  // Primitives whose screen bounds meet the current row, then the current
  // strip of kStripWidth pixels of it: a shelf of books would otherwise be
  // tested at every pixel of the row. Solids and shells are kept apart so
  // that the solids, nearest first, can stop at the first one that lies
  // wholly behind the pixel's hit so far.
  constexpr int kStripWidth = 32;
  const int width = camera.width;
  std::vector<const Candidate*> row_candidates;
  row_candidates.reserve(candidates.size());
  std::vector<const Candidate*> strip_solids;
  strip_solids.reserve(candidates.size());
  std::vector<const Candidate*> strip_shells;
  strip_shells.reserve(candidates.size());
  // Pixels are cast a row at a time; then each run of consecutive pixels on
  // the same texture is textured in one call (see SurfaceTexture).
  std::vector<int> row_textures(width);
  std::vector<float> row_light(width);
  std::vector<SurfaceSample> row_samples(width);
  std::vector<Rgb> row_albedo(width);
  for (int v = 0; v < camera.height; ++v) {
    row_candidates.clear();
    for (const Candidate& candidate : candidates) {
      if (candidate.v_min <= v && v <= candidate.v_max) {
        row_candidates.push_back(&candidate);
      }
    }
    const size_t row_offset = static_cast<size_t>(v) * width;
    double* depth_row = surfaces->depth.data() + row_offset;
    float* incidence_row = surfaces->incidence.data() + row_offset;
    uint8_t* detailed_row = surfaces->detailed.data() + row_offset;
    double row_start[3];
    for (int a = 0; a < 3; ++a) row_start[a] = corner[a] + v * step_v[a];
    for (int u = 0; u < width; ++u) {
      if (u % kStripWidth == 0) {
        const int strip_end = u + kStripWidth - 1;
        strip_solids.clear();
        strip_shells.clear();
        for (const Candidate* candidate : row_candidates) {
          if (candidate->u_min <= strip_end && u <= candidate->u_max) {
            (candidate->is_shell ? strip_shells : strip_solids)
                .push_back(candidate);
          }
        }
      }
      double direction[3];
      for (int a = 0; a < 3; ++a) direction[a] = row_start[a] + u * step_u[a];
      const Ray ray(origin, direction);
      FaceHit best;
      best.t = std::numeric_limits<double>::infinity();
      bool found = false;
      for (const Candidate* candidate : strip_solids) {
        // Sorted by depth bound: every later solid is behind this one.
        if (candidate->depth_bound >= best.t) break;
        if (u < candidate->u_min || u > candidate->u_max) continue;
        found |= candidate->is_box
                     ? HitBox(flat.boxes[candidate->index], ray, best.t, &best)
                     : HitRectangle(flat.rectangles[candidate->index], ray,
                                    best.t, &best);
      }
      for (const Candidate* candidate : strip_shells) {
        if (u < candidate->u_min || u > candidate->u_max) continue;
        found |= HitBox(flat.boxes[candidate->index], ray, best.t, &best);
      }
      if (!found) {
        row_textures[u] = -1;
        continue;
      }
      const std::array<int, 2> axes = SurfaceAxes(best.normal_axis);
      const double squared_norm = direction[0] * direction[0] +
                                  direction[1] * direction[1] +
                                  direction[2] * direction[2];
      const double norm = std::sqrt(squared_norm);
      const double cosine = std::abs(direction[best.normal_axis]) / norm;
      // Pixels per metre of surface: focal length over distance, shrunk by
      // the obliqueness of the view (capped so grazing views stay finite).
      SurfaceSample& sample = row_samples[u];
      sample.u = origin[axes[0]] + best.t * direction[axes[0]];
      sample.v = origin[axes[1]] + best.t * direction[axes[1]];
      sample.pixels_per_metre =
          focal * std::max(cosine, 0.05) / (best.t * norm);
      row_textures[u] = best.texture;
      row_light[u] =
          shade[2 * best.normal_axis + (best.normal_positive ? 1 : 0)];
      depth_row[u] = best.t;
      incidence_row[u] = static_cast<float>(cosine);
      detailed_row[u] = texture_detail[best.texture];
    }

    for (int start = 0; start < width;) {
      int end = start + 1;
      while (end < width && row_textures[end] == row_textures[start]) ++end;
      if (row_textures[start] >= 0) {
        scene.texture(row_textures[start])
            .Albedo(&row_samples[start], end - start, &row_albedo[start]);
      }
      start = end;
    }

    Rgb* radiance_row = surfaces->radiance.data() + row_offset;
    for (int u = 0; u < width; ++u) {
      if (row_textures[u] < 0) continue;
      const Rgb& albedo = row_albedo[u];
      const float light = row_light[u];
      radiance_row[u] =
          Rgb{albedo.r * light, albedo.g * light, albedo.b * light};
    }
  }
}

}  // namespace synthetic
}  // namespace vc
