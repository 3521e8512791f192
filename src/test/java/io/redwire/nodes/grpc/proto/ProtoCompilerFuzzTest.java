package io.redwire.nodes.grpc.proto;

import io.redwire.testing.Fuzz;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import org.junit.jupiter.api.Test;

import java.util.List;

/** Mutated .proto text is compiled or refused with a ProtoException, never anything else (issue 15). */
class ProtoCompilerFuzzTest {
    private static final List<String> SEEDS = List.of("""
            syntax = "proto3";
            package demo.v1;
            import "google/protobuf/timestamp.proto";
            option java_package = "x";
            enum Color { COLOR_UNSPECIFIED = 0; RED = 1; reserved 5 to 9; }
            message Item {
              int64 id = 1;
              string name = 2 [json_name = "n"];
              repeated double prices = 3 [packed = true];
              map<string, Item> children = 4;
              oneof pick { Color color = 5; bytes raw = 6; }
              google.protobuf.Timestamp at = 7;
              message Inner { optional sint32 v = 1; }
              Inner inner = 8;
            }
            service Shop {
              rpc Get (Item) returns (Item);
              rpc Watch (stream Item) returns (stream Item) { option deprecated = true; }
            }
            """, """
            syntax = "proto2";
            message A { required int32 a = 1 [default = 5]; optional group G = 2 { optional string s = 3; }
              extensions 100 to max; }
            extend A { optional string note = 100; }
            """);
    private static final List<String> TOKENS = List.of("message M { }", "repeated", "map<int32,", "oneof o {",
            "= 0;", "= 536870912;", "stream", "import \"nope.proto\";", "option (x) = 1;", "enum E { A = 0; }",
            "rpc R (A) returns (A);", "reserved \"a\";", "syntax = \"proto4\";", "0x7fffffff", "\\x");

    @Provide
    Arbitrary<String> protos() {
        return Fuzz.mutations(SEEDS, TOKENS);
    }

    @Property
    void mutatedProtoTextCompilesOrIsRefusedCleanly(@ForAll("protos") String text) {
        check(text);
    }

    @Test
    void theKeptCorpusStaysFixed() {
        Fuzz.corpus("proto").forEach(ProtoCompilerFuzzTest::check);
    }

    private static void check(String text) {
        Fuzz.mustRefuseCleanly(text, () -> ProtoCompiler.compile("fuzz.proto", text, null), ProtoException.class);
    }
}
