package io.redwire.nodes.beta;

/** LayeringTest's fixture: the same arrow through a qualified name, as the web server read the websocket limit. */
public final class BetaQualified {
    // io.redwire.nodes.gamma.Gamma in a comment is no arrow, nor in a string:
    private static final String NOTE = "io.redwire.nodes.gamma.Gamma";

    public String greeting() {
        return io.redwire.nodes.alpha.AlphaLimits.GREETING + NOTE;
    }
}
