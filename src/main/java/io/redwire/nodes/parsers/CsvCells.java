package io.redwire.nodes.parsers;

import io.redwire.msg.Json;
import io.redwire.js.JsValues;
import io.redwire.msg.Messages;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Value helpers both csv modes share: Node-RED's RED.util.ensureString and msg.parts reading. */
final class CsvCells {
    private CsvCells() {
    }

    /** RED.util.ensureString: strings as they are, Buffers decoded, objects (and null) as JSON, the rest String(). */
    static String ensureString(Object v) {
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof byte[] b) {
            return new String(b, StandardCharsets.UTF_8);
        }
        if (v == null || v instanceof Map || v instanceof List) {
            return Json.stringify(v);
        }
        return JsValues.toJsString(v);
    }

    /** A row's value for a column (undefined when the row is not an object or lacks the key). */
    static Object cell(Object row, String key) {
        return row instanceof Map<?, ?> m ? m.get(key) : null;
    }

    static boolean hasCell(Object row, String key) {
        return row instanceof Map<?, ?> m && m.containsKey(key);
    }

    static Map<?, ?> parts(Map<String, Object> msg) {
        return msg.get("parts") instanceof Map<?, ?> p ? p : null;
    }

    static int partsInt(Map<?, ?> parts, String key) {
        return parts.get(key) instanceof Number n ? n.intValue() : 0;
    }

    static List<String> keysOf(Object row) {
        List<String> keys = new ArrayList<>();
        if (row instanceof Map<?, ?> m) {
            m.keySet().forEach(k -> keys.add(String.valueOf(k)));
        }
        return keys;
    }

    /**
     * "One message per row": each row in a copy of msg with msg.columns; rows of an unsplit text get
     * msg.parts {id, index, count}, rows that came from a split keep their parts, shifted past skipped lines.
     */
    @SuppressWarnings("unchecked")
    static void sendRows(CsvNode node, CsvNode.Settings s, Map<String, Object> msg, List<Map<String, Object>> rows,
                         String columns, boolean hasParts, boolean last) {
        int len = rows.size();
        for (int i = 0; i < len; i++) {
            Map<String, Object> m = Messages.cloneMessage(msg);
            m.put("columns", columns);
            m.put("payload", rows.get(i));
            if (!hasParts) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("id", msg.get("_msgid"));
                p.put("index", i);
                p.put("count", len);
                m.put("parts", p);
            } else if (m.get("parts") instanceof Map<?, ?> p) {
                Map<String, Object> pm = (Map<String, Object>) p;
                int shift = s.skip() + (s.hdrin() ? 1 : 0);
                pm.put("index", partsInt(pm, "index") - shift);
                pm.put("count", partsInt(pm, "count") - shift);
            }
            if (last) {
                m.put("complete", true);
            }
            node.send(m);
        }
        if (hasParts && last && len == 0) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("complete", true);
            node.send(m);
        }
    }

    /**
     * Where one input of a split CSV text sits, from its msg.parts as Node-RED's csv node reads them: the lines
     * before it, whether it is past the header / skipped lines, whether it is the last part.
     */
    record SplitPosition(Map<?, ?> parts, boolean hasParts, int linecount, boolean first, boolean last) {
        static SplitPosition of(Map<String, Object> msg, int skip) {
            Map<?, ?> parts = CsvCells.parts(msg);
            if (parts == null) {
                return new SplitPosition(null, msg.containsKey("parts"), 0, true, false);
            }
            int index = partsInt(parts, "index");
            boolean last = parts.containsKey("count") && index + 1 >= partsInt(parts, "count");
            return new SplitPosition(parts, true, index, index <= skip, last);
        }

        boolean isFinalPart() {
            return parts != null && partsInt(parts, "index") + 1 == partsInt(parts, "count");
        }
    }
}
