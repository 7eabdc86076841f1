// A stand-in for the few Matplot++ calls that bench/public's d2l-gru makes
// after training, to plot its two perplexity curves (the GPU machine has no
// Matplot++, see README.md): a figure with a tiled layout, a line plot per
// tile, axis labels and titles, and show(). They draw nothing. Outside every
// root: the verifier never counts it as user code, and it touches no tensor.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace matplot {

struct line_type {
    line_type &line_width(float) { return *this; }
};
using line_handle = std::shared_ptr<line_type>;

struct axes_type {};
using axes_handle = std::shared_ptr<axes_type>;

struct figure_type {
    void size(int, int) {}
    void add_axes(bool) {}
    void reactive_mode(bool) {}
    void tiledlayout(int, int) {}
    void position(int, int) {}
    axes_handle nexttile() { return std::make_shared<axes_type>(); }
};
using figure_handle = std::shared_ptr<figure_type>;

inline figure_handle figure(bool = false) { return std::make_shared<figure_type>(); }

inline line_handle plot(const axes_handle &, const std::vector<double> &,
                        const std::vector<double> &, const std::string & = "") {
    return std::make_shared<line_type>();
}
inline void xlabel(const axes_handle &, const std::string &) {}
inline void ylabel(const axes_handle &, const std::string &) {}
inline void title(const axes_handle &, const std::string &) {}
inline void show() {}

}  // namespace matplot
