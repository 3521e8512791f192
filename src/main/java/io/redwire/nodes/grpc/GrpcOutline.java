package io.redwire.nodes.grpc;

import io.redwire.api.ServiceOutline;
import io.redwire.nodes.grpc.proto.ProtoCompiler;
import io.redwire.nodes.grpc.proto.ProtoSchema;

import io.redwire.api.Field;

import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;

import io.grpc.StatusException;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.net.SocketAddress;
import io.vertx.grpc.client.GrpcClient;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A grpc-server's .proto outlined for the editor: each service of the root file by the name grpc nodes use, with
 * its methods and their streaming kind. Compiles with the runtime's compiler, without its deploy cache. A config
 * whose definition comes from server reflection is outlined from the target's answer, on a client of its own
 * (closed after; the editor keeps the outline per form), with the config's TLS settings.
 */
final class GrpcOutline implements ServiceOutline {
    /** The compiler names places as "file.proto:LINE:COLUMN: ...". */
    private static final Pattern LINE = Pattern.compile("\\.proto:(\\d+):\\d+:");

    @Override
    public Future<List<Service>> outline(Map<String, Object> config, Path protosDir, Vertx vertx) {
        if (!GrpcServerNode.fromReflection(config.get(GrpcServerNode.DEFINITION.name()))) {
            return ServiceOutline.super.outline(config, protosDir, vertx);
        }
        SocketAddress target;
        try {
            target = GrpcServerNode.target(text(config, GrpcServerNode.SERVER).trim(),
                    Integer.parseInt(text(config, GrpcServerNode.PORT).trim()));
        } catch (NumberFormatException e) {
            return Future.failedFuture(new Unavailable("the grpc-server's port is not a number"));
        }
        GrpcClient client = ClientPool.newClient(vertx, options -> GrpcTls.client(options,
                flag(config, GrpcServerNode.SSL), flag(config, GrpcServerNode.SELFSIGNED), false,
                text(config, GrpcServerNode.CA), "", ""));
        return ReflectionFetch.fetch(client, target, vertx)
                .map(schema -> describe(schema.services()))
                .recover(e -> Future.failedFuture(new Unavailable(e instanceof StatusException s
                        ? s.getStatus().getCode() + ": " + s.getStatus().getDescription() : String.valueOf(e))))
                .onComplete(done -> client.close());
    }

    private static String text(Map<String, Object> config, Field field) {
        Object v = config.get(field.name());
        return v == null ? String.valueOf(field.runtimeDefault()) : v instanceof Double d && d == Math.rint(d)
                ? String.valueOf(d.longValue()) : String.valueOf(v);
    }

    private static boolean flag(Map<String, Object> config, Field field) {
        return Boolean.TRUE.equals(config.get(field.name())) || "true".equals(config.get(field.name()));
    }

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
        return describe(schema.services());
    }

    private static List<Service> describe(List<ServiceDescriptor> services) {
        return services.stream().map(s -> new Service(s.getName(),
                s.getMethods().stream().map(m -> new Method(m.getName(), kind(m))).toList())).toList();
    }

    private static String kind(MethodDescriptor m) {
        if (m.isClientStreaming()) {
            return m.isServerStreaming() ? "bidirectional streaming" : "client streaming";
        }
        return m.isServerStreaming() ? "server streaming" : "unary";
    }
}
