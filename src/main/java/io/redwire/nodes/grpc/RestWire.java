package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.transcode.RequestJson;
import io.redwire.nodes.grpc.transcode.RestRoutes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;

import io.grpc.Status;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One HTTP/JSON call a google.api.http route matched: the request message is the route's JSON (body, path
 * variables, query; {@link RequestJson}) in protobuf's canonical mapping ({@link ProtoJson}); the answer is the
 * response message's JSON ({@code response_body} picks one field), a server stream a JSON array of its messages,
 * a failed status the HTTP status and error JSON Connect gives it ({@code {"code":"invalid_argument",...}}).
 * Everything the flow sees goes through {@link InboundCall}, as for gRPC.
 */
final class RestWire extends HttpWire {
    private static final ObjectMapper TREES = new ObjectMapper();

    private final DynamicServer server;
    private final RestRoutes.Match match;
    private final boolean streaming;
    private Buffer body = Buffer.buffer();
    private int written;

    RestWire(DynamicServer server, HttpServerRequest request, RestRoutes.Match match) {
        super(request);
        this.server = server;
        this.match = match;
        this.streaming = match.route().method().isServerStreaming();
    }

    @Override
    public String protocol() {
        return "http";
    }

    @Override
    public void open(InboundCall call) {
        attach(call);
        request.handler(this::body);
        request.endHandler(v -> {
            if (ended) {
                return;
            }
            String json = RequestJson.of(match, query(request.params()), body.toString(StandardCharsets.UTF_8));
            body = null;
            try {
                call.received(server.json().parse(match.route().method().getInputType(), json));
            } catch (ProtoJson.Invalid e) {
                call.refused(Status.INVALID_ARGUMENT.withDescription(e.getMessage()));
                return;
            }
            call.requestEnded();
        });
    }

    /** The body, gathered up to the message size limit. */
    private void body(Buffer chunk) {
        if (ended || body == null) {
            return;
        }
        if (body.length() + chunk.length() > GrpcTransport.MAX_MESSAGE_BYTES) {
            body = null;
            call.refused(Status.RESOURCE_EXHAUSTED.withDescription("message exceeds maximum size "
                    + GrpcTransport.MAX_MESSAGE_BYTES));
            return;
        }
        body.appendBuffer(chunk);
    }

    private static Map<String, List<String>> query(MultiMap params) {
        Map<String, List<String>> q = new LinkedHashMap<>();
        params.forEach(e -> q.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue()));
        return q;
    }

    // ---- answering --------------------------------------------------------------------------------------------

    @Override
    public boolean write(DynamicMessage message) {
        Buffer text;
        if (written++ == 0) {
            response.setStatusCode(200).putHeader("content-type", "application/json");
            if (request.version() != HttpVersion.HTTP_2) {
                response.setChunked(true);
            }
            text = Buffer.buffer("[").appendString(json(message));
        } else {
            text = Buffer.buffer(",").appendString(json(message));
        }
        return counted(response.write(text), text.length());
    }

    @Override
    public void end(Status status, DynamicMessage reply) {
        if (!endOnce()) {
            return;
        }
        if (!status.isOk()) {
            if (written > 0) {
                response.reset(); // a stream that fails after its first message: the client sees it cut short
            } else {
                ConnectRequests.answerError(response, status);
            }
        } else if (streaming) {
            if (written == 0) {
                response.putHeader("content-type", "application/json").end("[]");
            } else {
                response.end("]");
            }
        } else {
            response.putHeader("content-type", "application/json").end(json(reply));
        }
    }

    /** The message's JSON, or with response_body the JSON of that one field. */
    private String json(DynamicMessage m) {
        String text = server.json().print(m);
        String field = match.route().responseBody();
        if (field == null) {
            return text;
        }
        FieldDescriptor f = m.getDescriptorForType().findFieldByName(field);
        try {
            JsonNode value = TREES.readTree(text).get(f.getJsonName());
            return value != null ? value.toString() : defaultJson(f);
        } catch (IOException e) {
            throw new IllegalStateException("JsonFormat printed no JSON: " + e.getMessage(), e);
        }
    }

    /** The JSON of a field the printer left out because it holds its default value. */
    private static String defaultJson(FieldDescriptor f) {
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
