package io.redwire.nodes.tcp;

import io.redwire.api.Node;

import java.util.Map;

/**
 * A tcp client node's (tcp in, tcp out) dialling: Node-RED's "connecting" notice, the reconnect timer that dials
 * again after a lost connection, and that timer's cancelling when the node closes.
 */
final class TcpRedial {
    private final Node node;
    private final String host;
    private final int port;
    private final Runnable dial;
    private long timer = -1;

    TcpRedial(Node node, String host, int port, Runnable dial) {
        this.node = node;
        this.host = host;
        this.port = port;
        this.dial = dial;
    }

    /** Logged and shown as Node-RED's client does when it sets out (during the start, for the first time). */
    void connecting() {
        timer = -1;
        node.log("connecting to " + host + ":" + port);
        node.status(Map.of("fill", "grey", "shape", "dot", "text", "common.status.connecting"));
    }

    /** Sets out again after {@code delayMs}. */
    void later(long delayMs) {
        timer = node.vertx().setTimer(delayMs, t -> {
            connecting();
            dial.run();
        });
    }

    void cancel() {
        if (timer >= 0) {
            node.vertx().cancelTimer(timer);
        }
    }
}
