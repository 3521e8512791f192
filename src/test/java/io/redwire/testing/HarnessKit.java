package io.redwire.testing;

/** What the test drivers around one {@link Harness} share: handing it out, feeding a node, closing it. */
public abstract class HarnessKit implements AutoCloseable {
    /** Set by the kit once its server runs (null before, or when starting it failed). */
    protected Harness harness;

    public Harness harness() {
        return harness;
    }

    /** Hands messages (JSON object texts) to a node's input on the flow loop, in order, as a wire delivers them. */
    public void receive(String nodeId, String... msgsJson) {
        harness.receive(nodeId, msgsJson);
    }

    @Override
    public void close() {
        if (harness != null) {
            harness.close();
        }
    }
}
