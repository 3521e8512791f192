package io.redwire.runtime;

/**
 * Messages a node type received and sent and the errors it reported, shared by the type's nodes and bound to each
 * node when it is wired, so counting costs one field increment on the flow loop (no lookup per message). Read by
 * the metrics scrape from another thread: a value may lag, never matters.
 */
public final class NodeCounters {
    long received;
    long sent;
    long errors;

    public long received() {
        return received;
    }

    public long sent() {
        return sent;
    }

    public long errors() {
        return errors;
    }
}
