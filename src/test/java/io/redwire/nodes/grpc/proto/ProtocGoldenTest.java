package io.redwire.nodes.grpc.proto;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.TextFormat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The runtime compiler must produce what protoc produces. Runs Debian's protoc on the richer test protos and
 * compares every FileDescriptorProto, after dropping what protoc adds only for its own syntax (see normalise).
 */
class ProtocGoldenTest {
    private static final Path PROTOS = Path.of("protos");
    private static final List<String> FILES = List.of("rich/common.proto", "rich/service.proto", "rich/legacy.proto",
            "hello.proto");

    @TempDir
    static Path tmp;
    private static String protoc;

    @BeforeAll
    static void findProtoc() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, "protoc"))) {
                protoc = Path.of(dir, "protoc").toString();
                return;
            }
        }
    }

    @Test
    void runtimeCompilerMatchesProtoc() throws Exception {
        assumeTrue(protoc != null, "protoc is not installed (apt-get install protobuf-compiler); golden test skipped");
        Map<String, FileDescriptorProto> expected = runProtoc();
        for (String file : FILES) {
            FileDescriptor compiled = ProtoCompiler.compileFile(PROTOS, file).root();
            assertEquals(TextFormat.printer().printToString(normalise(expected.get(file))),
                    TextFormat.printer().printToString(normalise(compiled.toProto())), file);
        }
    }

    private Map<String, FileDescriptorProto> runProtoc() throws Exception {
        Path wkt = tmp.resolve("wkt");
        for (String name : List.of("any", "duration", "empty", "struct", "timestamp", "wrappers")) {
            Path target = wkt.resolve("google/protobuf/" + name + ".proto");
            Files.createDirectories(target.getParent());
            try (InputStream in = getClass().getClassLoader().getResourceAsStream("google/protobuf/" + name + ".proto")) {
                Files.write(target, in.readAllBytes());
            }
        }
        Path out = tmp.resolve("set.pb");
        List<String> cmd = new ArrayList<>(List.of(protoc, "-I", PROTOS.toString(), "-I", wkt.toString(),
                "--descriptor_set_out=" + out));
        cmd.addAll(FILES);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertEquals(true, p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), output);
        Map<String, FileDescriptorProto> byName = new java.util.HashMap<>();
        for (FileDescriptorProto f : FileDescriptorSet.parseFrom(Files.readAllBytes(out)).getFileList()) {
            byName.put(f.getName(), f);
        }
        return byName;
    }

    /** Only differences that carry no meaning are removed. */
    static FileDescriptorProto normalise(FileDescriptorProto f) {
        return f.toBuilder().clearSourceCodeInfo().build();
    }
}
