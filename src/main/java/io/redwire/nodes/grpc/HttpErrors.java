package io.redwire.nodes.grpc;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Locale;

/**
 * A gRPC status as an HTTP answer: the HTTP status google.rpc's code mapping gives it and the error JSON
 * Connect uses, {@code {"code":"invalid_argument","message":"..."}} (code names in lower case; CANCELLED is
 * spelled "canceled", as Connect does).
 */
final class HttpErrors {
    private static final int[] HTTP = {200, 499, 500, 400, 504, 404, 409, 403, 429, 400, 409, 400, 501, 500, 503,
            500, 401};

    private HttpErrors() {
    }

    static int httpStatus(int grpcCode) {
        return grpcCode >= 0 && grpcCode < HTTP.length ? HTTP[grpcCode] : 500;
    }

    static String codeName(int grpcCode) {
        io.grpc.Status.Code code = io.grpc.Status.fromCodeValue(grpcCode).getCode();
        return code == io.grpc.Status.Code.CANCELLED ? "canceled" : code.name().toLowerCase(Locale.ROOT);
    }

    static String json(int grpcCode, String message) {
        ObjectNode o = JsonNodeFactory.instance.objectNode().put("code", codeName(grpcCode));
        if (message != null && !message.isEmpty()) {
            o.put("message", message);
        }
        return o.toString();
    }
}
