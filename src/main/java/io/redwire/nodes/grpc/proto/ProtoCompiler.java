package io.redwire.nodes.grpc.proto;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.squareup.wire.schema.ErrorCollector;
import com.squareup.wire.schema.Linker;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.Type;
import com.squareup.wire.schema.internal.SchemaEncoder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compiles .proto text into protobuf-java descriptors at runtime, without protoc: Wire parses and links, Wire's
 * SchemaEncoder writes each FileDescriptorProto, {@link WireFixups} closes the gaps to protoc's output, and
 * protobuf-java builds the FileDescriptors (the google/protobuf types are protobuf-java's compiled ones).
 */
public final class ProtoCompiler {
    private static final Pattern LOCATION = Pattern.compile("\\((\\S+:\\d+:\\d+)\\)\\s*$");

    private ProtoCompiler() {
    }

    /** Compiles {@code text} as file {@code name}; its imports resolve against {@code dir} (may be null). */
    public static ProtoSchema compile(String name, String text, Path dir) {
        return compile(Map.of(name, text), name, dir).schema();
    }

    /** Compiles the file {@code path} of {@code dir}. */
    public static ProtoSchema compileFile(Path dir, String path) {
        return compile(Map.of(), path, dir).schema();
    }

    /** The schema plus the directory files it read (path → text), so a cache can tell when it is stale. */
    record Result(ProtoSchema schema, Map<String, String> filesFromDirectory) {
    }

    static Result compile(Map<String, String> given, String rootPath, Path dir) {
        SourceSet sources = new SourceSet(given, dir);
        sources.addRoot(rootPath);
        sources.throwIfProblems();
        Schema schema = link(sources);
        Map<String, FileDescriptor> built = new LinkedHashMap<>();
        for (Map.Entry<String, ProtoFile> e : sources.files().entrySet()) {
            String path = e.getKey();
            FileDescriptor fd = WellKnownTypes.isBundled(path) && !given.containsKey(path)
                    ? WellKnownTypes.descriptor(path) : build(schema, e.getValue(), sources.text(path), built);
            built.put(path, fd);
        }
        return new Result(new ProtoSchema(built.get(rootPath), built), sources.filesFromDirectory());
    }

    private static Schema link(SourceSet sources) {
        ErrorCollector errors = new ErrorCollector();
        Schema schema;
        try {
            schema = new Linker(sources, errors, false, true).link(new ArrayList<>(sources.files().values()));
        } catch (ProtoException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ProtoException(List.of(reformat(String.valueOf(e.getMessage()))));
        }
        if (!errors.getErrors().isEmpty()) {
            throw new ProtoException(errors.getErrors().stream().map(ProtoCompiler::reformat).toList());
        }
        return schema;
    }

    /**
     * Wire writes "unable to resolve Foo\n  for field a (x.proto:2:13)\n  in message A (x.proto:2:1)"; this makes
     * it "x.proto:2:13: unable to resolve Foo (for field a, in message A)".
     */
    static String reformat(String wireError) {
        String[] lines = wireError.split("\n");
        String where = null;
        List<String> context = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i].trim();
            Matcher m = LOCATION.matcher(line);
            if (m.find()) {
                if (where == null) {
                    where = m.group(1);
                }
                line = line.substring(0, m.start()).trim();
            }
            if (!line.isEmpty()) {
                context.add(line);
            }
        }
        String head = lines[0].trim();
        Matcher own = LOCATION.matcher(head);
        if (own.find()) {
            where = where == null ? own.group(1) : where;
            head = head.substring(0, own.start()).trim();
        }
        return (where == null ? "" : where + ": ") + head
                + (context.isEmpty() ? "" : " (" + String.join(", ", context) + ")");
    }

    private static FileDescriptor build(Schema schema, ProtoFile file, String text,
                                        Map<String, FileDescriptor> built) {
        String path = file.getLocation().getPath();
        FileDescriptorProto proto;
        try {
            proto = FileDescriptorProto.parseFrom(new SchemaEncoder(schema).encode(file).toByteArray());
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            throw new ProtoException(path + ": cannot encode descriptor: " + e.getMessage());
        }
        proto = WireFixups.apply(proto, schema, file, text);
        List<FileDescriptor> deps = new ArrayList<>();
        for (String dep : proto.getDependencyList()) {
            deps.add(built.get(dep));
        }
        try {
            return FileDescriptor.buildFrom(proto, deps.toArray(new FileDescriptor[0]));
        } catch (DescriptorValidationException e) {
            throw new ProtoException(where(schema, path, e.getProblemSymbolName()) + ": " + e.getDescription());
        }
    }

    private static String where(Schema schema, String path, String symbol) {
        Type t = symbol == null ? null : schema.getType(symbol);
        Location l = t == null ? null : t.getLocation();
        return l == null ? path : l.toString();
    }

    /** The descriptor Wire + fix-ups produce for one file, before it is built (for the golden test). */
    static FileDescriptorProto encode(Map<String, String> given, String rootPath, Path dir, String file) {
        return compile(given, rootPath, dir).schema().files().get(file).toProto();
    }
}
