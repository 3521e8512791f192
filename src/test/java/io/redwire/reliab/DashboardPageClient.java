package io.redwire.reliab;

import io.redwire.msg.Json;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A dashboard page as the load and hostile figures see it: a WebSocket client that parses every frame as the page
 * does (JSON) and counts the msg frames and chart points it got, without drawing them.
 */
final class DashboardPageClient implements WebSocket.Listener, AutoCloseable {
    private final StringBuilder partial = new StringBuilder();
    private final AtomicLong frames = new AtomicLong();
    private final AtomicLong points = new AtomicLong();
    private final CompletableFuture<Integer> closed = new CompletableFuture<>();
    private final WebSocket ws;

    DashboardPageClient(int port, String path) throws Exception {
        ws = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + port + path), this).get(60, TimeUnit.SECONDS);
    }

    @Override
    public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            Object frame;
            try {
                frame = Json.parse(partial.toString());
            } catch (Exception e) {
                frame = null; // not counted: a page would not show it either
            }
            partial.setLength(0);
            if (frame instanceof Map<?, ?> f && "msg".equals(f.get("type"))) {
                frames.incrementAndGet();
                Object p = f.get("msg") instanceof Map<?, ?> m ? m.get("_datapoint") : null;
                points.addAndGet(p instanceof List<?> l ? l.size() : p != null ? 1 : 0);
            }
        }
        socket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket socket, int statusCode, String reason) {
        closed.complete(statusCode);
        return null;
    }

    @Override
    public void onError(WebSocket socket, Throwable error) {
        closed.complete(-1);
    }

    long frames() {
        return frames.get();
    }

    long points() {
        return points.get();
    }

    /** The close code the server sent within {@code seconds}, or null while the page stays connected. */
    Integer closedWith(double seconds) throws Exception {
        try {
            return closed.get((long) (seconds * 1000), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException open) {
            return null;
        }
    }

    /** Sends one text frame; false once the server has closed the socket. */
    boolean send(String text) {
        try {
            ws.sendText(text, true).get(20, TimeUnit.SECONDS);
            return true;
        } catch (Exception closedMeanwhile) {
            return false;
        }
    }

    @Override
    public void close() {
        ws.abort();
    }
}
