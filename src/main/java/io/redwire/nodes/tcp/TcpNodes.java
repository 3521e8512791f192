package io.redwire.nodes.tcp;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** The tcp node family: tcp in, tcp out, tcp request. */
public final class TcpNodes extends DeclaredFamily {
    public TcpNodes() {
        super("tcp", List.of("tcp in", "tcp out", "tcp request"),
                () -> List.of(TcpInNode.TYPE, TcpOutNode.TYPE, TcpRequestNode.TYPE));
        declares(TcpSettings.ALL);
    }
}
