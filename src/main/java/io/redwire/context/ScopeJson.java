package io.redwire.context;

import io.redwire.msg.CircularMarkers;
import io.redwire.msg.Json;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A context scope's file content, as Node-RED's localfilesystem store writes it: the scope's keys as JSON indented
 * by four spaces. A value that refers to itself is written without the references that close its circles (Node-RED
 * hands json-stringify-safe a decycler that drops them) and is worth Node-RED's warning, naming the scope and, here,
 * the keys; a value JSON cannot hold at all (nested past {@link Json#MAX_NESTING}) is left out of the file, the
 * other keys still written (Node-RED's whole flush fails instead). Each key is looked at alone only once the scope
 * as a whole has failed.
 */
final class ScopeJson {
    /** @param problem what could not be written as it is, for the log; null when everything was */
    record Content(byte[] bytes, String problem) {
    }

    private ScopeJson() {
    }

    static Content of(String scopeId, Map<String, Object> values) {
        try {
            // compact first: it meets a circle's nesting limit in a millisecond, where indenting it 4000 levels deep
            // takes the flow loop hundreds
            Json.stringify(values);
            return new Content(bytes(values), null);
        } catch (RuntimeException wholeScopeFailed) {
            return keyByKey(scopeId, values);
        }
    }

    private static Content keyByKey(String scopeId, Map<String, Object> values) {
        Map<String, Object> kept = new LinkedHashMap<>();
        List<String> circular = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (Map.Entry<String, Object> e : values.entrySet()) {
            String key = e.getKey();
            try {
                kept.put(key, writable(key, e.getValue()));
            } catch (Json.CircularStructure circle) {
                try {
                    kept.put(key, writable(key, CircularMarkers.withoutCircles(e.getValue())));
                    circular.add(quoted(key));
                } catch (RuntimeException still) {
                    refused.add(quoted(key) + " (" + firstLine(still) + ")");
                }
            } catch (RuntimeException e2) {
                refused.add(quoted(key) + " (" + firstLine(e2) + ")");
            }
        }
        List<String> problems = new ArrayList<>(2);
        if (!circular.isEmpty()) {
            problems.add("Context " + scopeId + " contains a circular reference that cannot be persisted (key "
                    + String.join(", ", circular) + ")");
        }
        if (!refused.isEmpty()) {
            problems.add("Context " + scopeId + " cannot persist key " + String.join(", ", refused)
                    + "; its other keys are written");
        }
        return new Content(bytes(kept), problems.isEmpty() ? null : String.join("; ", problems));
    }

    /** The value when JSON can hold it at its place in the scope (one level below the scope's object). */
    private static Object writable(String key, Object value) {
        Json.stringify(Collections.singletonMap(key, value));
        return value;
    }

    private static byte[] bytes(Map<String, Object> values) {
        return Json.pretty(values).getBytes(StandardCharsets.UTF_8);
    }

    private static String quoted(String key) {
        return "'" + key + "'";
    }

    private static String firstLine(RuntimeException e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
