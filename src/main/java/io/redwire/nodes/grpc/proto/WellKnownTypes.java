package io.redwire.nodes.grpc.proto;

import com.google.api.AnnotationsProto;
import com.google.api.HttpProto;
import com.google.protobuf.AnyProto;
import com.google.protobuf.ApiProto;
import com.google.protobuf.DescriptorProtos;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DurationProto;
import com.google.protobuf.EmptyProto;
import com.google.protobuf.FieldMaskProto;
import com.google.protobuf.SourceContextProto;
import com.google.protobuf.StructProto;
import com.google.protobuf.TimestampProto;
import com.google.protobuf.TypeProto;
import com.google.protobuf.WrappersProto;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The google/protobuf/*.proto files and google/api/{annotations,http}.proto every schema may import. Their text (for Wire to link against) comes from the
 * protobuf-java jar; their descriptors are protobuf-java's compiled ones, so messages built on them are the same
 * types the rest of protobuf-java (JsonFormat, reflection) knows, and a method's google.api.http option is the
 * extension {@link AnnotationsProto#http} reads.
 */
final class WellKnownTypes {
    private static final Map<String, FileDescriptor> COMPILED = Map.ofEntries(
            Map.entry("google/protobuf/any.proto", AnyProto.getDescriptor()),
            Map.entry("google/protobuf/api.proto", ApiProto.getDescriptor()),
            Map.entry("google/protobuf/descriptor.proto", DescriptorProtos.getDescriptor()),
            Map.entry("google/protobuf/duration.proto", DurationProto.getDescriptor()),
            Map.entry("google/protobuf/empty.proto", EmptyProto.getDescriptor()),
            Map.entry("google/protobuf/field_mask.proto", FieldMaskProto.getDescriptor()),
            Map.entry("google/protobuf/source_context.proto", SourceContextProto.getDescriptor()),
            Map.entry("google/protobuf/struct.proto", StructProto.getDescriptor()),
            Map.entry("google/protobuf/timestamp.proto", TimestampProto.getDescriptor()),
            Map.entry("google/protobuf/type.proto", TypeProto.getDescriptor()),
            Map.entry("google/protobuf/wrappers.proto", WrappersProto.getDescriptor()),
            // google.api.http rules (HTTP/JSON transcoding), from proto-google-common-protos
            Map.entry("google/api/annotations.proto", AnnotationsProto.getDescriptor()),
            Map.entry("google/api/http.proto", HttpProto.getDescriptor()));

    private WellKnownTypes() {
    }

    static boolean isBundled(String path) {
        return COMPILED.containsKey(path);
    }

    static FileDescriptor descriptor(String path) {
        return COMPILED.get(path);
    }

    /** The bundled file's text from the classpath (for files Wire's CoreLoader does not carry). */
    static String text(String path) {
        try (InputStream in = WellKnownTypes.class.getClassLoader().getResourceAsStream(path)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read bundled " + path, e);
        }
    }
}
