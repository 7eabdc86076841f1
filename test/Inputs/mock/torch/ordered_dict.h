#pragma once
// torchsync mock of torch/csrc/api/include/torch/ordered_dict.h (1.13),
// reduced (what Module::named_parameters() returns).
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace torch {

template <typename Key, typename Value>
class OrderedDict {
 public:
  class Item;

  using Iterator = typename std::vector<Item>::iterator;
  using ConstIterator = typename std::vector<Item>::const_iterator;

  explicit OrderedDict(std::string key_description = "Key");
  OrderedDict(const OrderedDict& other);
  OrderedDict& operator=(const OrderedDict& other);
  OrderedDict(OrderedDict&& other) = default;
  OrderedDict& operator=(OrderedDict&& other) = default;
  ~OrderedDict() = default;

  const std::string& key_description() const noexcept;

  Item& front();
  const Item& front() const;
  Item& back();
  const Item& back() const;
  Item& operator[](size_t index);
  const Item& operator[](size_t index) const;
  Value& operator[](const Key& key);
  const Value& operator[](const Key& key) const;
  Value* find(const Key& key) noexcept;
  const Value* find(const Key& key) const noexcept;
  bool contains(const Key& key) const noexcept;

  Iterator begin() {
    return items_.begin();
  }
  ConstIterator begin() const {
    return items_.begin();
  }
  Iterator end() {
    return items_.end();
  }
  ConstIterator end() const {
    return items_.end();
  }

  size_t size() const noexcept {
    return items_.size();
  }
  bool is_empty() const noexcept {
    return items_.empty();
  }
  void reserve(size_t requested_capacity);

  template <typename K, typename V>
  Value& insert(K&& key, V&& value);
  Value& insert(Key key, Value&& value);
  void update(OrderedDict&& other);
  void update(const OrderedDict& other);
  void erase(const Key& key);
  void clear();

  const std::vector<Item>& items() const noexcept {
    return items_;
  }
  ::std::vector<Key> keys() const;
  ::std::vector<Value> values() const;
  ::std::vector<std::pair<Key, Value>> pairs() const;

 private:
  std::vector<Item> items_;
  std::string key_description_{"Key"};
};

template <typename Key, typename Value>
class OrderedDict<Key, Value>::Item {
 public:
  Item(Key key, Value value) : pair_(std::move(key), std::move(value)) {}

  Value& operator*() {
    return value();
  }
  const Value& operator*() const {
    return value();
  }
  Value* operator->() {
    return &value();
  }
  const Value* operator->() const {
    return &value();
  }
  const Key& key() const noexcept {
    return pair_.first;
  }
  Value& value() noexcept {
    return pair_.second;
  }
  const Value& value() const noexcept {
    return pair_.second;
  }
  const std::pair<Key, Value>& pair() const noexcept {
    return pair_;
  }

 private:
  ::std::pair<Key, Value> pair_;
};

} // namespace torch
