// TinyCalc: the two-operation service of the Thrift-vs-REST experiment.
namespace py tinycalc
namespace java io.redwire.example.tinycalc

service TinyCalc {
  double sum(1: double a, 2: double b),
  double subtract(1: double a, 2: double b)
}
