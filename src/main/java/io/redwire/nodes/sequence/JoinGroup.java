package io.redwire.nodes.sequence;

import io.redwire.api.Done;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;
import io.redwire.msg.PropertyPath;
import io.redwire.msg.TypedValue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One sequence being collected by a join node (auto or manual mode): the values gathered so far, the message the
 * result goes out on (the first message with every later message's top-level properties copied over it), and the
 * done callbacks of the messages it holds.
 */
final class JoinGroup {
    /** Sparse arrays larger than this would exhaust memory when a bad msg.parts.index arrives. */
    private static final int MAX_INDEX = 1 << 24;

    /** "object" (key/value and merged), "array", "string", "buffer", or whatever msg.parts.type said. */
    final String type;
    final Object joinChar;
    final Object arrayLen;
    /** Where the result is written: msg.parts.property in auto mode, the node's property in manual mode. */
    final String prop;
    final List<Done> dones = new ArrayList<>();
    double targetCount;
    Map<String, Object> msg;
    long timer = -1;

    private final Map<String, Object> object = new LinkedHashMap<>();
    /** Array payload; Undefined.VALUE marks a hole (an index not received yet). */
    private List<Object> array = new ArrayList<>();
    /** Set once a buffer group has been joined; Node-RED's payload is then a Buffer and can take no more. */
    private byte[] joinedBuffer;
    private int currentCount;
    private int bufferLen;

    JoinGroup(String type, double targetCount, Object joinChar, Object arrayLen, String prop,
              Map<String, Object> firstMsg) {
        this.type = type;
        this.targetCount = targetCount;
        this.joinChar = joinChar;
        this.arrayLen = arrayLen;
        this.prop = prop;
        this.msg = Messages.cloneMessage(firstMsg);
    }

    boolean isObject() {
        return "object".equals(type);
    }

    int currentCount() {
        return currentCount;
    }

    /** Buffers only: checks the piece and counts its length. */
    void addBufferLength(Object value) {
        if (value instanceof byte[] b) {
            bufferLen += b.length;
        } else if (value instanceof String s) {
            bufferLen += s.length();
        } else if (value instanceof List<?> l) {
            bufferLen += l.size();
        } else {
            throw new NodeError("Cannot join " + JsValues.typeOf(value) + " to buffer");
        }
    }

    void putKey(String key, Object value) {
        object.put(key, value);
        currentCount = object.size();
    }

    /** Merged objects: copies the value's own properties (not _msgid); false when it is not an object. */
    boolean merge(Object value) {
        if (!(value instanceof Map<?, ?> m)) {
            return value == null; // typeof null is "object": nothing to copy, but no warning either
        }
        m.forEach((k, v) -> {
            if (!"_msgid".equals(k)) {
                object.put(String.valueOf(k), v);
            }
        });
        currentCount = object.size();
        return true;
    }

    /** Stores a value at msg.parts.index; a slot that was empty counts as a new part. */
    void putIndex(double index, Object value) {
        checkArray();
        if (index != Math.rint(index) || index < 0) {
            currentCount++; // JavaScript would set a non-element property, invisible in the result
            return;
        }
        if (index >= MAX_INDEX) {
            throw new NodeError("RangeError: msg.parts.index " + JsValues.numberToString(index) + " is too large");
        }
        int i = (int) index;
        while (array.size() <= i) {
            array.add(Undefined.VALUE);
        }
        Object old = array.get(i);
        if (old == Undefined.VALUE || old == null) {
            currentCount++;
        }
        array.set(i, value);
    }

    void push(Object value) {
        checkArray();
        array.add(value);
        currentCount++;
    }

    private void checkArray() {
        if (joinedBuffer != null) {
            throw new NodeError("TypeError: group.payload.push is not a function");
        }
    }

    /** Builds the result, writes it into the outgoing message and returns that message (not yet cloned). */
    Map<String, Object> complete(boolean cloneMsg) {
        Object payload;
        if ("string".equals(type)) {
            payload = joinText();
        } else if ("buffer".equals(type)) {
            joinedBuffer = joinBuffer();
            payload = joinedBuffer;
        } else if (isObject()) {
            Map<String, Object> out = new LinkedHashMap<>();
            object.forEach((k, v) -> {
                if (v != Undefined.VALUE) {
                    out.put(k, v);
                }
            });
            payload = out;
        } else {
            if ("array".equals(type) && JsValues.toNumber(arrayLen) > 1) {
                array = flatten(array);
            }
            payload = withoutHoles(array);
        }
        if (cloneMsg) {
            msg = Messages.cloneMessage(msg);
        }
        PropertyPath.ofMsg(prop == null ? "payload" : prop).set(msg, payload, true, msg);
        MessageParts.pop(msg);
        msg.remove("complete");
        return msg;
    }

    /** Array.prototype.concat over the chunks: arrays are spliced in, other values appended, holes skipped. */
    private static List<Object> flatten(List<Object> chunks) {
        List<Object> out = new ArrayList<>();
        for (Object chunk : chunks) {
            if (chunk instanceof List<?> l) {
                out.addAll(l);
            } else if (chunk != Undefined.VALUE) {
                out.add(chunk);
            }
        }
        return out;
    }

    private static List<Object> withoutHoles(List<Object> values) {
        List<Object> out = new ArrayList<>(values.size());
        for (Object v : values) {
            out.add(v == Undefined.VALUE ? null : v);
        }
        return out;
    }

    /** Array.prototype.join: null and missing elements are empty. */
    private String joinText() {
        if (joinChar == null || joinChar == Undefined.VALUE) {
            throw new NodeError("TypeError: Cannot read properties of undefined (reading 'toString')");
        }
        String sep = JsValues.toJsString(joinChar);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < array.size(); i++) {
            if (i > 0) {
                sb.append(sep);
            }
            Object v = array.get(i);
            if (v != null && v != Undefined.VALUE) {
                sb.append(JsValues.toJsString(v));
            }
        }
        return sb.toString();
    }

    /** Buffer.concat of the pieces, with Buffer.from(joinChar) between them when a joiner is known. */
    private byte[] joinBuffer() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (joinChar != null && joinChar != Undefined.VALUE) {
            byte[] sep = toBuffer(joinChar);
            for (int i = 0; i < array.size(); i++) {
                if (i > 0) {
                    out.writeBytes(sep);
                }
                out.writeBytes(toBuffer(array.get(i)));
            }
            return out.toByteArray();
        }
        for (Object piece : array) {
            if (!(piece instanceof byte[] b)) {
                throw new NodeError("TypeError: The \"list\" argument must be an instance of Buffer or Uint8Array.");
            }
            out.writeBytes(b);
        }
        byte[] all = out.toByteArray();
        byte[] sized = new byte[bufferLen]; // Buffer.concat(list, totalLength) truncates or zero-fills
        System.arraycopy(all, 0, sized, 0, Math.min(all.length, bufferLen));
        return sized;
    }

    private static byte[] toBuffer(Object v) {
        if (v instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        if (v instanceof byte[] || v instanceof List) {
            return TypedValue.toBuffer(v);
        }
        throw new NodeError("TypeError: The first argument must be of type string or an instance of Buffer, "
                + "ArrayBuffer, or Array or an Array-like Object. Received " + JsValues.typeOf(v));
    }
}
