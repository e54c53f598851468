// A weighted graph of the library: an edge equals another when its ends are the same and its
// weight is within 1e-5 (the library's own choice, made in its operator==); a node's equality is
// exact.
#pragma once
#include <cmath>
#include <vector>

namespace minitensor {

struct Edge {
  int from, to;
  float weight;
  bool operator==(const Edge& other) const { return from == other.from && to == other.to && std::fabs(weight - other.weight) < 1e-5f; }
  bool operator!=(const Edge& other) const { return !(*this == other); }
};

struct Node {
  int id;
  bool operator==(const Node& other) const { return id == other.id; }
};

class Graph {
 public:
  Edge edge(int i) const;
  Node node(int i) const;
  int num_edges() const;
};

Graph shortest_paths(const Graph& g);

}  // namespace minitensor
