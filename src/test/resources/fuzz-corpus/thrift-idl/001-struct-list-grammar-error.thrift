// thrifty's parser threw AssertionError("Unexpected type - grammar error!"), which escaped the deploy's error handling
struct Pair list<{
  1: double a,
  2: double b
}

service Echo {
  Pair pair(1: double a, 2: double b)
}
