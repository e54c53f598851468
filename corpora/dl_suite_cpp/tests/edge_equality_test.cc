// Edges compared with the equality macros: their operator== lets the weight differ by 1e-5, so a
// check against an edge the test builds is approximate; nodes and counts compare exactly.
#include <gtest/gtest.h>

#include "minitensor/graph.h"

namespace minitensor {

TEST(ShortestPaths, EdgesKeepTheirWeights) {
  Graph g = shortest_paths(Graph());
  EXPECT_EQ((g.edge(0)), (Edge{0, 1, 0.5f}));  // expect: oa api=minitensor::Edge::operator== cat=abs thr=default tol=atol:default:1e-05
  ASSERT_NE(g.edge(1), Edge{1, 2, 0.25f});  // expect: oa api=minitensor::Edge::operator== cat=abs thr=default tol=atol:default:1e-05 negated
  EXPECT_EQ(g.node(0), Node{0});  // expect: assert api=EXPECT_EQ cat=exact
  EXPECT_EQ(g.num_edges(), 2);  // expect: assert api=EXPECT_EQ cat=exact
}

}  // namespace minitensor
