package io.redwire.msg;

import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/** Message identity and Node-RED's cloneMessage. A message is a mutable JSON-like tree rooted in a Map. */
public final class Messages {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Messages() {
    }

    /** 16 lowercase hex chars from 8 random bytes. */
    public static String newId() {
        long r = ThreadLocalRandom.current().nextLong();
        char[] c = new char[16];
        for (int i = 15; i >= 0; i--) {
            c[i] = HEX[(int) (r & 0xf)];
            r >>>= 4;
        }
        return new String(c);
    }

    public static Map<String, Object> create() {
        return new LinkedHashMap<>();
    }

    /** Deep copy of a message; req/res (shared references) stay shared. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> cloneMessage(Map<String, Object> msg) {
        return (Map<String, Object>) deepCopy(msg);
    }

    /** Deep copy of any message value. Unknown objects are kept by reference, like functions in lodash's cloneDeep. */
    public static Object deepCopy(Object v) {
        if (v instanceof SharedRef) {
            return v;
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> copy = m instanceof LinkedHashMap || !(m instanceof HashMap)
                    ? new LinkedHashMap<>(Math.max(4, m.size() * 2)) : new HashMap<>();
            for (var e : m.entrySet()) {
                copy.put(String.valueOf(e.getKey()), deepCopy(e.getValue()));
            }
            return copy;
        }
        if (v instanceof List<?> l) {
            List<Object> copy = new ArrayList<>(l.size());
            for (Object o : l) {
                copy.add(deepCopy(o));
            }
            return copy;
        }
        if (v instanceof byte[] b) {
            return b.clone();
        }
        if (v instanceof Date d) {
            return new Date(d.getTime());
        }
        return v;
    }
}
