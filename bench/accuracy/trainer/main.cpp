// Trains a small classifier: the loop lives here, the step in trainer.cpp,
// the data in a custom dataset read through a torch::data data loader.
//
// Usage: trainer [epochs]
#include "dataset.h"
#include "model.h"
#include "trainer.h"

#include <torch/torch.h>

#include <cstdlib>
#include <iostream>

int main(int argc, char* argv[]) {
  const int epochs = argc > 1 ? std::atoi(argv[1]) : 3;
  torch::manual_seed(0);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

  auto dataset = SyntheticDataset(4096, 32, 8, 1).map(torch::data::transforms::Stack<>());
  auto loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
      std::move(dataset), torch::data::DataLoaderOptions().batch_size(64).workers(0));

  auto val_x = torch::randn({512, 32}).to(device);
  auto val_y = torch::randint(0, 8, {512}, torch::kLong).to(device);

  Classifier model(32, 128, 8);
  model->to(device);
  Trainer trainer(model, device, 1e-3);

  int64_t step = 0;
  for (int epoch = 0; epoch < epochs; ++epoch) {
    trainer.reset();
    for (auto& batch : *loader) {
      auto loss = trainer.step(batch);
      if (++step % 20 == 0)
        std::cout << "step " << step << " loss " << loss << '\n';
    }
    const float acc = trainer.evaluate(val_x, val_y);
    std::cout << "epoch " << epoch << " mean loss " << trainer.mean_loss() << " train acc "
              << trainer.accuracy() << " val acc " << acc << '\n';
  }
  return 0;
}
