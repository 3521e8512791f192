package io.redwire.nodes.grpc;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;

import io.grpc.Status;
import io.vertx.core.MultiMap;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** gRPC status ⇄ msg values: msg.error as grpc-js' ServiceError reads, msg.err as grpc-response takes it. */
final class GrpcStatus {
    private GrpcStatus() {
    }

    /** {code, details, message: "5 NOT_FOUND: nope", metadata}, as a grpc-js ServiceError. */
    static Map<String, Object> errorObject(Status status, MultiMap trailers) {
        Map<String, Object> e = new LinkedHashMap<>();
        String details = status.getDescription() == null ? "" : status.getDescription();
        e.put("code", status.getCode().value());
        e.put("details", details);
        e.put("message", status.getCode().value() + " " + status.getCode().name() + ": " + details);
        e.put("metadata", trailers == null ? new LinkedHashMap<>() : MetadataCodec.toObject(trailers));
        return e;
    }

    /**
     * The status a flow asks for with msg.err: {code, details} where code is a number (5) or a name
     * ("NOT_FOUND"); a plain string is UNKNOWN with that text; a message without details uses its message.
     */
    static Status fromMsgErr(Object err) {
        if (!(err instanceof Map<?, ?> m)) {
            return Status.UNKNOWN.withDescription(JsValues.toJsString(err));
        }
        Status status = Status.UNKNOWN;
        Object code = m.get("code");
        if (code instanceof Number n) {
            status = Status.fromCodeValue(n.intValue());
        } else if (code instanceof String s && !s.isEmpty()) {
            double asNumber = JsValues.stringToNumber(s);
            if (!Double.isNaN(asNumber)) {
                status = Status.fromCodeValue((int) asNumber);
            } else {
                try {
                    status = Status.fromCode(Status.Code.valueOf(s.toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException unknownName) {
                    status = Status.UNKNOWN;
                }
            }
        }
        Object details = m.get("details");
        if (details == null || details == Undefined.VALUE) {
            details = m.get("message");
        }
        return details == null || details == Undefined.VALUE ? status
                : status.withDescription(JsValues.toJsString(details));
    }
}
