package io.redwire.nodes.alpha;

/** LayeringTest's fixture: a family's constants, as the websocket family's NetLimits were. */
public final class AlphaLimits {
    public static final int MAX_BUFFERED = 16 * 1024 * 1024;
    public static final String GREETING = "hello";

    private AlphaLimits() {
    }
}
