package io.redwire.nodes.http;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Json;

import io.vertx.core.buffer.Buffer;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/** msg.payload → request body bytes, by Node-RED's rules (which depend on the content-type header). */
final class RequestBody {
    private RequestBody() {
    }

    /**
     * The body of a non-GET/HEAD request: strings and Buffers as they are, numbers as text, anything else as JSON
     * (adding Content-Type: application/json), a query string for x-www-form-urlencoded, or a form for
     * multipart/form-data.
     */
    static Buffer encode(Object payload, RequestHeaders headers) {
        String contentType = headers.get("content-type");
        if ("multipart/form-data".equals(contentType) && payload instanceof Map<?, ?> fields) {
            String boundary = boundary();
            headers.remove("content-type");
            headers.set("content-type", "multipart/form-data; boundary=" + boundary);
            return multipart(fields, boundary);
        }
        Buffer scalar = scalar(payload);
        if (scalar != null) {
            return scalar;
        }
        if ("application/x-www-form-urlencoded".equals(contentType)) {
            return Buffer.buffer(QueryString.stringify(payload));
        }
        if (contentType == null) {
            headers.set("Content-Type", "application/json");
        }
        return Buffer.buffer(Json.bytes(payload));
    }

    /** A GET body (paytoqs "body"): objects as JSON without a content type; booleans send nothing. */
    static Buffer encodeGetBody(Object payload) {
        Buffer scalar = scalar(payload);
        if (scalar != null) {
            return scalar;
        }
        if (payload instanceof Boolean) {
            return null;
        }
        return Buffer.buffer(Json.bytes(payload));
    }

    /** A string, Buffer or number body as it is sent whatever the content type; null for anything else. */
    private static Buffer scalar(Object payload) {
        if (payload instanceof String s) {
            return Buffer.buffer(s.getBytes(StandardCharsets.UTF_8));
        }
        if (payload instanceof byte[] b) {
            return Buffer.buffer(b);
        }
        return payload instanceof Number ? Buffer.buffer(JsValues.toJsString(payload)) : null;
    }

    /** The form-data package's layout: strings and Buffers as parts, {value, options} for files, others as JSON. */
    private static Buffer multipart(Map<?, ?> fields, String boundary) {
        Buffer out = Buffer.buffer();
        fields.forEach((k, v) -> {
            if (v == null || v == io.redwire.js.Undefined.VALUE) {
                return;
            }
            Object value = v;
            Map<?, ?> options = Map.of();
            if (v instanceof Map<?, ?> m && m.containsKey("value")) {
                value = m.get("value");
                options = m.get("options") instanceof Map<?, ?> o ? o : Map.of();
            } else if (!(v instanceof String) && !(v instanceof byte[])) {
                value = Json.stringify(v);
            }
            StringBuilder head = new StringBuilder("--").append(boundary).append("\r\n")
                    .append("Content-Disposition: form-data; name=\"").append(k).append('"');
            Object filename = options.get("filename");
            if (filename != null) {
                head.append("; filename=\"").append(JsValues.toJsString(filename)).append('"');
            }
            head.append("\r\n");
            Object type = options.get("contentType");
            if (type == null && value instanceof byte[]) {
                type = "application/octet-stream";
            }
            if (type != null) {
                head.append("Content-Type: ").append(JsValues.toJsString(type)).append("\r\n");
            }
            head.append("\r\n");
            out.appendString(head.toString());
            if (value instanceof byte[] b) {
                out.appendBytes(b);
            } else {
                out.appendString(JsValues.toJsString(value));
            }
            out.appendString("\r\n");
        });
        out.appendString("--" + boundary + "--\r\n");
        return out;
    }

    /** 26 dashes and 24 random digits, like form-data's boundaries. */
    private static String boundary() {
        StringBuilder sb = new StringBuilder("--------------------------");
        ThreadLocalRandom r = ThreadLocalRandom.current();
        for (int i = 0; i < 24; i++) {
            sb.append((char) ('0' + r.nextInt(10)));
        }
        return sb.toString();
    }
}
