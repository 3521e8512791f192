package io.redwire.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** Ports for tests that must name one up front (a server in a flow, a peer process, a port nobody answers on). */
public final class Ports {
    private Ports() {
    }

    /** A port nothing listens on right now. */
    public static int free() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
