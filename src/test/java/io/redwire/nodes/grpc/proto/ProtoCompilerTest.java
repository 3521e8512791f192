package io.redwire.nodes.grpc.proto;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.TimestampProto;
import com.google.protobuf.util.JsonFormat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProtoCompilerTest {
    private static final Path PROTOS = Path.of("protos");

    /** The message ProtoCompiler refuses {@code text} with. */
    private static String refusal(String file, String text, Path protos) {
        return assertThrows(ProtoException.class, () -> ProtoCompiler.compile(file, text, protos)).getMessage();
    }

    @Test
    void syntaxErrorsNameFileLineAndColumn() {
        assertEquals("protoFile.proto:2:25: syntax error: expected ';' but was '}'",
                refusal("protoFile.proto", "syntax = \"proto3\";\nmessage A { int32 a = 1 }\n", null));
    }

    @Test
    void syntaxErrorsPointAtTheUnexpectedWord() {
        assertEquals("p.proto:2:23: syntax error: expected an integer but was xy",
                refusal("p.proto", "syntax = \"proto3\";\nmessage A { int32 a = xy; }\n", null));
    }

    @Test
    void unresolvedTypesNameTheFieldsLocation() {
        assertEquals("x.proto:3:3: unable to resolve Foo (for field a, in message A)",
                refusal("x.proto", "syntax = \"proto3\";\nmessage A {\n  Foo a = 1;\n}\n", null));
    }

    @Test
    void missingImportsNameTheImportStatement() {
        String message = refusal("x.proto", "syntax = \"proto3\";\n\nimport \"nope/missing.proto\";\n", PROTOS);
        assertTrue(message.startsWith("x.proto:3:1: import \"nope/missing.proto\" not found"), message);
    }

    @Test
    void inlineTextImportsFilesOfTheProtosDirectoryAndWellKnownTypes() throws Exception {
        ProtoSchema s = ProtoCompiler.compile("protoFile.proto", """
                syntax = "proto3";
                package app;
                import "rich/common.proto";
                import "google/protobuf/timestamp.proto";
                message Bill { rich.v1.Money amount = 1; google.protobuf.Timestamp due = 2; }
                service Billing { rpc Charge(Bill) returns (rich.v1.Money); }
                """, PROTOS);
        assertSame(TimestampProto.getDescriptor(), s.files().get("google/protobuf/timestamp.proto"));
        Descriptor bill = s.root().findMessageTypeByName("Bill");
        assertEquals("rich.v1.Money", bill.findFieldByName("amount").getMessageType().getFullName());
        assertEquals("app.Billing", s.service("Billing").getFullName());
        assertEquals("app.Billing", s.service("app.Billing").getFullName());
        assertNull(s.service("Nope"));
    }

    @Test
    void customJsonNamesAndProto2DefaultsSurviveTheCompile() throws Exception {
        FileDescriptor service = ProtoCompiler.compileFile(PROTOS, "rich/service.proto").root();
        Descriptor order = service.findMessageTypeByName("Order");
        DynamicMessage.Builder b = DynamicMessage.newBuilder(order);
        JsonFormat.parser().merge("{\"id\":\"123456\",\"label\":\"Ada\",\"shipTo\":{\"street\":\"Main 1\"}}", b);
        DynamicMessage m = DynamicMessage.parseFrom(order, b.build().toByteArray());
        assertEquals("Ada", m.getField(order.findFieldByName("customer_name")));
        assertEquals("{\"id\":\"123456\",\"label\":\"Ada\",\"shipTo\":{\"street\":\"Main 1\"}}",
                JsonFormat.printer().omittingInsignificantWhitespace().print(m));

        Descriptor settings = ProtoCompiler.compileFile(PROTOS, "rich/legacy.proto").root()
                .findMessageTypeByName("Settings");
        FieldDescriptor mask = settings.findFieldByName("mask");
        assertEquals(127, mask.getDefaultValue());
        assertEquals(Double.POSITIVE_INFINITY, settings.findFieldByName("top").getDefaultValue());
        assertEquals("GREEN", ((com.google.protobuf.Descriptors.EnumValueDescriptor)
                settings.findFieldByName("color").getDefaultValue()).getName());
    }

    @Test
    void theCacheCompilesEachTextOnceAndNoticesChangedImports(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("dep.proto"), "syntax = \"proto3\";\npackage d;\nmessage M { int32 a = 1; }\n");
        String root = "syntax = \"proto3\";\nimport \"dep.proto\";\nmessage R { d.M m = 1; }\n";
        ProtoCache cache = new ProtoCache();
        ProtoSchema first = cache.compile("root.proto", root, dir);
        assertSame(first, cache.compile("root.proto", root, dir));
        assertNotSame(first, cache.compile("root.proto", root + "\n", dir));
        Files.writeString(dir.resolve("dep.proto"), "syntax = \"proto3\";\npackage d;\nmessage M { int64 a = 1; }\n");
        ProtoSchema changed = cache.compile("root.proto", root, dir);
        assertNotSame(first, changed);
        assertEquals(FieldDescriptor.Type.INT64, changed.files().get("dep.proto").findMessageTypeByName("M")
                .findFieldByName("a").getType());
    }

    @Test
    void defaultsAreSpelledLikeProtoc() {
        assertEquals("127", DefaultSpelling.integer("0x7f"));
        assertEquals("-16", DefaultSpelling.integer("-0x10"));
        assertEquals("-2000", DefaultSpelling.floating("-2e3"));
        assertEquals("1e+20", DefaultSpelling.floating("1e20"));
        assertEquals("0.1", DefaultSpelling.floating("0.1"));
        assertEquals("1.5e-07", DefaultSpelling.floating("1.5e-7"));
        assertEquals("0.0001", DefaultSpelling.floating("1e-4"));
        assertEquals("-inf", DefaultSpelling.floating("-inf"));
        assertEquals("0.30000000000000004", DefaultSpelling.floating("0.30000000000000004"));
        assertEquals("\\000a\\\"\\377", DefaultSpelling.bytes("\u0000a\"\u00ff"));
    }
}
