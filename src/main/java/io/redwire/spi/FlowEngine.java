package io.redwire.spi;

import io.redwire.api.DebugEvent;
import io.redwire.api.LoopTimers;
import io.redwire.api.Node;
import io.redwire.api.Settings;

import io.vertx.core.Context;
import io.vertx.core.Vertx;

import java.util.Collection;
import java.util.function.Supplier;

/** What a running node may ask of the engine that runs it. Implemented by the runtime. */
public interface FlowEngine {
    Vertx vertx();

    /** The flow's event-loop context: every node's input handler runs on it. */
    Context loop();

    /** setTimeout / setInterval on the flow loop, ordered as Node.js orders its timers. */
    LoopTimers timers();

    /** Runs the task on the flow loop: now when already there, else queued. */
    void execute(Runnable task);

    Settings settings();

    /** The process's metrics registry: node families register their meters once (at start), never per message. */
    io.micrometer.core.instrument.MeterRegistry meters();

    /** A process-wide service created once on first use (client pools, compiled caches). */
    <T> T shared(Class<T> key, Supplier<T> create);

    /** The running node with this id, or null. */
    Node node(String id);

    /** Every running node (flow and config nodes), in deploy order. */
    Collection<Node> runningNodes();

    /**
     * Delivers the messages queued so far before returning, when called on the flow loop at the end of an I/O
     * callback that sent them (never inside a node's input handler: there it does nothing). Replies the flow
     * writes then leave with the transport's own flush of the read.
     */
    default void deliverNow() {
    }

    /**
     * Runs a node's handling of a message outside a delivery (a message the node queued itself while starting), on
     * the flow loop, with the node named as the one being delivered to: a stall report then names it.
     */
    default void runAs(Node node, Runnable handling) {
        handling.run();
    }

    /** Messages sent and not yet delivered (settings.deliveryQueueLimit bounds what function code may add). */
    default int queuedMessages() {
        return 0;
    }

    /** Sends an entry to the debug sidebar and headless debug output. */
    void publishDebug(DebugEvent event);

    /** This process's place in a cluster (always the leader when it runs alone). */
    default Membership membership() {
        return Membership.SINGLE;
    }
}
