package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.transcode.RequestJson;
import io.redwire.nodes.grpc.transcode.RestRoutes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.http.HttpServerRequestInternal;
import io.vertx.grpc.common.GrpcMessage;
import io.vertx.grpc.common.GrpcMessageDecoder;
import io.vertx.grpc.common.GrpcMessageEncoder;
import io.vertx.grpc.common.GrpcStatus;
import io.vertx.grpc.common.MessageSizeOverflowException;
import io.vertx.grpc.common.WireFormat;
import io.vertx.grpc.common.impl.GrpcMessageDeframer;
import io.vertx.grpc.common.impl.GrpcMethodCall;
import io.vertx.grpc.server.GrpcProtocol;
import io.vertx.grpc.server.GrpcServerResponse;
import io.vertx.grpc.server.impl.GrpcServerRequestImpl;
import io.vertx.grpc.server.impl.GrpcServerResponseImpl;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An HTTP/JSON request a google.api.http route matched, served as a gRPC call: it is given to {@link InboundCall}
 * as a Vert.x gRPC request/response pair (the way Vert.x's own gRPC-Web and transcoding exchanges are built), so
 * the flow, deadlines, cancellation and metrics are the gRPC path's. The request is the route's JSON (body, path
 * variables, query) as one message; the answer is the response message's JSON ({@code response_body} picks one
 * field), a server stream a JSON array of its messages, an error status the HTTP status google.rpc maps it to
 * with {@code {"code":"invalid_argument","message":"..."}}.
 */
final class TranscodedCall {
    private static final ObjectMapper TREES = new ObjectMapper();

    private TranscodedCall() {
    }

    static void serve(HttpServerRequest http, RestRoutes.Match match, DynamicServer server) {
        ContextInternal context = ((HttpServerRequestInternal) http).context();
        Request request = new Request(context, http, new BodyDeframer(match, http));
        Response response = new Response(context, request, http, match, server.json());
        response.init();
        request.init(response, true, GrpcTransport.MAX_MESSAGE_BYTES);
        InboundCall.start(request, match.route().method(), server);
    }

    private static final class Request extends GrpcServerRequestImpl<Buffer, Buffer> {
        Request(ContextInternal context, HttpServerRequest http, BodyDeframer deframer) {
            super(context, GrpcProtocol.TRANSCODING, WireFormat.JSON, http, deframer, GrpcMessageDecoder.IDENTITY,
                    new GrpcMethodCall("/" + deframer.match.route().method().getService().getFullName() + "/"
                            + deframer.match.route().method().getName()));
        }
    }

    /** Takes the whole body (bounded like a gRPC message) and yields the request's JSON as one message. */
    private static final class BodyDeframer implements GrpcMessageDeframer {
        private final RestRoutes.Match match;
        private final HttpServerRequest http;
        private Buffer body = Buffer.buffer();
        private long max = GrpcTransport.MAX_MESSAGE_BYTES;
        private Object next;
        private boolean refused;

        BodyDeframer(RestRoutes.Match match, HttpServerRequest http) {
            this.match = match;
            this.http = http;
        }

        @Override
        public void maxMessageSize(long maxMessageSize) {
            max = maxMessageSize;
        }

        @Override
        public void update(Buffer chunk) {
            if (refused) {
                return;
            }
            if (body.length() + chunk.length() > max) {
                refused = true;
                next = new MessageSizeOverflowException(body.length() + chunk.length());
                body = null;
                return;
            }
            body.appendBuffer(chunk);
        }

        @Override
        public void end() {
            if (refused) {
                return;
            }
            String json = RequestJson.of(match, query(http.params()), body.toString(StandardCharsets.UTF_8));
            next = GrpcMessage.message("identity", WireFormat.JSON, Buffer.buffer(json));
            body = null;
        }

        @Override
        public Object next() {
            Object n = next;
            next = null;
            return n;
        }

        private static Map<String, List<String>> query(MultiMap params) {
            Map<String, List<String>> q = new LinkedHashMap<>();
            params.forEach(e -> q.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue()));
            return q;
        }
    }

    /** Writes what InboundCall sends (protobuf) as JSON, and a failed status as an HTTP error with error JSON. */
    private static final class Response extends GrpcServerResponseImpl<Buffer, Buffer> {
        private final HttpServerResponse http;
        private final RestRoutes.Route route;
        private final ProtoJson json;
        private final boolean streaming;
        private String message;
        private String single;
        private int written;

        Response(ContextInternal context, Request request, HttpServerRequest http, RestRoutes.Match match,
                 ProtoJson json) {
            super(context, request, GrpcProtocol.TRANSCODING, http.response(), GrpcMessageEncoder.IDENTITY);
            this.http = http.response();
            this.route = match.route();
            this.json = json;
            this.streaming = route.method().isServerStreaming();
        }

        @Override
        public GrpcServerResponse<Buffer, Buffer> statusMessage(String msg) {
            this.message = msg;
            return super.statusMessage(msg);
        }

        @Override
        protected void setHeaders(String contentType, MultiMap grpcHeaders) {
            http.headers().set("content-type", "application/json");
        }

        @Override
        protected void setTrailers(MultiMap grpcTrailers) {
        }

        @Override
        protected Future<Void> sendHead() {
            return context.succeededFuture();
        }

        @Override
        protected Future<Void> sendMessage(Buffer protobuf, boolean compressed) {
            String text = toJson(protobuf);
            if (!streaming) {
                single = text; // sent by sendEnd, so the answer has a Content-Length
                return context.succeededFuture();
            }
            if (written++ == 0) {
                http.setChunked(true);
                return http.write("[" + text);
            }
            return http.write("," + text);
        }

        @Override
        protected Future<Void> sendEnd() {
            GrpcStatus status = status();
            if (status != GrpcStatus.OK) {
                if (!http.headWritten()) {
                    http.setStatusCode(HttpErrors.httpStatus(status.code));
                    return http.end(HttpErrors.json(status.code, message));
                }
                return http.reset(); // a stream that failed after its first message: the client sees it cut
            }
            if (streaming) {
                return http.end(written == 0 ? "[]" : "]");
            }
            return single == null ? http.end() : http.end(single);
        }

        private String toJson(Buffer protobuf) {
            DynamicMessage m;
            try {
                m = DynamicMessage.parseFrom(route.method().getOutputType(), protobuf.getBytes());
            } catch (InvalidProtocolBufferException e) {
                throw new IllegalStateException("response does not parse: " + e.getMessage(), e);
            }
            String text = json.print(m);
            if (route.responseBody() == null) {
                return text;
            }
            FieldDescriptor f = m.getDescriptorForType().findFieldByName(route.responseBody());
            try {
                JsonNode field = TREES.readTree(text).get(f.getJsonName());
                return field != null ? field.toString() : emptyValue(f);
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        }

        /** The JSON of a field left out because it has its default value. */
        private static String emptyValue(FieldDescriptor f) {
            if (f.isMapField()) {
                return "{}";
            }
            if (f.isRepeated()) {
                return "[]";
            }
            return switch (f.getJavaType()) {
                case MESSAGE -> "{}";
                case STRING, BYTE_STRING -> "\"\"";
                case BOOLEAN -> "false";
                case ENUM -> "\"" + f.getEnumType().getValues().get(0).getName() + "\"";
                case LONG -> "\"0\"";
                default -> "0";
            };
        }
    }
}
