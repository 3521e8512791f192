package io.redwire.bench;

import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The netem stand-in of bench-grpc-vs-rest.sh --netns: bytes arrive intact, each way later by the delay. */
class DelayRelayTest {
    @Test
    void relaysBothWaysEachLaterByTheDelay() throws Exception {
        InetAddress lo = InetAddress.getLoopbackAddress();
        try (ServerSocket echo = new ServerSocket(0, 8, lo); ServerSocket relay = new ServerSocket(0, 8, lo)) {
            Thread echoer = new Thread(() -> {
                try (Socket s = echo.accept()) {
                    s.getInputStream().transferTo(s.getOutputStream()); // echoes until the client's half close
                    s.shutdownOutput();
                } catch (Exception ignored) {
                    // the test fails on its own side
                }
            });
            echoer.start();
            new DelayRelay(50_000, new InetSocketAddress(lo, echo.getLocalPort())).serve(relay);
            byte[] sent = "hello through a slow link".getBytes(StandardCharsets.UTF_8);
            try (Socket c = new Socket(lo, relay.getLocalPort())) {
                long t0 = System.nanoTime();
                OutputStream os = c.getOutputStream();
                os.write(sent);
                InputStream is = c.getInputStream();
                byte[] back = is.readNBytes(sent.length);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertArrayEquals(sent, back);
                assertTrue(ms >= 100 && ms < 2_000, "round trip " + ms + " ms with 50 ms each way");
                c.shutdownOutput();
                assertEquals(-1, is.read(), "the echo server's end is passed on");
            }
            echoer.join(5_000);
        }
    }
}
