#pragma once
#include <torch/torch.h>

// A data set read into vectors by one function, as a pair of splits.
using Split = std::pair<std::vector<torch::Tensor>, std::vector<torch::Tensor>>;

torch::Tensor read_image(int index);
Split load_split(int count);
Split load_cached(int count);
void train(torch::nn::Linear &model, torch::Device &device,
           std::vector<torch::Tensor> &images, std::vector<torch::Tensor> &labels,
           std::vector<torch::Tensor> &val_images,
           std::vector<torch::Tensor> &val_labels);
double evaluate(torch::nn::Linear &model, torch::Device &device,
                std::vector<torch::Tensor> &images,
                std::vector<torch::Tensor> &labels);
double predict(torch::nn::Linear &model, torch::Device &device,
               std::vector<torch::Tensor> &images);
