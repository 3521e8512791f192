package io.redwire.admin;

import io.redwire.testing.PeerProcess;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A process frozen (SIGSTOP: a debugger, a VM pause, a laptop lid) while clients send requests on their keep-alive
 * connections: once it runs again, every request already on the wire is answered, even though the connections'
 * keep-alive timers came due during the freeze. Runs the real CLI in a child JVM, since only a whole process can be
 * stopped.
 */
public class FrozenProcessTest {
    static final long KEEP_ALIVE_MS = 3_000;
    static final long FREEZE_MS = 8_000; // well past the keep-alive timeout
    static final int CONNECTIONS = 8;
    /**
     * Whether an unfixed server loses the requests depends on where its loop was when stopped (in its poll, or
     * not): each round is one more chance to catch it.
     */
    static final int ROUNDS = 3;
    private static final String REQUEST = "GET /flows/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

    @Test
    void requestsSentDuringAFreezeAreAnsweredAfterIt(@TempDir Path dir) throws Exception {
        int port = Ports.free();
        try (PeerProcess engine = start(dir, port)) {
            for (int round = 1; round <= ROUNDS; round++) {
                assertEquals(CONNECTIONS, answeredAfterFreeze(engine.process().pid(), port, CONNECTIONS,
                        KEEP_ALIVE_MS, FREEZE_MS),
                        "round " + round + ": requests answered after the freeze\n" + engine.output());
            }
        }
    }

    /** The CLI in a child JVM on this test's class path, with a short keep-alive timeout. */
    static PeerProcess start(Path dir, int port) throws Exception {
        PeerProcess engine = PeerProcess.start(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.redwire.cli.Main", "run",
                "--user-dir", dir.toString(), "--port", String.valueOf(port),
                "-D", "httpKeepAliveTimeout=" + KEEP_ALIVE_MS);
        engine.awaitPort(port).awaitOutput("Started flows", 60);
        return engine;
    }

    /**
     * Opens the connections and makes one request on each (so they are idle keep-alive connections, timers armed),
     * freezes the process, sends a second request on each, resumes it after {@code freezeMs}; how many second
     * requests got a 200. Also scripts/hostile.sh's figure (AdminHostileFigures).
     */
    public static int answeredAfterFreeze(long pid, int port, int connections, long keepAliveMs, long freezeMs)
            throws Exception {
        List<Socket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < connections; i++) {
                Socket s = new Socket("127.0.0.1", port);
                s.setSoTimeout(30_000);
                sockets.add(s);
            }
            for (Socket s : sockets) {
                s.getOutputStream().write(REQUEST.getBytes(StandardCharsets.ISO_8859_1));
            }
            for (Socket s : sockets) {
                assertEquals(200, readResponse(s.getInputStream()), "the first request");
            }
            long idleSince = System.nanoTime();
            Thread.sleep(keepAliveMs / 4); // its event loops are parked waiting for I/O, as an idle server's are
            signal("STOP", pid);
            long idleMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - idleSince);
            assertTrue(idleMs < keepAliveMs, "frozen " + idleMs + " ms after the first answers, before the"
                    + " keep-alive timeout: this machine was too slow to set the test up");
            try {
                for (Socket s : sockets) {
                    s.getOutputStream().write(REQUEST.getBytes(StandardCharsets.ISO_8859_1));
                }
                Thread.sleep(freezeMs);
            } finally {
                signal("CONT", pid);
            }
            int answered = 0;
            for (Socket s : sockets) {
                try {
                    if (readResponse(s.getInputStream()) == 200) {
                        answered++;
                    }
                } catch (IOException closedUnanswered) {
                    // counted as not answered
                }
            }
            return answered;
        } finally {
            for (Socket s : sockets) {
                s.close();
            }
        }
    }

    private static void signal(String name, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, String.valueOf(pid)).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + name);
    }

    /** Reads one HTTP/1.1 response with a Content-Length body; its status. */
    private static int readResponse(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed after " + head.size() + " bytes of the answer");
            }
            head.write(b);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        int length = 0;
        for (String line : text.split("\r\n")) {
            if (line.regionMatches(true, 0, "content-length:", 0, 15)) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        if (in.readNBytes(length).length < length) {
            throw new IOException("closed in the answer's body");
        }
        return Integer.parseInt(text.substring(9, 12));
    }
}
