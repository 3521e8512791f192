package io.redwire.nodes.grpc.proto;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.google.protobuf.Descriptors.FieldDescriptor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A new ProtoCache on the same directory stands for a restart: it must read what the previous one compiled. */
class ProtoDiskCacheTest {
    private static final String ROOT = """
            syntax = "proto3";
            package hello;
            import "dep.proto";
            import "google/protobuf/timestamp.proto";
            service Greeter { rpc SayHello(HelloRequest) returns (d.Reply) {} }
            message HelloRequest { int32 id = 1; string name = 2; google.protobuf.Timestamp at = 3; }
            """;
    private static final String DEP = "syntax = \"proto3\";\npackage d;\nmessage Reply { string message = 1; }\n";

    @TempDir
    Path protos;
    @TempDir
    Path cacheDir;
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger("redwire.grpc");
    private Level level;

    @BeforeEach
    void captureDebugLog() throws Exception {
        Files.writeString(protos.resolve("dep.proto"), DEP);
        logs.list = new CopyOnWriteArrayList<>();
        logs.start();
        level = logger.getLevel();
        logger.setLevel(Level.DEBUG);
        logger.addAppender(logs);
    }

    @AfterEach
    void restoreLog() {
        logger.detachAppender(logs);
        logger.setLevel(level);
    }

    /** Compiles ROOT on a fresh cache ("a start") and says whether it came from the disk cache. */
    private boolean startReadsFromCache(String root) {
        logs.list.clear();
        ProtoSchema s = new ProtoCache(cacheDir, Runnable::run).compile("inline.proto", root, protos);
        assertNotNull(s.service("Greeter"));
        assertEquals("google.protobuf.Timestamp",
                s.root().findMessageTypeByName("HelloRequest").findFieldByName("at").getMessageType().getFullName());
        return logs.list.stream().anyMatch(e -> e.getFormattedMessage().contains("read from the compile cache"));
    }

    private List<Path> entries() throws Exception {
        try (Stream<Path> s = Files.list(cacheDir)) {
            return s.filter(p -> p.toString().endsWith(".bin")).toList();
        }
    }

    @Test
    void theCompileReturnsBeforeItsEntryIsWrittenByTheCachesOwnExecutor() throws Exception {
        List<Runnable> held = new ArrayList<>();
        assertNotNull(new ProtoCache(cacheDir, held::add).compile("inline.proto", ROOT, protos).service("Greeter"));
        assertEquals(List.of(), entries(), "written on the compiling thread");
        assertEquals(1, held.size());
        held.get(0).run();
        assertEquals(1, entries().size());
        assertTrue(startReadsFromCache(ROOT));
    }

    /** The cache's key for the compiler, as a start of a build whose code is loaded afresh computes it. */
    private static String compilerKeyOfAFreshStart() throws Exception {
        List<java.net.URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            urls.add(Path.of(entry).toUri().toURL());
        }
        try (java.net.URLClassLoader fresh = new java.net.URLClassLoader(urls.toArray(java.net.URL[]::new),
                ClassLoader.getPlatformClassLoader())) {
            java.lang.reflect.Field format = Class.forName(ProtoDiskCache.class.getName(), true, fresh)
                    .getDeclaredField("FORMAT");
            format.setAccessible(true);
            return (String) format.get(null);
        }
    }

    /** A rebuild (a newer jar or class directory) of the same compile finds what the previous build stored. */
    @Test
    void aRebuildOfTheSameCompilerKeepsTheCacheKey() throws Exception {
        Path code = Path.of(ProtoDiskCache.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        java.nio.file.attribute.FileTime built = Files.getLastModifiedTime(code);
        String before = compilerKeyOfAFreshStart();
        try {
            Files.setLastModifiedTime(code, java.nio.file.attribute.FileTime.fromMillis(built.toMillis() + 60_000));
            assertEquals(before, compilerKeyOfAFreshStart());
        } finally {
            Files.setLastModifiedTime(code, built);
        }
    }

    @Test
    void aSecondStartReadsTheCompiledResultInsteadOfCompiling() throws Exception {
        assertEquals(false, startReadsFromCache(ROOT));
        assertEquals(1, entries().size());
        assertEquals(true, startReadsFromCache(ROOT));
        ProtoSchema compiled = ProtoCompiler.compile("inline.proto", ROOT, protos);
        ProtoSchema cached = new ProtoCache(cacheDir, Runnable::run).compile("inline.proto", ROOT, protos);
        assertEquals(compiled.root().toProto(), cached.root().toProto());
        assertEquals(compiled.files().get("dep.proto").toProto(), cached.files().get("dep.proto").toProto());
        assertEquals(compiled.files().keySet(), cached.files().keySet());
    }

    @Test
    void aGoogleApiHttpRuleReadFromTheCacheIsTheCompiledOne() {
        String rest = """
                syntax = "proto3";
                package r;
                import "google/api/annotations.proto";
                service Items { rpc Get(Req) returns (Req) { option (google.api.http) = { get: "/v1/items/{id}" }; } }
                message Req { string id = 1; }
                """;
        ProtoSchema compiled = new ProtoCache(cacheDir, Runnable::run).compile("rest.proto", rest, protos);
        ProtoSchema cached = new ProtoCache(cacheDir, Runnable::run).compile("rest.proto", rest, protos);
        assertEquals(compiled.service("Items").findMethodByName("Get").getOptions().toByteString(),
                cached.service("Items").findMethodByName("Get").getOptions().toByteString());
        assertEquals(true, logs.list.stream()
                .anyMatch(e -> e.getFormattedMessage().contains("read from the compile cache")));
        assertEquals(compiled.files().keySet(), cached.files().keySet());
    }

    @Test
    void aCorruptEntryIsCompiledAgainAndRewrittenWithoutAnError() throws Exception {
        startReadsFromCache(ROOT);
        Path entry = entries().get(0);
        byte[] good = Files.readAllBytes(entry);
        for (byte[] bad : new byte[][] {new byte[0], "garbage".getBytes(),
                java.util.Arrays.copyOf(good, good.length / 2), flipLastByte(good)}) {
            Files.write(entry, bad);
            assertEquals(false, startReadsFromCache(ROOT), "entry of " + bad.length + " bytes");
            assertEquals(true, startReadsFromCache(ROOT), "rewritten after " + bad.length + " bytes");
        }
    }

    private static byte[] flipLastByte(byte[] b) {
        byte[] c = b.clone();
        c[c.length - 1] ^= 0x5a;
        return c;
    }

    @Test
    void aForeignEntryUnderTheKeyIsIgnored() throws Exception {
        String other = ROOT.replace("int32 id", "int64 id");
        startReadsFromCache(other);
        Path foreign = entries().get(0);
        startReadsFromCache(ROOT);
        Path own = entries().stream().filter(p -> !p.equals(foreign)).findFirst().orElseThrow();
        Files.copy(foreign, own, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertEquals(false, startReadsFromCache(ROOT));
        assertEquals(FieldDescriptor.Type.INT32, new ProtoCache(cacheDir, Runnable::run).compile("inline.proto", ROOT, protos).root()
                .findMessageTypeByName("HelloRequest").findFieldByName("id").getType());
    }

    @Test
    void aChangedProtoOrImportIsCompiledAgain() throws Exception {
        startReadsFromCache(ROOT);
        assertEquals(false, startReadsFromCache(ROOT.replace("string name = 2", "string name = 4")));
        Files.writeString(protos.resolve("dep.proto"), DEP.replace("string message", "bytes message"));
        assertEquals(false, startReadsFromCache(ROOT));
        assertEquals(FieldDescriptor.Type.BYTES, new ProtoCache(cacheDir, Runnable::run).compile("inline.proto", ROOT, protos)
                .files().get("dep.proto").findMessageTypeByName("Reply").findFieldByName("message").getType());
        assertEquals(true, startReadsFromCache(ROOT));
    }
}
