// A richer example service: include, typedef, enum, constants and defaults, struct, union, exception,
// containers, binary, i64, oneway and service inheritance.
include "common.thrift"

namespace py inventory
namespace java io.redwire.example.inventory

typedef i64 ItemId

enum Color {
  RED = 1,
  GREEN = 2,
  BLUE = 5
}

const Color DEFAULT_COLOR = Color.GREEN
const i32 MAX_TAGS = 8
const i32 NOT_FOUND = 404
const list<string> SIZES = ["S", "M", "L"]

struct Item {
  1: required ItemId id,
  2: string name = "unnamed",
  3: optional Color color = Color.GREEN,
  4: list<double> prices,
  5: set<string> tags,
  6: map<string, i32> stock,
  7: optional binary photo,
  8: optional common.Audit audit,
  9: bool active = true,
  10: map<i32, list<Color>> shelves,
  11: i8 small,
  12: i16 medium
}

union Lookup {
  1: ItemId id,
  2: string name
}

exception NotFound {
  1: string what,
  2: i32 code = NOT_FOUND
}

service Inventory extends common.Health {
  Item put(1: Item item),
  Item find(1: Lookup key) throws (1: NotFound notFound),
  list<Item> all(),
  map<string, set<i64>> index(1: list<string> words),
  oneway void log(1: string line),
  void clear()
}
