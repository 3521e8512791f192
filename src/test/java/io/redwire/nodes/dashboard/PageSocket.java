package io.redwire.nodes.dashboard;

import io.redwire.admin.CommsClient;
import io.redwire.msg.Json;

import java.util.Map;
import java.util.function.Predicate;

/** A dashboard page's socket as a test drives it: a real WebSocket client, its frames parsed as JSON objects. */
final class PageSocket implements AutoCloseable {
    private final CommsClient socket;

    PageSocket(int port, String path) throws Exception {
        socket = new CommsClient("ws://127.0.0.1:" + port + path);
    }

    /** The next frame matching {@code test} within {@code seconds}, skipping others; fails when none comes. */
    @SuppressWarnings("unchecked")
    Map<String, Object> await(Predicate<Map<String, Object>> test, double seconds) throws Exception {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < end) {
            String text = socket.nextBare(Math.max(0.01, (end - System.nanoTime()) / 1e9));
            if (text != null && Json.parse(text) instanceof Map<?, ?> f && test.test((Map<String, Object>) f)) {
                return (Map<String, Object>) f;
            }
        }
        throw new AssertionError("no matching frame within " + seconds + " s");
    }

    /** The layout ("config") frame a page gets first; its socketId names the page. */
    Map<String, Object> layout() throws Exception {
        return await(f -> "config".equals(f.get("type")), 10);
    }

    void send(Map<String, Object> frame) {
        sendText(Json.stringify(frame));
    }

    void sendText(String text) {
        socket.send(text);
    }

    /** The close code the server sent within {@code seconds}, or null while the socket stays open. */
    Integer closedWith(double seconds) throws Exception {
        return socket.closedWith(seconds);
    }

    @Override
    public void close() {
        socket.close();
    }
}
