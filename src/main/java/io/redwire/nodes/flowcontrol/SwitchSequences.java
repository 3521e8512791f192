package io.redwire.nodes.flowcontrol;

import io.redwire.msg.Messages;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The switch node's message-sequence handling: buffering whole msg.parts sequences (needed to know parts.count for
 * `tail` and for repair) and, with repair, re-numbering the parts of what each output receives.
 */
final class SwitchSequences {
    static final String TOO_MANY = "too many pending messages in switch node";

    /** Receives a complete group's messages, in arrival order, with parts.count filled in. */
    interface Drain {
        void process(Map<String, Object> msg);
    }

    private static final class Group {
        Object count;
        final List<Map<String, Object>> msgs = new ArrayList<>();
    }

    private final int maxKept;
    private Map<Object, Group> pendingIn = new HashMap<>();
    private Map<Object, List<List<Object>>> pendingOut = new HashMap<>();
    private Map<Object, Integer> received = new HashMap<>();
    private int pendingCount;

    SwitchSequences(int maxKept) {
        this.maxKept = maxKept;
    }

    /** msg.parts with an id and an index, or null. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> parts(Map<String, Object> msg) {
        return msg.get("parts") instanceof Map<?, ?> p && p.containsKey("id") && p.containsKey("index")
                ? (Map<String, Object>) p : null;
    }

    /**
     * Buffers one part; once the group holds parts.count messages they are handed to {@code drain} in order.
     * Returns an error text when the buffer limit was exceeded (the buffers are then cleared).
     */
    String add(Map<String, Object> msg, Map<String, Object> parts, Drain drain) {
        Object id = parts.get("id");
        Group group = pendingIn.computeIfAbsent(id, k -> new Group());
        group.msgs.add(msg);
        pendingCount++;
        String error = null;
        if (maxKept > 0 && pendingCount > maxKept) {
            clear();
            error = TOO_MANY;
        }
        if (parts.containsKey("count")) {
            group.count = parts.get("count");
        }
        int size = group.msgs.size();
        if (group.count instanceof Number n && n.doubleValue() == size) {
            for (Map<String, Object> m : group.msgs) {
                @SuppressWarnings("unchecked")
                Map<String, Object> p = (Map<String, Object>) m.get("parts");
                p.put("count", group.count);
                drain.process(m);
            }
            pendingCount -= size;
            pendingIn.remove(id);
        }
        return error;
    }

    /**
     * Repair mode: keeps each part's per-output result until the whole sequence has been seen, then sends every
     * output's share as a new sequence (own id, index from 0, count = how many that output got).
     * Returns an error text when the buffer limit was exceeded.
     */
    String route(List<Object> onward, Map<String, Object> parts, SwitchNode node) {
        Object id = parts.get("id");
        int seen = received.merge(id, 1, Integer::sum);
        boolean complete = parts.get("count") instanceof Number n && n.doubleValue() == seen;
        List<List<Object>> onwards = pendingOut.computeIfAbsent(id, k -> new ArrayList<>());
        onwards.add(onward);
        pendingCount++;
        if (complete) {
            sendGroup(onwards, onward.size(), node);
            pendingCount -= onward.size(); // sic: Node-RED subtracts the port count here
            pendingOut.remove(id);
            received.remove(id);
        }
        if (maxKept > 0 && pendingCount > maxKept) {
            clear();
            return TOO_MANY;
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private static void sendGroup(List<List<Object>> onwards, int ports, SwitchNode node) {
        int[] counts = new int[ports];
        for (List<Object> onward : onwards) {
            for (int j = 0; j < ports; j++) {
                // a shorter result list (checkall "false") reads as undefined, which Node-RED counts as sent
                counts[j] += j >= onward.size() || onward.get(j) != null ? 1 : 0;
            }
        }
        String[] ids = new String[ports];
        for (int j = 0; j < ports; j++) {
            ids[j] = Messages.newId();
        }
        int[] indexes = new int[ports];
        for (List<Object> onward : onwards) {
            List<Object> out = new ArrayList<>(ports);
            for (int j = 0; j < ports; j++) {
                Object m = j < onward.size() ? onward.get(j) : null;
                if (m instanceof Map<?, ?> msg) {
                    Map<String, Object> copy = Messages.cloneMessage((Map<String, Object>) msg);
                    Map<String, Object> parts = copy.get("parts") instanceof Map<?, ?> p
                            ? (Map<String, Object>) p : new LinkedHashMap<>();
                    parts.put("id", ids[j]);
                    parts.put("index", indexes[j]++);
                    parts.put("count", counts[j]);
                    out.add(copy);
                } else {
                    out.add(null);
                }
            }
            node.send(out);
        }
    }

    void clear() {
        pendingCount = 0;
        pendingIn = new HashMap<>();
        pendingOut = new HashMap<>();
        received = new HashMap<>();
    }
}
