package io.redwire.msg;

import io.redwire.js.Undefined;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A message as it crosses to another process (cluster links, the event bus): JSON, with Buffers in Node-RED's
 * {type:"Buffer",data:[…]} form and turned back into bytes on arrival. What JSON cannot carry stays behind —
 * msg.req / msg.res of an http in node and other live objects — as it does when Node-RED serialises a message.
 */
public final class PortableMessage {
    private PortableMessage() {
    }

    public static byte[] encode(Map<String, Object> msg) {
        return Json.bytes(portable(msg));
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> decode(byte[] json) throws IOException {
        Object parsed = Json.parse(json);
        if (!(parsed instanceof Map)) {
            throw new IOException("a message must be a JSON object");
        }
        return (Map<String, Object>) revive(parsed);
    }

    private static Object portable(Object v) {
        if (v instanceof ErrorValue e) {
            return portable(e.properties()); // JSON keeps an Error's own enumerable properties
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> {
                Object p = portable(x);
                if (p != Undefined.VALUE) {
                    out.put(String.valueOf(k), p);
                }
            });
            return out;
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            l.forEach(x -> {
                Object p = portable(x);
                out.add(p == Undefined.VALUE ? null : p);
            });
            return out;
        }
        if (v == null || v instanceof String || v instanceof Number || v instanceof Boolean || v instanceof byte[]
                || v instanceof Date) {
            return v;
        }
        return Undefined.VALUE;
    }

    private static Object revive(Object v) {
        if (v instanceof Map<?, ?> m) {
            if (m.size() == 2 && "Buffer".equals(m.get("type")) && m.get("data") instanceof List<?> data) {
                byte[] b = new byte[data.size()];
                for (int i = 0; i < b.length; i++) {
                    b[i] = (byte) ((Number) data.get(i)).intValue();
                }
                return b;
            }
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put(String.valueOf(k), revive(x)));
            return out;
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            l.forEach(x -> out.add(revive(x)));
            return out;
        }
        return v;
    }
}
