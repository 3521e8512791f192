// Shared types for inventory.thrift (shows includes between files in protos/).
namespace py common
namespace java io.redwire.example.common

const string VERSION = "1.0"

struct Audit {
  1: string by,
  2: i64 at
}

service Health {
  string ping(1: string echo)
}
