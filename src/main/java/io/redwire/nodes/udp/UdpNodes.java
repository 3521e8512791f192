package io.redwire.nodes.udp;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** The udp node family: udp in, udp out. */
public final class UdpNodes extends DeclaredFamily {
    public UdpNodes() {
        super("udp", List.of("udp in", "udp out"),
                () -> List.of(UdpInNode.TYPE, UdpOutNode.TYPE));
    }
}
