package io.redwire.nodes.grpc;

import com.google.protobuf.DescriptorProtos.MethodOptions.IdempotencyLevel;
import com.google.protobuf.Descriptors.MethodDescriptor;

import io.grpc.Status;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The requests of a grpc-server's port that are not gRPC: checked as the Connect protocol asks, then served as a
 * {@link ConnectWire} call. What the protocol refuses gets its Connect error with the HTTP status the protocol
 * gives it: an HTTP method other than POST (or GET for a method marked {@code idempotency_level =
 * NO_SIDE_EFFECTS}) 405, a content type that is no Connect one 415, a method the proto has not 501
 * (unimplemented), a bad Connect-Timeout-Ms or protocol version 400, an unknown compression 501.
 */
final class ConnectRequests {
    private static final int MAX_TIMEOUT_DIGITS = 10;

    private ConnectRequests() {
    }

    /** What a request's content type (or a GET's encoding) says. */
    private record Form(boolean streaming, boolean json) {
        static Form of(String mediaType) {
            return switch (mediaType) {
                case "application/json" -> new Form(false, true);
                case "application/proto" -> new Form(false, false);
                case "application/connect+json" -> new Form(true, true);
                case "application/connect+proto" -> new Form(true, false);
                default -> null;
            };
        }
    }

    static void serve(HttpServerRequest request, DynamicServer server) {
        boolean get = request.method() == HttpMethod.GET;
        if (!get && request.method() != HttpMethod.POST) {
            request.response().putHeader("allow", "GET, POST");
            answerError(request.response(), 405, Status.UNIMPLEMENTED.withDescription("HTTP method "
                    + request.method() + " is not served: Connect calls are POST (or GET for a method without side effects)"));
            return;
        }
        QueryStringDecoder query = get ? new QueryStringDecoder(request.uri(), StandardCharsets.ISO_8859_1) : null;
        String mediaType = get ? "application/" + param(query, "encoding") : mediaType(request.getHeader("content-type"));
        Form form = Form.of(mediaType);
        if (form == null || get && form.streaming()) {
            answerError(request.response(), 415, Status.INVALID_ARGUMENT.withDescription((get
                    ? "encoding=" + param(query, "encoding") : "content-type " + mediaType) + " is not served here: "
                    + "gRPC takes application/grpc (gRPC-Web application/grpc-web), Connect application/json, "
                    + "application/proto or, for streams, application/connect+json and application/connect+proto"));
            return;
        }
        MethodDescriptor method = server.method(request.path().substring(1));
        if (method == null) {
            refuse(request, form, Status.UNIMPLEMENTED.withDescription("Method not found: "
                    + request.path().substring(1)));
            return;
        }
        boolean streamingMethod = method.isClientStreaming() || method.isServerStreaming();
        if (streamingMethod != form.streaming()) {
            answerError(request.response(), 415, Status.INVALID_ARGUMENT.withDescription(method.getFullName()
                    + (streamingMethod ? " streams: its content type is application/connect+json or application/connect+proto"
                    : " is unary: its content type is application/json or application/proto")));
            return;
        }
        if (get && method.getOptions().getIdempotencyLevel() != IdempotencyLevel.NO_SIDE_EFFECTS) {
            request.response().putHeader("allow", "POST");
            answerError(request.response(), 405, Status.UNIMPLEMENTED.withDescription(method.getFullName()
                    + " is not marked idempotency_level = NO_SIDE_EFFECTS, so it takes POST only"));
            return;
        }
        String problem = protocolProblem(request, query);
        if (problem != null) {
            refuse(request, form, Status.INVALID_ARGUMENT.withDescription(problem));
            return;
        }
        String compression = get ? param(query, "compression")
                : request.getHeader(form.streaming() ? "connect-content-encoding" : "content-encoding");
        if (compression != null && !compression.equals("identity") && !compression.equals("gzip")) {
            refuse(request, form, Status.UNIMPLEMENTED.withDescription("unknown compression " + compression
                    + ": gzip and identity are served"));
            return;
        }
        long size = MetadataCodec.headerListSize(request.headers());
        if (size > GrpcTransport.MAX_METADATA_BYTES) {
            refuse(request, form, Status.RESOURCE_EXHAUSTED.withDescription("request metadata is " + size
                    + " bytes, over the server's limit of " + GrpcTransport.MAX_METADATA_BYTES));
            return;
        }
        Buffer message;
        try {
            message = get ? queryMessage(query, form.json()) : null;
        } catch (IllegalArgumentException e) {
            refuse(request, form, Status.INVALID_ARGUMENT.withDescription("query parameter message: " + e.getMessage()));
            return;
        }
        String timeout = request.getHeader("connect-timeout-ms");
        InboundCall.start(new ConnectWire(server, request, method.getInputType(), form.streaming(), form.json(),
                "gzip".equals(compression), timeout == null ? 0 : Long.parseLong(timeout), message), method, server);
    }

    private static String protocolProblem(HttpServerRequest request, QueryStringDecoder query) {
        String version = query != null ? param(query, "connect") : request.getHeader("connect-protocol-version");
        if (version != null && !version.equals(query != null ? "v1" : "1")) {
            return (query != null ? "connect=" : "Connect-Protocol-Version ") + version + " is not served (1 is)";
        }
        if (query != null && param(query, "encoding") == null) {
            return "a GET call names its encoding (json or proto) in the query";
        }
        String timeout = request.getHeader("connect-timeout-ms");
        if (timeout != null && (timeout.isEmpty() || timeout.length() > MAX_TIMEOUT_DIGITS
                || !timeout.chars().allMatch(c -> c >= '0' && c <= '9'))) {
            return "Connect-Timeout-Ms " + timeout + " is not a number of 1 to 10 digits";
        }
        return null;
    }

    /** A GET's message: percent-encoded, or base64url with base64=1; an absent one is the empty message. */
    private static Buffer queryMessage(QueryStringDecoder query, boolean json) {
        String raw = param(query, "message");
        if (raw == null) {
            return Buffer.buffer(json ? "{}" : "");
        }
        byte[] bytes = "1".equals(param(query, "base64")) ? Base64.getUrlDecoder().decode(raw.trim())
                : raw.getBytes(StandardCharsets.ISO_8859_1); // the percent-decoded bytes, as they were sent
        return Buffer.buffer(bytes);
    }

    private static String param(QueryStringDecoder query, String name) {
        List<String> values = query.parameters().get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    private static String mediaType(String contentType) {
        if (contentType == null) {
            return "(none)";
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }

    /** A refusal before the call starts, in the form the client reads: error JSON, or a stream's end message. */
    private static void refuse(HttpServerRequest request, Form form, Status status) {
        if (form.streaming()) {
            request.response().putHeader("content-type", form.json() ? "application/connect+json"
                    : "application/connect+proto");
            request.response().end(ConnectEnvelope.endOfStream(status));
        } else {
            answerError(request.response(), status);
        }
    }

    /** A unary call's error: the Connect error JSON with the HTTP status of its code. */
    static void answerError(HttpServerResponse response, Status status) {
        answerError(response, ConnectErrors.httpStatus(status.getCode()), status);
    }

    private static void answerError(HttpServerResponse response, int httpStatus, Status status) {
        response.setStatusCode(httpStatus).putHeader("content-type", "application/json")
                .end(Buffer.buffer(ConnectErrors.json(status)));
    }
}
