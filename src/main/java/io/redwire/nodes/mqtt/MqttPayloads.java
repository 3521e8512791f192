package io.redwire.nodes.mqtt;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Json;
import io.redwire.msg.NodeError;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Payload conversions of Node-RED 5.0.7's mqtt nodes. Received: {@code auto-detect} (UTF-8 text, parsed when it is
 * JSON, else a Buffer), {@code auto} (UTF-8 text or Buffer), {@code utf8}, {@code buffer}, {@code base64},
 * {@code json} (an error when not JSON). Published: Buffers as they are, objects as JSON, anything else as text.
 */
final class MqttPayloads {
    static final String INVALID_JSON_PARSE = "Failed to parse JSON string";
    static final String INVALID_JSON_STRING = "Invalid JSON string";

    private MqttPayloads() {
    }

    /** Node-RED's table of MQTT 5 content types whose payload form it knows. */
    private static final java.util.Map<String, String> KNOWN_MEDIA_TYPES = java.util.Map.ofEntries(
            java.util.Map.entry("text/css", "string"), java.util.Map.entry("text/html", "string"),
            java.util.Map.entry("text/plain", "string"), java.util.Map.entry("application/json", "json"),
            java.util.Map.entry("application/octet-stream", "buffer"), java.util.Map.entry("application/pdf", "buffer"),
            java.util.Map.entry("application/x-gtar", "buffer"), java.util.Map.entry("application/x-gzip", "buffer"),
            java.util.Map.entry("application/x-tar", "buffer"), java.util.Map.entry("application/xml", "string"),
            java.util.Map.entry("application/zip", "buffer"), java.util.Map.entry("audio/aac", "buffer"),
            java.util.Map.entry("audio/ac3", "buffer"), java.util.Map.entry("audio/basic", "buffer"),
            java.util.Map.entry("audio/mp4", "buffer"), java.util.Map.entry("audio/ogg", "buffer"),
            java.util.Map.entry("image/bmp", "buffer"), java.util.Map.entry("image/gif", "buffer"),
            java.util.Map.entry("image/jpeg", "buffer"), java.util.Map.entry("image/tiff", "buffer"),
            java.util.Map.entry("image/png", "buffer"));

    /**
     * The msg.payload of an MQTT 5 message: with {@code auto} / {@code auto-detect}, a known content type decides
     * (text, Buffer, or JSON — parsed for auto-detect, an error when it does not parse); otherwise as
     * {@link #decode(String, byte[])}.
     */
    static Object decode(String datatype, byte[] bytes, MqttProperties v5) {
        boolean auto = datatype.equals("auto") || datatype.equals("auto-detect");
        if (v5 != null && auto && v5.contentType() != null) {
            switch (KNOWN_MEDIA_TYPES.getOrDefault(v5.contentType().toLowerCase(), "")) {
                case "string":
                    return new String(bytes, StandardCharsets.UTF_8);
                case "buffer":
                    return bytes;
                case "json": {
                    String text = new String(bytes, StandardCharsets.UTF_8);
                    try {
                        Object parsed = Json.parse(text);
                        return datatype.equals("auto-detect") ? parsed : text;
                    } catch (Exception e) {
                        throw new NodeError(INVALID_JSON_PARSE);
                    }
                }
                default:
                    break;
            }
        }
        return decode(datatype, bytes);
    }

    /** The msg.payload for received bytes; a NodeError with Node-RED's text when {@code json} does not parse. */
    static Object decode(String datatype, byte[] bytes) {
        switch (datatype) {
            case "buffer":
                return bytes;
            case "base64":
                return Base64.getEncoder().encodeToString(bytes);
            case "utf8":
                return new String(bytes, StandardCharsets.UTF_8);
            case "json": {
                String text = utf8(bytes);
                if (text == null) {
                    throw new NodeError(INVALID_JSON_STRING);
                }
                try {
                    return Json.parse(text);
                } catch (Exception e) {
                    throw new NodeError(INVALID_JSON_PARSE);
                }
            }
            default: {
                String text = utf8(bytes);
                if (text == null) {
                    return bytes;
                }
                return "auto-detect".equals(datatype) && mayBeJson(text) ? parseOrKeep(text) : text;
            }
        }
    }

    /** Bytes to publish for a msg.payload (null and undefined publish an empty payload). */
    static byte[] encode(Object payload) {
        if (payload instanceof byte[] b) {
            return b;
        }
        if (payload == null || payload == io.redwire.js.Undefined.VALUE) {
            return new byte[0];
        }
        if (payload instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        if (payload instanceof java.util.Map || payload instanceof java.util.List) {
            return Json.bytes(payload);
        }
        return JsValues.toJsString(payload).getBytes(StandardCharsets.UTF_8);
    }

    /** The text when the bytes are valid UTF-8, else null. */
    static String utf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** Cheap pre-check so plain text is not handed to the JSON parser just to fail. */
    private static boolean mayBeJson(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isWhitespace(c)) {
                return c == '{' || c == '[' || c == '"' || c == '-' || (c >= '0' && c <= '9') || c == 't'
                        || c == 'f' || c == 'n';
            }
        }
        return false;
    }

    private static Object parseOrKeep(String text) {
        try {
            return Json.parse(text);
        } catch (Exception e) {
            return text;
        }
    }
}
