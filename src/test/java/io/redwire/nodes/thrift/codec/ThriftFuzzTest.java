package io.redwire.nodes.thrift.codec;

import io.redwire.testing.Fuzz;

import io.vertx.core.buffer.Buffer;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Mutated Thrift IDL is compiled or refused with an IdlException; mutated encodings of an Inventory Item, in every
 * protocol and framing, decode or are refused with MalformedInput (issue 15), never anything else.
 */
class ThriftFuzzTest {
    private static final Path PROTOS = Path.of("src/test/resources/thrift");
    private static final List<String> TOKENS = List.of("struct S { 1: i32 a }", "list<", "map<string,", "set<i64>",
            "required", "optional", "= 0x7fffffff", "include \"nope.thrift\"", "typedef i64 T", "enum E { A = 1 }",
            "service X extends Y {", "throws (1: S e)", "oneway void f()", "const list<i32> C = [1,2]", "namespace");
    private static final StructDef ITEM = (StructDef) ThriftModelTest.inventory().service("Inventory").method("put")
            .returnType();

    @Provide
    Arbitrary<String> idl() throws Exception {
        List<String> seeds = new ArrayList<>();
        try (var files = Files.list(PROTOS)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".thrift")).sorted().toList()) {
                seeds.add(Files.readString(f, StandardCharsets.UTF_8));
            }
        }
        return Fuzz.mutations(seeds, TOKENS);
    }

    @Property
    void mutatedIdlCompilesOrIsRefusedCleanly(@ForAll("idl") String text) {
        checkIdl(text);
    }

    private static void checkIdl(String text) {
        Fuzz.mustRefuseCleanly(text, () -> IdlCompiler.compile(IdlSource.inline(text, PROTOS)), IdlException.class);
    }

    @Provide
    Arbitrary<byte[]> encodings() throws Exception {
        List<byte[]> seeds = new ArrayList<>();
        for (WireProtocol p : WireProtocol.values()) {
            for (Framing f : Framing.values()) {
                ThriftWire wire = new ThriftWire(p, f);
                seeds.add(wire.encode(out -> ValueWriter.writeStruct(out, ITEM, ThriftCodecTest.fullItem()))
                        .getBytes());
            }
        }
        return Fuzz.byteMutations(seeds);
    }

    @Property
    void mutatedEncodingsDecodeOrAreRefusedCleanly(@ForAll("encodings") byte[] bytes) {
        checkBytes(bytes);
    }

    /** Every protocol and framing reads the bytes: a value, a refusal, or a wait for more input. */
    private static void checkBytes(byte[] bytes) {
        for (WireProtocol p : WireProtocol.values()) {
            for (Framing f : Framing.values()) {
                ThriftWire wire = new ThriftWire(p, f);
                Fuzz.mustRefuseCleanly(bytes, () -> wire.reader(in -> ValueReader.readStruct(in, ITEM,
                        new ReadProblems())).feed(Buffer.buffer(bytes), v -> { }), MalformedInput.class);
            }
        }
    }

    @Test
    void theKeptCorpusStaysFixed() {
        Fuzz.corpus("thrift-idl").forEach(ThriftFuzzTest::checkIdl);
        Fuzz.corpus("thrift-bytes").forEach(hex -> checkBytes(HexFormat.of().parseHex(hex.strip())));
    }
}
