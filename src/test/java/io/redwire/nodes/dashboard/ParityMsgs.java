package io.redwire.nodes.dashboard;

import io.redwire.msg.Json;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** How the dashboard parity tests write a debug msg down so that both engines' msgs compare as text. */
final class ParityMsgs {
    private ParityMsgs() {
    }

    /** A msg's payload and topic (or what else ui-control sends), and its keys but the per-msg ids. */
    static String shape(Map<?, ?> m) {
        if (m == null) {
            return "no msg";
        }
        TreeSet<String> keys = new TreeSet<>(m.keySet().stream().map(String::valueOf).toList());
        keys.remove("_msgid");
        Map<String, Object> values = new TreeMap<>();
        for (String k : List.of("payload", "topic", "tab", "name", "file")) {
            if (m.containsKey(k)) {
                values.put(k, sorted(m.get(k)));
            }
        }
        return Json.stringify(values) + " keys " + keys;
    }

    /** A button msg's {@code _event}: its type and its keys (the positions differ between the two layouts). */
    static String pointer(Map<?, ?> m) {
        if (m == null || !(m.get("_event") instanceof Map<?, ?> e)) {
            return "none";
        }
        return e.get("type") + " " + new TreeSet<>(e.keySet().stream().map(String::valueOf).toList());
    }

    /** ui-control's next msg at debug node {@code node} but those whose payload is one of {@code skipped}. */
    static String control(DebugStream debug, String node, List<String> skipped) throws Exception {
        Map<?, ?> m;
        do {
            m = debug.next(node, 20);
        } while (m != null && skipped.contains(m.get("payload")));
        return shape(m);
    }

    /** A value with its maps' keys sorted, at every depth. */
    static Object sorted(Object v) {
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new TreeMap<>();
            m.forEach((k, x) -> out.put(String.valueOf(k), sorted(x)));
            return out;
        }
        if (v instanceof List<?> l) {
            return l.stream().map(ParityMsgs::sorted).toList();
        }
        return v;
    }
}
