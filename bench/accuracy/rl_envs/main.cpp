// A small reinforcement-learning trainer: a pool of host environments
// stepped every iteration, their observations written into a device
// tensor, greedy actions read back, transitions kept in a host replay
// buffer whose batches are moved to the device for an update.
//
// Usage: rl_envs [steps]
#include "agent.h"
#include "envs.h"
#include "replay.h"

#include <torch/torch.h>

#include <cstdlib>
#include <iostream>

int main(int argc, char* argv[]) {
  const int steps = argc > 1 ? std::atoi(argv[1]) : 300;
  torch::manual_seed(0);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

  EnvPool pool(8, 1);
  Agent agent(4, 2, device);
  ReplayBuffer buffer(4096);
  auto obs = torch::zeros({pool.size(), 4}, torch::TensorOptions(device).dtype(torch::kFloat32));

  float last_loss = 0.f;
  for (int step = 0; step < steps; ++step) {
    pool.observe_into(obs);
    const auto actions = agent.act(obs);
    auto host_obs = obs.cpu();
    const auto rewards = pool.step(actions);
    for (int i = 0; i < pool.size(); ++i) {
      auto row = host_obs[i];
      buffer.add(std::vector<float>(row.data_ptr<float>(), row.data_ptr<float>() + 4),
                 actions[i], rewards[i]);
    }
    if (buffer.size() >= 64) {
      auto batch = buffer.sample(64);
      auto batch_obs = std::get<0>(batch).to(device);
      last_loss = agent.update(batch_obs, std::get<1>(batch), buffer.returns(64));
    }
    if (step % 50 == 0) {
      auto image = pool.render(obs);
      std::cout << "step " << step << " loss " << last_loss << " image sum "
                << image.sum().item<float>() << '\n';
    }
  }
  std::cout << "done, loss " << last_loss << '\n';
  return 0;
}
