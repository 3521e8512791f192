package io.redwire.nodes.dashboard;

import io.redwire.admin.CommsClient;
import io.redwire.msg.Json;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;

/**
 * The debug msgs of one engine's /comms stream sorted by the debug node that showed them, so a test can wait for
 * one node's next msg without losing the others' (ui-control and ui-event report page opens at any moment).
 */
final class DebugStream {
    private final CommsClient comms;
    private final Map<String, Queue<Map<?, ?>>> byNode = new HashMap<>();

    DebugStream(CommsClient comms) {
        this.comms = comms;
    }

    /** The next msg debug node {@code nodeId} showed (decoded), or null after {@code seconds}. */
    Map<?, ?> next(String nodeId, double seconds) throws Exception {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        Queue<Map<?, ?>> mine = byNode.computeIfAbsent(nodeId, k -> new ArrayDeque<>());
        while (mine.isEmpty()) {
            double left = (end - System.nanoTime()) / 1e9;
            Map<String, Object> m = left > 0 ? comms.next("debug", left) : null;
            if (m == null) {
                return null;
            }
            Map<?, ?> data = (Map<?, ?>) m.get("data");
            Object msg = data.get("msg") instanceof String s ? Json.parse(s) : data.get("msg");
            byNode.computeIfAbsent(String.valueOf(data.get("id")), k -> new ArrayDeque<>()).add((Map<?, ?>) msg);
        }
        return mine.poll();
    }

    /** Forgets what has been shown so far (e.g. the msgs of an earlier page). */
    void clear() throws InterruptedException {
        while (comms.next("debug", 0.5) != null) {
            // drained
        }
        byNode.clear();
    }
}
