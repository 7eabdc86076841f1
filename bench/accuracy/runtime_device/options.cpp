#include "options.h"

#include <cstdlib>
#include <stdexcept>

Options parse_options(int argc, char* argv[]) {
  Options opts;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--device")
      opts.device = torch::Device(std::string(argv[i + 1]));
    else if (flag == "--steps")
      opts.steps = std::atoi(argv[i + 1]);
    else if (flag == "--log-every")
      opts.log_every = std::atoi(argv[i + 1]);
    else
      throw std::invalid_argument("unknown flag " + flag);
  }
  return opts;
}
