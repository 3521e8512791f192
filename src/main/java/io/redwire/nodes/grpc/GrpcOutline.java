package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.proto.ProtoCompiler;
import io.redwire.nodes.grpc.proto.ProtoSchema;
import io.redwire.spi.ServiceOutline;

import com.google.protobuf.Descriptors.MethodDescriptor;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A grpc-server's .proto outlined for the editor: each service of the root file by the name grpc nodes use, with
 * its methods and their streaming kind. Compiles with the runtime's compiler, without its deploy cache.
 */
final class GrpcOutline implements ServiceOutline {
    /** The compiler names places as "file.proto:LINE:COLUMN: ...". */
    private static final Pattern LINE = Pattern.compile("\\.proto:(\\d+):\\d+:");

    @Override
    public List<Service> services(Map<String, Object> config, Path protosDir) {
        Object proto = config.get(GrpcServerNode.PROTO_FILE.name());
        if (!(proto instanceof String text) || text.isBlank()) {
            throw new Invalid("the grpc-server has no .proto text (or name of a file under protos/)", 0);
        }
        ProtoSchema schema;
        try {
            schema = GrpcServerNode.namesFile(text) ? ProtoCompiler.compileFile(protosDir, text.trim())
                    : ProtoCompiler.compile(GrpcServerNode.INLINE_PROTO_NAME, text, protosDir);
        } catch (RuntimeException e) {
            String message = String.valueOf(e.getMessage());
            Matcher m = LINE.matcher(message);
            throw new Invalid(message, m.find() ? Integer.parseInt(m.group(1)) : 0);
        }
        return schema.services().stream().map(s -> new Service(s.getName(),
                s.getMethods().stream().map(m -> new Method(m.getName(), kind(m))).toList())).toList();
    }

    private static String kind(MethodDescriptor m) {
        if (m.isClientStreaming()) {
            return m.isServerStreaming() ? "bidirectional streaming" : "client streaming";
        }
        return m.isServerStreaming() ? "server streaming" : "unary";
    }
}
