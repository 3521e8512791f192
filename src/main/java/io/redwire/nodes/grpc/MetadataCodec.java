package io.redwire.nodes.grpc;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Json;
import io.redwire.msg.NodeError;

import io.vertx.core.MultiMap;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * gRPC metadata (HTTP/2 headers) ⇄ msg.metadata: one entry per key with its first value, text as strings and
 * "-bin" keys as Buffers (base64 on the wire; padding optional, as the spec allows). Headers that belong to the gRPC protocol itself are not metadata,
 * as grpc-js leaves them out of call.metadata. Going out, strings are sent as they are (node-red-contrib-grpc
 * JSON-quoted them), other values as JSON, arrays as repeated values.
 */
final class MetadataCodec {
    private static final String BIN = "-bin";
    /** Protocol headers (gRPC, gRPC-Web, Connect and HTTP/1.1's own): framing, encodings, timeout and status. */
    private static final Set<String> PROTOCOL = Set.of("content-type", "content-length", "te", "grpc-timeout", "grpc-encoding",
            "grpc-accept-encoding", "accept-encoding", "grpc-status", "grpc-message", "grpc-status-details-bin",
            "x-grpc-web", "connect-protocol-version", "connect-timeout-ms", "connect-content-encoding",
            "connect-accept-encoding", "content-encoding", "host", "connection", "transfer-encoding", "keep-alive");

    private MetadataCodec() {
    }

    static Map<String, Object> toObject(MultiMap headers) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : headers) {
            String key = e.getKey().toLowerCase(Locale.ROOT);
            if (key.startsWith(":") || PROTOCOL.contains(key) || out.containsKey(key)) {
                continue;
            }
            String value = e.getValue();
            if (key.endsWith(BIN)) {
                int comma = value.indexOf(',');
                try {
                    out.put(key, Base64.getDecoder().decode(comma < 0 ? value : value.substring(0, comma)));
                } catch (IllegalArgumentException notBase64) {
                    // a peer's broken binary header is dropped, as grpc-java drops it
                }
            } else {
                out.put(key, value);
            }
        }
        return out;
    }

    /** msg.metadata into {@code headers}; throws a NodeError naming a key gRPC cannot carry. */
    static void fromObject(Object value, MultiMap headers) {
        if (!(value instanceof Map<?, ?> map)) {
            return;
        }
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String key = String.valueOf(e.getKey()).toLowerCase(Locale.ROOT);
            Object v = e.getValue();
            if (v == null || v == Undefined.VALUE) {
                continue;
            }
            String problem = keyProblem(key);
            if (problem != null) {
                throw new NodeError("Error: invalid metadata '" + key + "': " + problem);
            }
            for (Object one : v instanceof List<?> list ? list : List.of(v)) {
                String text = text(key, one);
                if (!key.endsWith(BIN) && !printableAscii(text)) {
                    throw new NodeError("Error: invalid metadata '" + key + "': value must be printable ASCII");
                }
                headers.add(key, text);
            }
        }
    }

    /** The size HTTP/2 gives a header list (SETTINGS_MAX_HEADER_LIST_SIZE): name + value + 32 per entry. */
    static long headerListSize(MultiMap headers) {
        long size = 0;
        for (Map.Entry<String, String> e : headers) {
            size += e.getKey().length() + e.getValue().length() + 32;
        }
        return size;
    }

    private static String text(String key, Object v) {
        if (key.endsWith(BIN)) {
            byte[] bytes = v instanceof byte[] b ? b : JsValues.toJsString(v).getBytes(StandardCharsets.UTF_8);
            return Base64.getEncoder().withoutPadding().encodeToString(bytes);
        }
        return v instanceof String s ? s : v instanceof Map || v instanceof List ? Json.stringify(v)
                : JsValues.toJsString(v);
    }

    /** gRPC keys: lower-case letters, digits, '-', '_', '.'; not a protocol header. */
    private static String keyProblem(String key) {
        if (key.isEmpty()) {
            return "empty key";
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.')) {
                return "Invalid character '" + c + "' in key name '" + key + "'";
            }
        }
        return PROTOCOL.contains(key) ? "reserved for the gRPC protocol" : null;
    }

    private static boolean printableAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                return false;
            }
        }
        return true;
    }
}
