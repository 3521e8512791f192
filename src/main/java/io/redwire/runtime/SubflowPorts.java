package io.redwire.runtime;

import io.redwire.flow.FlowSet;
import io.redwire.spi.Done;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;

import java.util.List;
import java.util.Map;

/** The runtime-internal node types a subflow instance expands into: its input and its output ports. */
public final class SubflowPorts {
    private SubflowPorts() {
    }

    public static List<NodeType> types() {
        return List.of(port(FlowSet.SUBFLOW_INPUT), port(FlowSet.SUBFLOW_OUTPUT));
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
}
