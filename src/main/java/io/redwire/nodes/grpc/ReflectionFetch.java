package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.proto.DescriptorSet;
import io.redwire.nodes.grpc.proto.ProtoException;
import io.redwire.nodes.grpc.proto.ProtoSchema;

import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;

import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.net.SocketAddress;
import io.vertx.grpc.client.GrpcClient;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Asks a server for its definition by server reflection, as grpcurl does: the services it lists, the files that
 * declare them and the files those import, on one ServerReflectionInfo stream. grpc.reflection.v1 first, then
 * v1alpha for servers that only have the older one (same messages, another path); a connection failure is tried
 * once more. Runs on the caller's event loop and never blocks it; fails with a {@link StatusException}.
 */
final class ReflectionFetch {
    static final long TIMEOUT_MS = 10_000;
    private static final Descriptors.MethodDescriptor V1 = info(io.grpc.reflection.v1.ServerReflectionProto
            .getDescriptor());
    @SuppressWarnings("deprecation") // v1alpha is all that older servers (and grpcio before 1.64) offer
    private static final Descriptors.MethodDescriptor V1ALPHA = info(io.grpc.reflection.v1alpha
            .ServerReflectionProto.getDescriptor());

    private ReflectionFetch() {
    }

    private static Descriptors.MethodDescriptor info(Descriptors.FileDescriptor file) {
        return file.findServiceByName("ServerReflection").findMethodByName("ServerReflectionInfo");
    }

    /** The definition of every service {@code target} lists, reflection's own left out. */
    static Future<ProtoSchema> fetch(GrpcClient client, SocketAddress target, Vertx vertx) {
        return bothVersions(client, target, vertx).recover(e -> code(e) == Status.Code.UNAVAILABLE
                ? bothVersions(client, target, vertx) : Future.failedFuture(e));
    }

    private static Future<ProtoSchema> bothVersions(GrpcClient client, SocketAddress target, Vertx vertx) {
        return new Conversation(V1).run(client, target, vertx)
                .recover(e -> code(e) == Status.Code.UNIMPLEMENTED
                        ? new Conversation(V1ALPHA).run(client, target, vertx) : Future.failedFuture(e))
                .recover(e -> Future.failedFuture(code(e) == Status.Code.UNIMPLEMENTED
                        ? new StatusException(Status.UNIMPLEMENTED.withDescription(target.host() + ":"
                        + target.port() + " does not offer server reflection (grpc.reflection.v1 and v1alpha are"
                        + " both unimplemented), so the grpc-server config needs the .proto")) : e));
    }

    private static Status.Code code(Throwable e) {
        return e instanceof StatusException s ? s.getStatus().getCode() : Status.Code.UNKNOWN;
    }

    /** One stream: questions go out together, answers come back in their order. */
    private static final class Conversation implements OutboundCall.Events {
        private final Descriptors.MethodDescriptor method;
        private final Promise<ProtoSchema> result = Promise.promise();
        private final Map<String, FileDescriptorProto> files = new LinkedHashMap<>();
        private final Set<String> askedFiles = new HashSet<>();
        private OutboundCall call;
        private int unanswered;

        Conversation(Descriptors.MethodDescriptor method) {
            this.method = method;
        }

        Future<ProtoSchema> run(GrpcClient client, SocketAddress target, Vertx vertx) {
            call = OutboundCall.start(client, target, method, MultiMap.caseInsensitiveMultiMap(), TIMEOUT_MS, vertx,
                    this);
            ask(ServerReflectionRequest.newBuilder().setListServices("*").build());
            return result.future();
        }

        private void ask(ServerReflectionRequest question) {
            unanswered++;
            try {
                call.write(DynamicMessage.parseFrom(method.getInputType(), question.toByteString()));
            } catch (InvalidProtocolBufferException e) {
                throw new IllegalStateException("v1 and v1alpha requests have one shape", e);
            }
        }

        @Override
        public void onReply(DynamicMessage reply) {
            if (result.future().isComplete()) {
                return;
            }
            try {
                answered(ServerReflectionResponse.parseFrom(reply.toByteString()));
                if (--unanswered == 0) {
                    askForMissingFilesOrFinish();
                }
            } catch (InvalidProtocolBufferException e) {
                fail(Status.INTERNAL.withDescription("unreadable server reflection answer: " + e.getMessage()));
                return;
            } catch (ProtoException e) {
                fail(Status.INTERNAL.withDescription("the descriptors server reflection sent do not build: "
                        + e.getMessage()));
            }
        }

        private void answered(ServerReflectionResponse r) throws InvalidProtocolBufferException {
            switch (r.getMessageResponseCase()) {
                case LIST_SERVICES_RESPONSE -> r.getListServicesResponse().getServiceList().stream()
                        .map(s -> s.getName()).filter(name -> !name.startsWith("grpc.reflection."))
                        .forEach(name -> ask(ServerReflectionRequest.newBuilder().setFileContainingSymbol(name)
                                .build()));
                case FILE_DESCRIPTOR_RESPONSE -> {
                    for (ByteString bytes : r.getFileDescriptorResponse().getFileDescriptorProtoList()) {
                        FileDescriptorProto f = FileDescriptorProto.parseFrom(bytes);
                        files.putIfAbsent(f.getName(), f);
                    }
                }
                case ERROR_RESPONSE -> fail(Status.fromCodeValue(r.getErrorResponse().getErrorCode())
                        .withDescription("server reflection could not answer "
                                + question(r.getOriginalRequest()) + ": " + r.getErrorResponse().getErrorMessage()));
                default -> fail(Status.INTERNAL.withDescription("server reflection sent an answer of kind "
                        + r.getMessageResponseCase() + " to " + question(r.getOriginalRequest())));
            }
        }

        private static String question(ServerReflectionRequest q) {
            return switch (q.getMessageRequestCase()) {
                case FILE_CONTAINING_SYMBOL -> "symbol " + q.getFileContainingSymbol();
                case FILE_BY_FILENAME -> "file " + q.getFileByFilename();
                default -> q.getMessageRequestCase().name().toLowerCase();
            };
        }

        private void askForMissingFilesOrFinish() {
            if (result.future().isComplete()) {
                return;
            }
            Set<String> missing = DescriptorSet.missing(files);
            missing.removeAll(askedFiles);
            if (missing.isEmpty()) {
                call.halfClose();
                result.tryComplete(DescriptorSet.link(files));
                return;
            }
            for (String name : missing) {
                askedFiles.add(name);
                ask(ServerReflectionRequest.newBuilder().setFileByFilename(name).build());
            }
        }

        private void fail(Status status) {
            if (result.tryFail(new StatusException(status))) {
                call.cancel("server reflection failed");
            }
        }

        @Override
        public void onClose(Status status, MultiMap trailers) {
            if (!result.future().isComplete()) {
                result.tryFail(new StatusException(status.isOk()
                        ? Status.INTERNAL.withDescription("the server ended server reflection before answering")
                        : status));
            }
        }
    }
}
