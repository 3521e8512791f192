package io.redwire.nodes.grpc;

import io.redwire.msg.Json;

import io.grpc.Status;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * gRPC statuses as the Connect protocol writes them (connectrpc.com/docs/protocol): the code's name in snake case
 * ({@code not_found}; CANCELLED is spelt {@code canceled}), the HTTP status a unary error answers with, and the
 * error JSON {@code {"code", "message", "details": []}}.
 */
final class ConnectErrors {
    private ConnectErrors() {
    }

    static String code(Status.Code code) {
        return code == Status.Code.CANCELLED ? "canceled" : code.name().toLowerCase(Locale.ROOT);
    }

    /** The HTTP status of a unary error, from the protocol's table. */
    static int httpStatus(Status.Code code) {
        return switch (code) {
            case CANCELLED -> 499;
            case INVALID_ARGUMENT, FAILED_PRECONDITION, OUT_OF_RANGE -> 400;
            case DEADLINE_EXCEEDED -> 504;
            case NOT_FOUND -> 404;
            case ALREADY_EXISTS, ABORTED -> 409;
            case PERMISSION_DENIED -> 403;
            case RESOURCE_EXHAUSTED -> 429;
            case UNIMPLEMENTED -> 501;
            case UNAVAILABLE -> 503;
            case UNAUTHENTICATED -> 401;
            default -> 500; // UNKNOWN, INTERNAL, DATA_LOSS
        };
    }

    /** The error object; the message is left out when the status has none. */
    static Map<String, Object> error(Status status) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("code", code(status.getCode()));
        if (status.getDescription() != null) {
            e.put("message", status.getDescription());
        }
        e.put("details", List.of());
        return e;
    }

    static byte[] json(Status status) {
        return Json.bytes(error(status));
    }
}
