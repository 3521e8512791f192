package io.redwire.runtime;

import io.redwire.api.Done;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.flow.FlowSet;
import io.redwire.js.Inspect;
import io.redwire.js.Undefined;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The runtime-internal node types a subflow instance expands into: its input, output and status ports. */
public final class SubflowPorts {
    private SubflowPorts() {
    }

    public static List<NodeType> types() {
        return List.of(port(FlowSet.SUBFLOW_INPUT), port(FlowSet.SUBFLOW_OUTPUT),
                NodeType.builder(FlowSet.SUBFLOW_STATUS, "internal").ports(1, 0).factory(StatusPort::new));
    }

    private static NodeType port(String type) {
        return NodeType.builder(type, "internal").ports(1, 1).factory(Forward::new);
    }

    /** Passes every message on unchanged. */
    static final class Forward extends Node {
        Forward(NodeConfig config) {
            super(config);
        }

        @Override
        protected void onInput(Map<String, Object> msg, Done done) {
            send(msg);
        }
    }

    /**
     * A subflow's status output (Node-RED's "subflow-status" node): a string payload is the status text, a payload
     * that looks like a status object is the status, any other payload is shown as util.inspect text cut at 32
     * characters; without a payload, msg.status is the status. Its scope hands the status to the instance node.
     */
    static final class StatusPort extends Node {
        private static final int MAX_TEXT = 32;

        StatusPort(NodeConfig config) {
            super(config);
        }

        @Override
        protected void onInput(Map<String, Object> msg, Done done) {
            Object payload = msg.get("payload");
            if (msg.containsKey("payload") && payload != Undefined.VALUE) {
                if (payload instanceof String text) {
                    status(Map.of("text", text));
                } else if (payload instanceof Map<?, ?> m && (m.isEmpty() || m.containsKey("text")
                        || m.containsKey("fill") || m.containsKey("shape"))) {
                    status(m);
                } else {
                    String text = Inspect.of(payload);
                    status(Map.of("text", text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + "..." : text));
                }
            } else if (msg.get("status") instanceof Map<?, ?> st) {
                Map<String, Object> s = new LinkedHashMap<>();
                st.forEach((k, v) -> s.put(String.valueOf(k), v));
                if (s.get("text") instanceof String t && t.startsWith("common.")) {
                    s.put("text", "node-red:" + t);
                }
                status(s);
            }
            done.done();
        }
    }
}
