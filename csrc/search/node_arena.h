// The search tree's storage: compact nodes in one reserved array, and a hash
// table for children reached by chance or by a joint simultaneous outcome.
//
// The node array is reserved to its cap up front (virtual memory, touched only
// as it fills), so adding a node never reallocates. The outcome table starts
// small and doubles when half full: touching a huge zeroed table at random
// would cost a page fault per insert, and the doubling happens only
// log2(nodes) times per search. When the node cap is reached the tree stops
// growing; the search carries on with rollouts from its leaves.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

namespace pyai::search {

constexpr uint32_t kNoNode = 0xffffffffu;

// One tree node, or one arm of a seat at a simultaneous node.
//   decision child: `action` is the move on the edge from the parent, made by `seat`
//   arm:            `action` is a secret choice of `seat` at its simultaneous node
//   outcome child:  reached through the outcome table (a card dealt, a joint secret choice); it
//                   has no siblings and no availability, so those fields hold
//                   its parent and its 64-bit outcome key (see NodeArena), and
//                   the table itself needs to store only a node index.
//   chance step's node: with chance widening, `first_child` starts the list of
//                   its outcome children (newest first, linked by their
//                   `older_outcome`) and `outcome_count` counts them.
// Decision children and arms of a node are kept sorted by action (see action.h's ordering).
//
// A few fields mean different things by the node's place, never two at once:
// an arm is never an outcome child nor a parent, and a node is the parent of
// one kind of step only (which kind comes next is seen by every seat, so it
// is the same in every determinisation that reaches the node).
struct Node {
  uint32_t first_child = kNoNode;   // decision children, the arms of a simultaneous node, or outcome children
  uint32_t next_sibling = kNoNode;
  uint32_t action = 0;
  uint32_t visits = 0;
  uint32_t availability = 0;        // times the edge was legal when its parent was visited
  union {
    uint32_t stamp = 0;             // an arm: the iteration that last offered it (regret update)
    uint32_t prior_plus_one;        // a decision's node: the heuristic's move here plus one (0: not asked yet)
  };
  float reward_sum = 0;             // for `seat`
  union {
    float regret = 0;               // an arm: cumulative regret
    uint32_t older_outcome;         // an outcome child (chance widening): the one made before it (kNoNode: none)
  };
  uint8_t seat = 0;
  uint8_t is_arm = 0;
  union {
    uint16_t root_slot = 0;         // the searching seat's arms at the root: where their policy is summed
    uint16_t outcome_count;         // a chance step's node (chance widening): its outcome children, at most 65535
  };
};
static_assert(sizeof(Node) <= 36, "a node must stay small: the tree holds millions");

class NodeArena {
 public:
  explicit NodeArena(uint64_t max_nodes) : max_nodes_(max_nodes < 2 ? 2 : max_nodes) {
    nodes_.reserve(size_t(max_nodes_));
    allocate_table(kInitialTableCapacity);
    nodes_.push_back(Node{});  // the root
  }

  Node& operator[](uint32_t index) { return nodes_[index]; }
  const Node& operator[](uint32_t index) const { return nodes_[index]; }
  uint64_t size() const { return nodes_.size(); }
  bool full() const { return full_; }

  // A new node, or kNoNode when the cap is reached.
  uint32_t add(const Node& node) {
    if (nodes_.size() >= max_nodes_) {
      full_ = true;
      return kNoNode;
    }
    nodes_.push_back(node);
    return uint32_t(nodes_.size() - 1);
  }

  // The key an outcome child was reached by.
  uint64_t key_of(uint32_t child) const { return outcome_key(nodes_[child]); }

  // The child of `parent` for outcome `key` (a card dealt, a joint secret choice); creates it
  // when missing (`created` set). kNoNode when the tree is full.
  uint32_t outcome_child(uint32_t parent, uint64_t key, bool& created) {
    created = false;
    uint32_t* slot = find(parent, key);
    if (*slot) return *slot - 1;
    const uint32_t child = add(outcome_node(parent, key));
    if (child == kNoNode) return kNoNode;
    if ((table_used_ + 1) * 2 > table_capacity_) {
      grow_table();
      slot = find(parent, key);
    }
    *slot = child + 1;
    ++table_used_;
    created = true;
    return child;
  }

 private:
  // A slot holds an outcome child's index plus one (0: empty; calloc'ed
  // zeros); its parent and key are read from the node itself. Four bytes a
  // slot keep the table's share of a node small (see kBytesPerNode).
  struct FreeDeleter {
    void operator()(uint32_t* p) const { std::free(p); }
  };
  static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    return x ^ (x >> 33);
  }
  static constexpr uint64_t kInitialTableCapacity = 1 << 12;

  static uint64_t slot_hash(uint32_t parent, uint64_t key) {
    return mix(key ^ (uint64_t(parent) * 0x9E3779B97F4A7C15ull));
  }
  // An outcome child's parent and key live in its sibling and availability fields (see Node).
  static Node outcome_node(uint32_t parent, uint64_t key) {
    Node node;
    node.next_sibling = parent;
    node.action = uint32_t(key);
    node.availability = uint32_t(key >> 32);
    return node;
  }
  static uint64_t outcome_key(const Node& node) { return uint64_t(node.action) | (uint64_t(node.availability) << 32); }
  bool holds(uint32_t slot, uint32_t parent, uint64_t key) const {
    const Node& node = nodes_[slot - 1];
    return node.next_sibling == parent && outcome_key(node) == key;
  }

  // The slot holding (parent, key), or the empty slot where it belongs.
  uint32_t* find(uint32_t parent, uint64_t key) const {
    const uint64_t mask = table_capacity_ - 1;
    uint64_t index = slot_hash(parent, key) & mask;
    while (true) {
      uint32_t* slot = table_.get() + index;
      if (*slot == 0 || holds(*slot, parent, key)) return slot;
      index = (index + 1) & mask;
    }
  }

  void allocate_table(uint64_t capacity) {
    table_.reset(static_cast<uint32_t*>(std::calloc(size_t(capacity), sizeof(uint32_t))));
    if (!table_) throw std::bad_alloc();
    table_capacity_ = capacity;
  }

  void grow_table() {
    std::unique_ptr<uint32_t, FreeDeleter> old(table_.release());
    const uint64_t old_capacity = table_capacity_;
    allocate_table(old_capacity * 2);
    for (uint64_t i = 0; i < old_capacity; ++i) {
      const uint32_t entry = old.get()[i];
      if (!entry) continue;
      const Node& node = nodes_[entry - 1];
      *find(node.next_sibling, outcome_key(node)) = entry;
    }
  }

  uint64_t max_nodes_;
  std::vector<Node> nodes_;
  std::unique_ptr<uint32_t, FreeDeleter> table_;
  uint64_t table_capacity_ = 0;
  uint64_t table_used_ = 0;
  bool full_ = false;
};

// A node plus its share of the outcome table: 4-byte slots, the table at
// least a quarter full, so at most 16 bytes per outcome child (and for the
// moment of a doubling, old and new tables side by side, 24: still <= 64).
constexpr uint64_t kBytesPerNode = sizeof(Node) + 4 * 4;
static_assert(kBytesPerNode + 8 <= 64, "at most 64 bytes a node, even while the table doubles");

}  // namespace pyai::search
