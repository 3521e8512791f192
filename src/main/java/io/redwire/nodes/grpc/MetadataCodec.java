package io.redwire.nodes.grpc;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Json;
import io.redwire.msg.NodeError;

import io.grpc.Metadata;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * gRPC metadata ⇄ msg.metadata: one entry per key with its first value, text as strings and "-bin" keys as
 * Buffers. Going out, strings are sent as they are (node-red-contrib-grpc JSON-quoted them), other values as JSON,
 * arrays as repeated values.
 */
final class MetadataCodec {
    /** HTTP/2 framing headers, not metadata anyone set. */
    private static final java.util.Set<String> TRANSPORT = java.util.Set.of("content-type", "te");

    private MetadataCodec() {
    }

    static Map<String, Object> toObject(Metadata md) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String key : md.keys()) {
            if (TRANSPORT.contains(key)) {
                continue;
            }
            if (key.endsWith(Metadata.BINARY_HEADER_SUFFIX)) {
                byte[] v = md.get(Metadata.Key.of(key, Metadata.BINARY_BYTE_MARSHALLER));
                if (v != null) {
                    out.put(key, v);
                }
            } else {
                String v = md.get(Metadata.Key.of(key, Metadata.ASCII_STRING_MARSHALLER));
                if (v != null) {
                    out.put(key, v);
                }
            }
        }
        return out;
    }

    /** msg.metadata as request headers; throws a NodeError naming a key gRPC cannot carry. */
    static Metadata fromObject(Object value) {
        Metadata md = new Metadata();
        if (!(value instanceof Map<?, ?> map)) {
            return md;
        }
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String key = String.valueOf(e.getKey()).toLowerCase(Locale.ROOT);
            Object v = e.getValue();
            if (v == null || v == Undefined.VALUE) {
                continue;
            }
            try {
                for (Object one : v instanceof List<?> list ? list : List.of(v)) {
                    put(md, key, one);
                }
            } catch (IllegalArgumentException bad) {
                throw new NodeError("Error: invalid metadata '" + key + "': " + bad.getMessage());
            }
        }
        return md;
    }

    private static void put(Metadata md, String key, Object v) {
        if (key.endsWith(Metadata.BINARY_HEADER_SUFFIX)) {
            byte[] bytes = v instanceof byte[] b ? b
                    : JsValues.toJsString(v).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            md.put(Metadata.Key.of(key, Metadata.BINARY_BYTE_MARSHALLER), bytes);
        } else {
            String text = v instanceof String s ? s : v instanceof Map || v instanceof List ? Json.stringify(v)
                    : JsValues.toJsString(v);
            md.put(Metadata.Key.of(key, Metadata.ASCII_STRING_MARSHALLER), text);
        }
    }
}
