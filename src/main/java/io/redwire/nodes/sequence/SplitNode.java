package io.redwire.nodes.sequence;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.js.JsRules;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Json;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;
import io.redwire.msg.PropertyPath;

import io.vertx.core.Future;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * split: one message per array element (or chunk), per object key, per separated/fixed-length piece of a string or
 * Buffer, each carrying msg.parts so a join can rebuild the original. "stream" mode carries the unfinished tail of
 * a string/Buffer over to the next message.
 */
public final class SplitNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field SPLT = Field.typed("splt", "spltType", "str", List.of("str", "bin", "len"))
            .label("string / buffer: split using");
    static final Field ARRAY_SPLT = Field.num("arraySplt", 1).label("array: split into chunks of");
    static final Field ARRAY_SPLT_TYPE = Field.select("arraySpltType", "len", "len");
    static final Field STREAM = Field.bool("stream", false).label("handle as a stream of messages");
    static final Field ADDNAME = Field.str("addname", "").label("object: copy the key to msg. (blank: not)");
    static final Field PROPERTY = Field.str("property", "payload");



    public static final NodeType TYPE = NodeType.builder("split", "sequence").icon("split")
            .help("Splits a string, array, object or buffer into a sequence of messages (with `msg.parts`).")
            .color("#E2D96E").ports(1, 1)
            .fields(NAME, SPLT, ARRAY_SPLT, ARRAY_SPLT_TYPE, STREAM, ADDNAME, PROPERTY)
            .factory(SplitNode::new);

    private final String propertyName;
    private final PropertyPath property;
    private final boolean stream;
    private final PropertyPath addName;
    private final String spltType;
    /** String separator ("str"), its bytes ("str"/"bin"), or the piece length ("len"). */
    private final String separator;
    private final byte[] separatorBytes;
    private final List<Object> separatorArray;
    private final int length;
    private final int arrayChunk;

    // stream state, shared by strings and Buffers as in Node-RED
    private int counter;
    private String remainder = "";
    private byte[] buffer = new byte[0];
    private final List<Done> pendingDones = new ArrayList<>();

    SplitNode(NodeConfig c) {
        super(c);
        this.propertyName = c.str(PROPERTY).isEmpty() ? "payload" : c.str(PROPERTY);
        this.property = PropertyPath.ofMsg(propertyName);
        this.stream = c.bool(STREAM);
        String add = c.str(ADDNAME);
        this.addName = add.isEmpty() ? null : PropertyPath.ofMsg(add);
        this.spltType = c.typeOf(SPLT);
        String splt = c.str(SPLT);
        String sep = null;
        byte[] sepBytes = null;
        List<Object> sepArray = null;
        int len = 0;
        switch (spltType) {
            case "str" -> {
                sep = MessageParts.unescapeSeparator(splt.isEmpty() ? "\\n" : splt);
                sepBytes = sep.getBytes(StandardCharsets.UTF_8);
            }
            case "bin" -> {
                sepArray = binSeparator(c, splt);
                sepBytes = toBytes(sepArray);
                sep = new String(sepBytes, StandardCharsets.UTF_8);
            }
            case "len" -> {
                double n = JsRules.parseInt(splt);
                if (Double.isNaN(n) || n < 1) {
                    throw c.error(SPLT, "Invalid split property: Error: invalid split length: " + splt);
                }
                len = (int) n;
            }
            default -> throw c.error(SPLT, "unknown split type '" + spltType + "'");
        }
        this.separator = sep;
        this.separatorBytes = sepBytes;
        this.separatorArray = sepArray;
        this.length = len;
        Object rawChunk = c.get(ARRAY_SPLT);
        double chunk = rawChunk == null ? 1 : JsRules.parseInt(rawChunk);
        if (Double.isNaN(chunk) || chunk < 1) {
            throw c.error(ARRAY_SPLT, "Invalid split property: Error: invalid array split length: " + rawChunk);
        }
        this.arrayChunk = (int) chunk;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> binSeparator(NodeConfig c, String splt) {
        Object parsed;
        try {
            parsed = Json.parse(splt);
        } catch (Exception e) {
            throw c.error(SPLT, "Invalid split property: " + e.getMessage());
        }
        if (!(parsed instanceof List<?> l)) {
            throw c.error(SPLT, "Invalid split property: Error: not an array");
        }
        return (List<Object>) l;
    }

    private static byte[] toBytes(List<Object> values) {
        byte[] out = new byte[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) (int) io.redwire.js.JsValues.toNumber(values.get(i));
        }
        return out;
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Object value = property.get(msg, msg);
        if (value == null && !property.exists(msg, msg)) {
            return; // Node-RED ignores the message without completing it
        }
        Map<String, Object> parts = MessageParts.push(msg);
        if (!propertyName.equals("payload")) {
            parts.put("property", propertyName);
        }
        msg.remove("_msgid"); // every piece gets its own id
        if (value instanceof String s) {
            splitString(msg, parts, remainder + s, done);
        } else if (value instanceof List<?> list) {
            splitArray(msg, parts, list);
            done.done();
        } else if (value instanceof byte[] bytes) {
            splitBuffer(msg, parts, concat(buffer, bytes), done);
        } else if (value == null) {
            throw new NodeError("TypeError: Cannot convert undefined or null to object");
        } else if (value instanceof Map<?, ?> object) {
            splitObject(msg, parts, object);
            done.done();
        } else {
            done.done(); // numbers, booleans, dates: nothing to split
        }
    }

    private void emit(Map<String, Object> msg, Object piece) {
        property.set(msg, piece, true, msg);
        send(Messages.cloneMessage(msg));
    }

    private void splitString(Map<String, Object> msg, Map<String, Object> parts, String value, Done done) {
        parts.put("type", "string");
        if (!spltType.equals("len")) {
            parts.put("ch", spltType.equals("bin") ? separatorArray : separator);
            sendPieces(msg, parts, splitText(value, separator));
            done.done();
            return;
        }
        parts.put("ch", "");
        parts.put("len", length);
        int count = (value.length() + length - 1) / length;
        if (!stream) {
            parts.put("count", count);
            counter = 0;
        }
        int pos = 0;
        for (int i = 0; i < count - 1; i++) {
            parts.put("index", counter++);
            emit(msg, value.substring(pos, pos + length));
            pos += length;
        }
        if (count > 1) {
            releasePendingDones();
        }
        remainder = value.substring(pos);
        if (!stream || remainder.length() == length) {
            parts.put("index", counter++);
            emit(msg, remainder);
            releasePendingDones();
            done.done();
            remainder = "";
        } else {
            pendingDones.add(done);
        }
    }

    /** Sends the pieces of a separated string; in stream mode the last piece waits for the next message. */
    private void sendPieces(Map<String, Object> msg, Map<String, Object> parts, List<String> pieces) {
        int last = Math.max(0, pieces.size() - 1);
        for (int i = 0; i < pieces.size() - 1; i++) {
            parts.put("index", counter++);
            if (!stream) {
                parts.put("count", pieces.size());
            }
            emit(msg, pieces.get(i));
        }
        if (stream) {
            remainder = pieces.isEmpty() ? "" : pieces.get(last);
            return;
        }
        parts.put("index", counter++);
        parts.put("count", pieces.size());
        emit(msg, pieces.isEmpty() ? Undefined.VALUE : pieces.get(last));
        counter = 0;
    }

    private void splitArray(Map<String, Object> msg, Map<String, Object> parts, List<?> list) {
        parts.put("type", "array");
        int count = (list.size() + arrayChunk - 1) / arrayChunk;
        parts.put("count", count);
        parts.put("len", arrayChunk);
        Map<String, Object> template = Messages.cloneMessage(msg);
        Map<String, Object> templateParts = MessageParts.of(template);
        for (int i = 0; i < count; i++) {
            int from = i * arrayChunk;
            List<?> chunk = list.subList(from, Math.min(list.size(), from + arrayChunk));
            Object piece = arrayChunk == 1 ? chunk.get(0) : new ArrayList<>(chunk);
            templateParts.put("index", i);
            emit(template, piece);
        }
    }

    private void splitObject(Map<String, Object> msg, Map<String, Object> parts, Map<?, ?> object) {
        parts.put("type", "object");
        int index = 0;
        int count = object.size();
        for (var e : List.copyOf(object.entrySet())) {
            String key = String.valueOf(e.getKey());
            property.set(msg, e.getValue(), true, msg);
            if (addName != null) {
                addName.set(msg, key, true, msg);
            }
            parts.put("key", key);
            parts.put("index", index++);
            parts.put("count", count);
            send(Messages.cloneMessage(msg));
        }
    }

    private void splitBuffer(Map<String, Object> msg, Map<String, Object> parts, byte[] buff, Done done) {
        parts.put("type", "buffer");
        if (spltType.equals("len")) {
            splitBufferByLength(msg, parts, buff, done);
        } else {
            splitBufferBySeparator(msg, parts, buff, done);
        }
    }

    private void splitBufferByLength(Map<String, Object> msg, Map<String, Object> parts, byte[] buff, Done done) {
        int count = (buff.length + length - 1) / length;
        if (!stream) {
            parts.put("count", count);
            counter = 0;
        }
        parts.put("len", length);
        int pos = 0;
        for (int i = 0; i < count - 1; i++) {
            parts.put("index", counter++);
            emit(msg, Arrays.copyOfRange(buff, pos, pos + length));
            pos += length;
        }
        if (count > 1) {
            releasePendingDones();
        }
        buffer = Arrays.copyOfRange(buff, pos, buff.length);
        if (!stream || buffer.length == length) {
            parts.put("index", counter++);
            emit(msg, buffer);
            releasePendingDones();
            done.done();
            buffer = new byte[0];
        } else {
            pendingDones.add(done);
        }
    }

    private void splitBufferBySeparator(Map<String, Object> msg, Map<String, Object> parts, byte[] buff, Done done) {
        if (separatorBytes.length == 0) {
            throw new NodeError("Error: cannot split a Buffer on an empty separator");
        }
        parts.put("ch", spltType.equals("bin") ? separatorArray : separator);
        int count = 1;
        for (int pos = indexOf(buff, separatorBytes, 0); pos > -1;
             pos = indexOf(buff, separatorBytes, pos + separatorBytes.length)) {
            count++;
        }
        if (!stream) {
            parts.put("count", count);
            counter = 0;
        }
        int p = 0;
        for (int pos = indexOf(buff, separatorBytes, 0); pos > -1; pos = indexOf(buff, separatorBytes, p)) {
            parts.put("index", counter++);
            emit(msg, Arrays.copyOfRange(buff, p, pos));
            p = pos + separatorBytes.length;
        }
        if (count > 1) {
            releasePendingDones();
        }
        if (!stream && p < buff.length) {
            parts.put("index", counter++);
            parts.put("count", counter++); // Node-RED's count for the trailing piece is the number of pieces sent
            emit(msg, Arrays.copyOfRange(buff, p, buff.length));
            releasePendingDones();
        } else {
            // a trailing separator ends the sequence without an empty last piece (count still includes it)
            buffer = Arrays.copyOfRange(buff, p, buff.length);
            if (buffer.length > 0) {
                pendingDones.add(done);
            }
        }
        if (buffer.length == 0) {
            done.done();
        }
    }

    private void releasePendingDones() {
        List<Done> dones = List.copyOf(pendingDones);
        pendingDones.clear();
        dones.forEach(Done::done);
    }

    /** JavaScript's String.prototype.split with a string separator (keeps empty pieces; "" splits characters). */
    static List<String> splitText(String value, String sep) {
        List<String> out = new ArrayList<>();
        if (sep.isEmpty()) {
            for (int i = 0; i < value.length(); i++) {
                out.add(String.valueOf(value.charAt(i)));
            }
            return out;
        }
        int from = 0;
        for (int at = value.indexOf(sep); at >= 0; at = value.indexOf(sep, from)) {
            out.add(value.substring(from, at));
            from = at + sep.length();
        }
        out.add(value.substring(from));
        return out;
    }

    private static int indexOf(byte[] hay, byte[] needle, int from) {
        outer:
        for (int i = from; i <= hay.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Override
    public Future<Void> close() {
        releasePendingDones();
        remainder = "";
        buffer = new byte[0];
        return Future.succeededFuture();
    }
}
