package io.redwire.nodes.grpc.proto;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.FileDescriptor;
import io.redwire.storage.AtomicFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * Compiled .proto results kept on disk across restarts ({@code <userDir>/.redwire-cache/proto/<sha-256>.bin}), so a
 * start with the same definitions builds the descriptors from the stored FileDescriptorProtos instead of running Wire.
 * The key hashes the compiler (see {@link #compiler()}) and protobuf-java's version, the root's name, its text and the
 * protos directory.
 * An entry records the directory files the compile read and is used only while they are unchanged. An unreadable,
 * corrupt or foreign entry is a miss (compiled again and rewritten), never an error; writes are atomic
 * ({@link AtomicFile}) and run on an executor of their own, never on the thread that compiles (the flow loop).
 */
final class ProtoDiskCache {
    private static final Logger LOG = LoggerFactory.getLogger("redwire.grpc");
    private static final int MAGIC = 0x52575043; // "RWPC"
    private static final int DIGEST_BYTES = 32;
    /** What runs the compile: Redwire's and Wire's classes that turn a .proto into descriptors. */
    private static final String[] COMPILER_CLASSES = {
        ProtoCompiler.class.getName(), ProtoCompiler.Result.class.getName(), ProtoDiskCache.class.getName(),
        SourceSet.class.getName(), WireFixups.class.getName(), WellKnownTypes.class.getName(),
        DescriptorSet.class.getName(), ProtoSchema.class.getName(), DefaultSpelling.class.getName(),
        // named, not referenced: a start that finds its protos in the cache never loads Wire
        "com.squareup.wire.schema.internal.parser.ProtoParser", "com.squareup.wire.schema.Linker",
        "com.squareup.wire.schema.CoreLoader", "com.squareup.wire.schema.internal.SchemaEncoder"};
    private static final String FORMAT = compiler() + "/protobuf-" + com.google.protobuf.RuntimeVersion.MAJOR
            + "." + com.google.protobuf.RuntimeVersion.MINOR + "." + com.google.protobuf.RuntimeVersion.PATCH;

    private final Path dir;
    private final Executor writes;

    /** {@code writes} runs the entry writes: the compile returns without waiting for the disk. */
    ProtoDiskCache(Path dir, Executor writes) {
        this.dir = dir;
        this.writes = writes;
    }

    /** The stored result for this compile when it is still valid, else {@code compile}'s, stored for next time. */
    ProtoCompiler.Result compile(String rootPath, String text, Path protosDir, Supplier<ProtoCompiler.Result> compile) {
        String key = key(rootPath, text, protosDir);
        Path file = dir.resolve(key + ".bin");
        ProtoCompiler.Result stored = read(file, key, rootPath, protosDir);
        if (stored != null) {
            LOG.debug("proto {} read from the compile cache {}", rootPath, file);
            return stored;
        }
        ProtoCompiler.Result compiled = compile.get();
        writes.execute(() -> {
            try {
                new AtomicFile(file, null).write(encode(key, compiled));
            } catch (IOException | RuntimeException e) {
                LOG.debug("proto {} not stored in the compile cache: {}", rootPath, e.toString());
            }
        });
        return compiled;
    }

    /**
     * This compiler: a digest of its class files. javac writes the same bytes for the same source, so a rebuild of
     * the jar that leaves the compile alone keeps the cache (keyed by the jar's time, the first start after every
     * build compiled again), while a change to our compile code or another Wire version misses it.
     */
    private static String compiler() {
        MessageDigest sha = sha256();
        ClassLoader loader = ProtoDiskCache.class.getClassLoader();
        for (String name : COMPILER_CLASSES) {
            try (java.io.InputStream in = loader.getResourceAsStream(name.replace('.', '/') + ".class")) {
                if (in == null) {
                    throw new IOException(name + " not found");
                }
                sha.update(in.readAllBytes());
            } catch (IOException e) {
                return "unknown-" + java.util.UUID.randomUUID(); // cannot tell this compiler apart: never a hit
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static String key(String rootPath, String text, Path protosDir) {
        MessageDigest sha = sha256();
        for (String part : new String[] {FORMAT, rootPath, text == null ? "\u0000file" : text,
                protosDir == null ? "" : protosDir.toString()}) {
            sha.update(part.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every JVM has SHA-256
        }
    }

    /** The payload followed by its SHA-256, so a damaged entry (which might still parse) is told apart. */
    private static byte[] sealed(byte[] payload) {
        byte[] out = java.util.Arrays.copyOf(payload, payload.length + DIGEST_BYTES);
        System.arraycopy(sha256().digest(payload), 0, out, payload.length, DIGEST_BYTES);
        return out;
    }

    /** The payload of a sealed entry, or null when its digest does not match. */
    private static byte[] unsealed(byte[] entry) {
        if (entry.length < DIGEST_BYTES) {
            return null;
        }
        byte[] payload = java.util.Arrays.copyOf(entry, entry.length - DIGEST_BYTES);
        byte[] digest = java.util.Arrays.copyOfRange(entry, payload.length, entry.length);
        return MessageDigest.isEqual(sha256().digest(payload), digest) ? payload : null;
    }

    /** Layout (sealed): magic, key, the directory files (path, text), the compiled files but bundled ones. */
    private static byte[] encode(String key, ProtoCompiler.Result r) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeUTF(key);
            out.writeInt(r.filesFromDirectory().size());
            for (Map.Entry<String, String> f : r.filesFromDirectory().entrySet()) {
                out.writeUTF(f.getKey());
                writeBytes(out, f.getValue().getBytes(StandardCharsets.UTF_8));
            }
            Map<String, FileDescriptor> compiled = new LinkedHashMap<>(r.schema().files());
            compiled.entrySet().removeIf(f -> WellKnownTypes.descriptor(f.getKey()) == f.getValue());
            out.writeInt(compiled.size());
            for (Map.Entry<String, FileDescriptor> f : compiled.entrySet()) {
                out.writeUTF(f.getKey());
                writeBytes(out, f.getValue().toProto().toByteArray());
            }
        }
        return sealed(bytes.toByteArray());
    }

    private static ProtoCompiler.Result read(Path file, String key, String rootPath, Path protosDir) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException absent) {
            return null;
        } catch (IOException e) {
            LOG.debug("proto compile cache entry {} unreadable: {}", file, e.toString());
            return null;
        }
        byte[] payload = unsealed(bytes);
        if (payload == null) {
            LOG.debug("proto compile cache entry {} is damaged", file);
            return null;
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload))) {
            if (in.readInt() != MAGIC || !in.readUTF().equals(key)) {
                return null;
            }
            Map<String, String> fromDir = new LinkedHashMap<>();
            for (int i = in.readInt(); i > 0; i--) {
                fromDir.put(in.readUTF(), new String(readBytes(in), StandardCharsets.UTF_8));
            }
            if (!fromDir.isEmpty() && (protosDir == null || !ProtoCache.unchanged(protosDir, fromDir))) {
                return null; // an imported file changed: compile again
            }
            Map<String, FileDescriptorProto> files = new LinkedHashMap<>();
            for (int i = in.readInt(); i > 0; i--) {
                files.put(in.readUTF(), FileDescriptorProto.parseFrom(readBytes(in)));
            }
            if (in.available() != 0 || !files.containsKey(rootPath)) {
                return null;
            }
            Map<String, FileDescriptor> built = withDependencies(DescriptorSet.link(files).files());
            return new ProtoCompiler.Result(new ProtoSchema(built.get(rootPath), built), fromDir);
        } catch (IOException | RuntimeException e) {
            LOG.debug("proto compile cache entry {} ignored: {}", file, e.toString());
            return null;
        }
    }

    /** The files and everything they import, transitively (bundled files bring their own imports), as a compile. */
    private static Map<String, FileDescriptor> withDependencies(Map<String, FileDescriptor> files) {
        Map<String, FileDescriptor> all = new LinkedHashMap<>();
        java.util.ArrayDeque<FileDescriptor> todo = new java.util.ArrayDeque<>(files.values());
        while (!todo.isEmpty()) {
            FileDescriptor f = todo.pop();
            if (all.putIfAbsent(f.getName(), f) == null) {
                todo.addAll(f.getDependencies());
            }
        }
        return all;
    }

    private static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > in.available()) {
            throw new IOException("length " + n + " past the end");
        }
        return in.readNBytes(n);
    }
}
