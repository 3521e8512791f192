package io.redwire.nodes.tcp;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * tcp in's framing of one connection, as Node-RED 5.0.7 does it: {@code stream} sends each received chunk (text
 * split at {@code newline}, the delimiter kept when {@code trim} is set — Node-RED's inverted flag), {@code single}
 * sends everything once the peer ends. Payloads are Buffers, utf8 text or base64 text; each chunk is converted on
 * its own, as Node's {@code data.toString(encoding)} does. A partial line longer than {@code maxBuffered} bytes is
 * sent as it is rather than grown without bound.
 */
final class TcpFramer {
    private final boolean stream;
    private final String datatype;
    private final String newline;
    private final boolean keepDelimiter;
    private final int maxBuffered;
    private final StringBuilder text = new StringBuilder();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    TcpFramer(boolean stream, String datatype, String newline, boolean keepDelimiter, int maxBuffered) {
        this.stream = stream;
        this.datatype = datatype;
        this.newline = newline;
        this.keepDelimiter = keepDelimiter;
        this.maxBuffered = maxBuffered;
    }

    /** Unescapes the editor's \n, \r, \t in the delimiter field. */
    static String delimiter(String field) {
        return field.replace("\\n", "\n").replace("\\r", "\r").replace("\\t", "\t");
    }

    /** Payloads to send now for a received chunk. */
    List<Object> data(byte[] chunk) {
        Object data = convert(chunk);
        List<Object> out = new ArrayList<>();
        if (stream) {
            if (data instanceof String s && !newline.isEmpty()) {
                text.append(s);
                int from = 0;
                int at;
                while ((at = text.indexOf(newline, from)) >= 0) {
                    out.add(text.substring(from, at) + (keepDelimiter ? newline : ""));
                    from = at + newline.length();
                }
                text.delete(0, from);
                if (text.length() > maxBuffered) {
                    out.add(text.toString());
                    text.setLength(0);
                }
            } else {
                out.add(data);
            }
        } else if (data instanceof String s) {
            text.append(s);
        } else {
            bytes.writeBytes(chunk);
        }
        return out;
    }

    /** What is left when the peer ends the connection: single mode's whole payload, a stream's last line; or null. */
    Object end() {
        if (!stream || (!newline.isEmpty() && !datatype.equals("buffer"))) {
            if (datatype.equals("buffer") && bytes.size() > 0) {
                byte[] all = bytes.toByteArray();
                bytes.reset();
                return all;
            }
            if (text.length() > 0) {
                String all = text.toString();
                text.setLength(0);
                return all;
            }
        }
        return null;
    }

    /** Bytes held for single mode (checked against the connection's limit). */
    int buffered() {
        return bytes.size() + text.length();
    }

    private Object convert(byte[] chunk) {
        return switch (datatype) {
            case "utf8" -> new String(chunk, StandardCharsets.UTF_8);
            case "base64" -> Base64.getEncoder().encodeToString(chunk);
            default -> chunk;
        };
    }
}
