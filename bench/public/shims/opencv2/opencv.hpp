// A stand-in for the few OpenCV calls that bench/public's ssd-libtorch makes
// (the GPU machine has no OpenCV C++ headers or libraries, see README.md):
// 8-bit BGR images read from and written to binary PPM files (prepare.py
// writes its images that way), nearest-neighbour resize, BGR to RGB, a scaled
// conversion to 32-bit floats, and drawing calls that draw nothing. It is
// outside every root: the verifier never counts it as user code, and it
// touches no tensor.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

// OpenCV's type codes are macros.
#define CV_8UC3 16
#define CV_32FC3 21

namespace cv {

enum { IMREAD_COLOR = 1 };
enum { COLOR_BGR2RGB = 4 };
enum { LINE_AA = 16, FILLED = -1 };
enum { FONT_HERSHEY_SIMPLEX = 0 };

struct Size {
  int width = 0, height = 0;
  Size(int W, int H) : width(W), height(H) {}
};
struct Point {
  int x = 0, y = 0;
  Point() = default;
  Point(int X, int Y) : x(X), y(Y) {}
};
struct Scalar {
  double v[4] = {0, 0, 0, 0};
  Scalar(double A, double B = 0, double C = 0, double D = 0) : v{A, B, C, D} {}
};

class Mat {
public:
  int rows = 0, cols = 0;
  unsigned char *data = nullptr;

  Mat() = default;
  Mat(int Rows, int Cols, int Type) { allocate(Rows, Cols, Type); }
  bool empty() const { return !data || rows == 0 || cols == 0; }
  int type() const { return Type; }
  size_t elemSize() const { return Type == CV_32FC3 ? 12 : 3; }
  Mat clone() const {
    Mat M(rows, cols, Type);
    std::copy(Buffer->begin(), Buffer->end(), M.Buffer->begin());
    return M;
  }
  void convertTo(Mat &Out, int ToType, double Alpha = 1.0) const {
    Mat M(rows, cols, ToType);
    for (size_t I = 0, N = size_t(rows) * cols * 3; I < N; ++I) {
      double V = at(I) * Alpha;
      if (ToType == CV_32FC3)
        reinterpret_cast<float *>(M.data)[I] = static_cast<float>(V);
      else
        M.data[I] = static_cast<unsigned char>(V < 0 ? 0 : V > 255 ? 255 : V);
    }
    Out = M;
  }
  double at(size_t I) const {
    return Type == CV_32FC3 ? reinterpret_cast<const float *>(data)[I] : data[I];
  }

private:
  void allocate(int Rows, int Cols, int T) {
    rows = Rows;
    cols = Cols;
    Type = T;
    Buffer = std::make_shared<std::vector<unsigned char>>(size_t(Rows) * Cols *
                                                          elemSize());
    data = Buffer->data();
  }
  int Type = CV_8UC3;
  std::shared_ptr<std::vector<unsigned char>> Buffer;
};

// Binary PPM ("P6 <width> <height> 255\n" and RGB bytes), kept as BGR.
inline Mat imread(const std::string &Path, int = IMREAD_COLOR) {
  std::ifstream In(Path, std::ios::binary);
  std::string Magic;
  int W = 0, H = 0, Max = 0;
  if (!(In >> Magic >> W >> H >> Max) || Magic != "P6" || Max != 255 || W <= 0 ||
      H <= 0)
    return Mat();
  In.get();
  Mat M(H, W, CV_8UC3);
  In.read(reinterpret_cast<char *>(M.data), std::streamsize(W) * H * 3);
  if (!In)
    return Mat();
  for (size_t I = 0, N = size_t(W) * H; I < N; ++I)
    std::swap(M.data[3 * I], M.data[3 * I + 2]);
  return M;
}

inline bool imwrite(const std::string &Path, const Mat &M) {
  if (M.empty() || M.type() != CV_8UC3)
    return false;
  std::ofstream Out(Path, std::ios::binary);
  Out << "P6\n" << M.cols << " " << M.rows << "\n255\n";
  for (size_t I = 0, N = size_t(M.rows) * M.cols; I < N; ++I) {
    const unsigned char Pixel[3] = {M.data[3 * I + 2], M.data[3 * I + 1],
                                    M.data[3 * I]};
    Out.write(reinterpret_cast<const char *>(Pixel), 3);
  }
  return bool(Out);
}

inline void resize(const Mat &In, Mat &Out, Size To) {
  Mat M(To.height, To.width, In.type());
  size_t Elem = In.elemSize();
  for (int Y = 0; Y < To.height; ++Y)
    for (int X = 0; X < To.width; ++X) {
      int SY = int(int64_t(Y) * In.rows / To.height);
      int SX = int(int64_t(X) * In.cols / To.width);
      std::copy_n(In.data + (size_t(SY) * In.cols + SX) * Elem, Elem,
                  M.data + (size_t(Y) * To.width + X) * Elem);
    }
  Out = M;
}

inline void cvtColor(const Mat &In, Mat &Out, int /*COLOR_BGR2RGB*/) {
  Mat M = In.clone();
  size_t Channel = M.elemSize() / 3;
  for (size_t I = 0, N = size_t(M.rows) * M.cols; I < N; ++I)
    for (size_t B = 0; B < Channel; ++B)
      std::swap(M.data[3 * Channel * I + B], M.data[3 * Channel * I + 2 * Channel + B]);
  Out = M;
}

// Drawing: the program draws its detections on the images it saves; the
// stand-in saves them undrawn.
inline void rectangle(Mat &, Point, Point, const Scalar &, int = 1, int = 8) {}
inline void putText(Mat &, const std::string &, Point, int, double, const Scalar &,
                    int = 1, int = 8) {}

} // namespace cv
