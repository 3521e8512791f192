package io.redwire.nodes.thrift.codec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThriftModelTest {
    private static final Path PROTOS = Path.of("protos");

    static ThriftModel inventory() {
        return IdlCompiler.compile(IdlSource.file("inventory.thrift", PROTOS));
    }

    @Test
    void servicesIncludeInheritedMethodsAndResolveIncludedTypes() {
        ThriftModel m = inventory();
        ServiceDef inv = m.service("Inventory");
        assertEquals(List.of("ping", "put", "find", "all", "index", "log", "clear"),
                List.copyOf(inv.methods().keySet()));
        assertSame(m.service("Inventory"), m.service("inventory.Inventory"));
        assertEquals("Health", m.service("common.Health").name());
        MethodDef find = inv.method("find");
        assertEquals("Item", find.returnType().idlName());
        assertEquals("NotFound", find.exception("NotFound").type().idlName());
        assertSame(find.exception("NotFound"), find.exception("notFound"));
        assertTrue(inv.method("log").oneway());
        assertTrue(inv.method("clear").returnsVoid());
        StructDef item = (StructDef) inv.method("put").returnType();
        assertEquals("common.Audit".substring(7), item.field("audit").type().idlName());
        assertEquals(TypeDef.Scalar.I64, item.field("id").type(), "typedef ItemId resolves to i64");
        assertTrue(item.field("id").required());
        assertFalse(find.args().field("key").required(), "arguments have default requiredness");
    }

    @Test
    void defaultsAndConstantsBecomeMessageValues() {
        ThriftModel m = inventory();
        StructDef item = (StructDef) m.service("Inventory").method("put").returnType();
        assertEquals("unnamed", item.field("name").defaultValue());
        assertEquals("GREEN", item.field("color").defaultValue());
        assertEquals(true, item.field("active").defaultValue());
        StructDef notFound = (StructDef) m.service("Inventory").method("find").exception("NotFound").type();
        assertEquals(404, notFound.field("code").defaultValue(), "a default naming a constant");
        assertEquals(8, m.constants().get("MAX_TAGS"));
        assertEquals(List.of("S", "M", "L"), m.constants().get("SIZES"));
        assertEquals("GREEN", m.constants().get("DEFAULT_COLOR"));
        assertEquals("1.0", m.constants().get("common.VERSION"));
    }

    @Test
    void unknownServiceAndMethodNameWhatExists() {
        ThriftModel m = inventory();
        IllegalArgumentException s = assertThrows(IllegalArgumentException.class, () -> m.service("Nope"));
        assertTrue(s.getMessage().contains("no service 'Nope'") && s.getMessage().contains("Inventory"));
        IllegalArgumentException f = assertThrows(IllegalArgumentException.class,
                () -> m.service("Inventory").method("nope"));
        assertTrue(f.getMessage().contains("has no method 'nope'") && f.getMessage().contains("find"));
    }

    @Test
    void syntaxErrorsNameFileAndLine() {
        String idl = "struct A {\n  1: i32 x\n}\nservice S {\n  i32 f(1: A a\n}\n";
        IdlException e = assertThrows(IdlException.class, () -> IdlCompiler.compile(IdlSource.inline(idl, PROTOS)));
        assertTrue(e.getMessage().startsWith("idl.thrift line 6, column 1: "), e.getMessage());
    }

    @Test
    void unresolvedTypesNameTheirLine() {
        String idl = "struct A {\n  1: i32 x,\n  2: Missing m\n}\n";
        IdlException e = assertThrows(IdlException.class, () -> IdlCompiler.compile(IdlSource.inline(idl, PROTOS)));
        assertTrue(e.getMessage().contains("idl.thrift line 3") && e.getMessage().contains("Missing"),
                e.getMessage());
    }

    @Test
    void errorsInAnIncludedFileNameThatFile(@TempDir Path protos) throws Exception {
        Files.createDirectories(protos.resolve("sub"));
        Files.writeString(protos.resolve("sub/bad.thrift"), "struct B {\n  1: i32 x\n  2: = y\n}\n");
        Files.writeString(protos.resolve("main.thrift"), "include \"sub/bad.thrift\"\nstruct A { 1: bad.B b }\n");
        IdlException e = assertThrows(IdlException.class,
                () -> IdlCompiler.compile(IdlSource.file("main.thrift", protos)));
        assertTrue(e.getMessage().startsWith("sub/bad.thrift line 3"), e.getMessage());
    }

    @Test
    void includesResolveNextToTheIncludingFileThenAtTheRoot(@TempDir Path protos) throws Exception {
        Files.createDirectories(protos.resolve("sub"));
        Files.writeString(protos.resolve("base.thrift"), "struct Base { 1: string s }\n");
        Files.writeString(protos.resolve("sub/mid.thrift"), "include \"base.thrift\"\nstruct Mid { 1: base.Base b }\n");
        String idl = "include \"sub/mid.thrift\"\nservice S { mid.Mid get() }\n";
        ThriftModel m = IdlCompiler.compile(IdlSource.inline(idl, protos));
        StructDef mid = (StructDef) m.service("S").method("get").returnType();
        assertEquals("Base", mid.field("b").type().idlName());
    }

    @Test
    void aMissingIncludeIsNamed() {
        IdlException e = assertThrows(IdlException.class,
                () -> IdlCompiler.compile(IdlSource.inline("include \"nowhere.thrift\"\n", PROTOS)));
        assertTrue(e.getMessage().contains("\"nowhere.thrift\" was not found"), e.getMessage());
    }

    @Test
    void filesMustStayInsideTheProtosDirectory() {
        IdlException e = assertThrows(IdlException.class, () -> IdlSource.file("../pom.xml", PROTOS));
        assertTrue(e.getMessage().contains("not a file under the protos directory"), e.getMessage());
        IdlException missing = assertThrows(IdlException.class, () -> IdlSource.file("none.thrift", PROTOS));
        assertTrue(missing.getMessage().contains("cannot read"), missing.getMessage());
    }

    @Test
    void equalSourcesCompileOnce() {
        ThriftModels cache = new ThriftModels();
        ThriftModel a = cache.compile(IdlSource.file("tinycalc.thrift", PROTOS));
        ThriftModel b = cache.compile(IdlSource.inline(IdlSource.file("tinycalc.thrift", PROTOS).mainText(), PROTOS));
        assertSame(a, cache.compile(IdlSource.file("tinycalc.thrift", PROTOS)));
        assertEquals(Map.of(), b.constants());
        assertNull(a.service("TinyCalc").method("sum").args().field("a").defaultValue());
    }
}
