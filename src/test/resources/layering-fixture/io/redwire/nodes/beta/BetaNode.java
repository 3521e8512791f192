package io.redwire.nodes.beta;

import io.redwire.nodes.alpha.AlphaLimits;

/** LayeringTest's fixture: another family importing those constants (javac copies them in, as TcpInNode did). */
public final class BetaNode {
    public int limit() {
        return AlphaLimits.MAX_BUFFERED;
    }
}
