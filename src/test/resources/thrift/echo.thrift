// Test IDL whose replies a flow can give without computing: pair() answers with its own arguments.
struct Pair {
  1: double a,
  2: double b
}

service Echo {
  Pair pair(1: double a, 2: double b),
  string text(1: double a),
  oneway void note(1: string text),
  void nothing()
}

service Child extends Echo {
  Pair again(1: double a, 2: double b)
}
