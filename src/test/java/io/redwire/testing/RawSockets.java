package io.redwire.testing;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Plain sockets to an engine, for tests that write HTTP by hand to see exactly when the server answers or cuts. */
public final class RawSockets {
    private RawSockets() {
    }

    /** A socket to the engine whose reads give up after 10 s. */
    public static Socket connect(Harness h) throws IOException {
        Socket s = new Socket("127.0.0.1", h.port());
        s.setSoTimeout(10_000);
        return s;
    }

    /** Reads until the server closes; the text read. Fails the test on the socket timeout. */
    public static String readToClose(Socket s) throws IOException {
        return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
    }
}
