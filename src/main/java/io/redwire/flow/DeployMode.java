package io.redwire.flow;

import java.util.Locale;

/**
 * Node-RED's deployment types, named by the {@code Node-RED-Deployment-Type} header of POST /flows: what a deploy
 * stops and starts again.
 */
public enum DeployMode {
    /** Every node is stopped and the new flows started (the default). */
    FULL,
    /** Only the flows (tabs) holding a change restart; the others keep running untouched. */
    FLOWS,
    /** Only changed nodes restart, with the nodes using a changed config node; the others are only re-wired. */
    NODES,
    /** The stored flows are read again and restarted in full; the request carries no flows. */
    RELOAD;

    /** The header's value as Node-RED spells it ("full", "flows", "nodes", "reload"). */
    public String header() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return the mode a header names; an absent header is {@link #FULL}, an unknown one null */
    public static DeployMode ofHeader(String value) {
        if (value == null || value.isEmpty()) {
            return FULL;
        }
        for (DeployMode m : values()) {
            if (m.header().equals(value)) {
                return m;
            }
        }
        return null;
    }
}
