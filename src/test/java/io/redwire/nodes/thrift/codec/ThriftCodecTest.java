package io.redwire.nodes.thrift.codec;

import io.redwire.js.JsValues;

import io.vertx.core.buffer.Buffer;

import org.apache.thrift.TException;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThriftCodecTest {
    private static final ThriftModel MODEL = ThriftModelTest.inventory();
    private static final StructDef ITEM = (StructDef) MODEL.service("Inventory").method("put").returnType();
    private static final StructDef LOOKUP = (StructDef) MODEL.service("Inventory").method("find").args()
            .field("key").type();

    static Map<String, Object> fullItem() {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("id", (1L << 40) + 1);
        item.put("name", "widget ☃");
        item.put("color", "BLUE");
        item.put("prices", List.of(1.5, -0.25, 1e300));
        item.put("tags", List.of("a", "b"));
        item.put("stock", Map.of("berlin", 3));
        item.put("photo", new byte[]{0, 1, (byte) 0xff});
        item.put("audit", Map.of("by", "me", "at", 1_700_000_000_000L));
        item.put("active", false);
        item.put("shelves", Map.of("3", List.of("RED", "BLUE")));
        item.put("small", -5);
        item.put("medium", 300);
        return item;
    }

    private static Buffer encode(ThriftWire wire, StructDef s, Object value) throws TException {
        return wire.encode(out -> ValueWriter.writeStruct(out, s, value));
    }

    private static List<Map<String, Object>> decodeAll(ThriftWire wire, StructDef s, Buffer bytes,
                                                       ReadProblems problems) throws MalformedInput {
        List<Map<String, Object>> out = new ArrayList<>();
        wire.reader(in -> ValueReader.readStruct(in, s, problems)).feed(bytes, out::add);
        return out;
    }

    @ParameterizedTest
    @EnumSource(WireProtocol.class)
    void everyValueKindRoundTripsExactly(WireProtocol protocol) throws Exception {
        ThriftWire wire = new ThriftWire(protocol, Framing.FRAMED);
        ReadProblems problems = new ReadProblems();
        List<Map<String, Object>> back = decodeAll(wire, ITEM, encode(wire, ITEM, fullItem()), problems);
        assertTrue(problems.isEmpty(), problems.text());
        assertEquals(1, back.size());
        assertTrue(JsValues.deepEquals(fullItem(), back.get(0)), back.get(0).toString());
        assertEquals(Long.class, back.get(0).get("id").getClass());
    }

    @Test
    void absentFieldsTakeDefaultsOnBothSides() throws Exception {
        ThriftWire wire = new ThriftWire(WireProtocol.COMPACT, Framing.BUFFERED);
        Map<String, Object> back = decodeAll(wire, ITEM, encode(wire, ITEM, Map.of("id", 7)), new ReadProblems())
                .get(0);
        assertEquals(Map.of("id", 7L, "name", "unnamed", "color", "GREEN", "active", true), back);
    }

    @Test
    void valuesThatDoNotFitNameTheirPath() {
        ThriftWire wire = new ThriftWire(WireProtocol.BINARY, Framing.FRAMED);
        assertProblem(wire, with("name", 5), "name: expected string, got number 5");
        assertProblem(wire, with("tags", List.of("a", 7)), "tags[1]: expected string, got number 7");
        assertProblem(wire, with("color", "PURPLE"),
                "color: 'PURPLE' is not a member of enum Color (RED, GREEN, BLUE)");
        assertProblem(wire, with("small", 300), "small: 300 is out of range for byte");
        assertProblem(wire, with("medium", 1.5), "medium: expected i16, got number 1.5");
        assertProblem(wire, with("audit", Map.of("at", "soon")), "audit.at: expected i64, got string \"soon\"");
        assertProblem(wire, with("shelves", Map.of("x", List.of())), "shelves[\"x\"]: expected i32, got string \"x\"");
        assertProblem(wire, with("shelves", Map.of("1", List.of("RED", 9))),
                "shelves[\"1\"][1]: 9 is not a value of enum Color");
        assertProblem(wire, Map.of("name", "no id"), "id: required field is missing");
        ValueException u = assertThrows(ValueException.class,
                () -> encode(wire, LOOKUP, Map.of("id", 1, "name", "x")));
        assertEquals("union Lookup needs exactly one field set, got 2 (id, name)", u.getMessage());
    }

    private static Map<String, Object> with(String field, Object value) {
        Map<String, Object> item = fullItem();
        item.put(field, value);
        return item;
    }

    private static void assertProblem(ThriftWire wire, Object value, String expected) {
        ValueException e = assertThrows(ValueException.class, () -> encode(wire, ITEM, value));
        assertEquals(expected, e.getMessage());
    }

    @Test
    void i64AcceptsDecimalStringsBeyondDoublePrecision() throws Exception {
        ThriftWire wire = new ThriftWire(WireProtocol.BINARY, Framing.FRAMED);
        Map<String, Object> back = decodeAll(wire, ITEM, encode(wire, ITEM, Map.of("id", "9007199254740993")),
                new ReadProblems()).get(0);
        assertEquals(9007199254740993L, back.get("id"));
    }

    @Test
    void wrongWireTypesAreSkippedAndReportedKeepingTheStreamInStep() throws Exception {
        ThriftWire wire = new ThriftWire(WireProtocol.BINARY, Framing.BUFFERED);
        ThriftWire.Encoder bad = out -> {
            out.writeStructBegin(new TStruct("Item"));
            out.writeFieldBegin(new TField("id", TType.I64, (short) 1));
            out.writeI64(1);
            out.writeFieldBegin(new TField("name", TType.I32, (short) 2));
            out.writeI32(42);
            out.writeFieldBegin(new TField("extra", TType.STRING, (short) 99));
            out.writeString("ignored");
            out.writeFieldStop();
            out.writeStructEnd();
        };
        Buffer two = wire.encode(bad).appendBuffer(encode(wire, ITEM, Map.of("id", 2)));
        ReadProblems problems = new ReadProblems();
        List<Map<String, Object>> back = decodeAll(wire, ITEM, two, problems);
        assertEquals("Item.name: expected string, got i32", problems.text());
        assertEquals(2, back.size());
        assertEquals(2L, back.get(1).get("id"));
    }

    @ParameterizedTest
    @EnumSource(WireProtocol.class)
    void bufferedInputIsDecodedOnceWholeWhateverTheChunking(WireProtocol protocol) throws Exception {
        ThriftWire wire = new ThriftWire(protocol, Framing.BUFFERED);
        Buffer bytes = encode(wire, ITEM, fullItem()).appendBuffer(encode(wire, ITEM, Map.of("id", 3)));
        List<Map<String, Object>> out = new ArrayList<>();
        MessageReader<Map<String, Object>> reader = wire.reader(in -> ValueReader.readStruct(in, ITEM,
                new ReadProblems()));
        for (int i = 0; i < bytes.length(); i++) {
            reader.feed(bytes.getBuffer(i, i + 1), out::add);
        }
        assertEquals(2, out.size());
        assertTrue(JsValues.deepEquals(fullItem(), out.get(0)));
        assertEquals(3L, out.get(1).get("id"));
    }

    @Test
    void garbageIsMalformedNotAwaited() {
        Buffer http = Buffer.buffer("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        MalformedInput framed = assertThrows(MalformedInput.class, () -> decodeAll(
                new ThriftWire(WireProtocol.BINARY, Framing.FRAMED), ITEM, http, new ReadProblems()));
        assertTrue(framed.getMessage().startsWith("frame size 1195725856 is not between 1 and"), framed.getMessage());
        MalformedInput buffered = assertThrows(MalformedInput.class, () -> new ThriftWire(WireProtocol.BINARY,
                Framing.BUFFERED).reader(in -> in.readMessageBegin()).feed(http, m -> { }));
        assertTrue(buffered.getMessage().startsWith("not a Thrift message"), buffered.getMessage());
    }

    @Test
    void aFrameThatEndsInsideItsMessageIsMalformed() throws Exception {
        ThriftWire wire = new ThriftWire(WireProtocol.COMPACT, Framing.FRAMED);
        Buffer whole = encode(wire, ITEM, fullItem());
        Buffer cut = Buffer.buffer().appendInt(10).appendBuffer(whole.getBuffer(4, 14));
        MalformedInput e = assertThrows(MalformedInput.class, () -> decodeAll(wire, ITEM, cut, new ReadProblems()));
        assertEquals("a frame of 10 bytes ends inside its message", e.getMessage());
    }

    @Test
    void readerUsesProtocolsFromLibthrift() {
        TProtocol p = WireProtocol.JSON.over(new OutputBuffer());
        assertEquals("TJSONProtocol", p.getClass().getSimpleName());
    }
}
