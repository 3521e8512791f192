package io.redwire.admin;

import io.redwire.msg.Json;
import io.redwire.testing.Harness;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A /comms websocket client that unpacks Node-RED's frames (arrays of {topic, data}) into a queue. */
public final class CommsClient implements WebSocket.Listener, AutoCloseable {
    private final LinkedBlockingQueue<Map<String, Object>> received = new LinkedBlockingQueue<>();
    private final LinkedBlockingQueue<String> bare = new LinkedBlockingQueue<>();
    private final StringBuilder partial = new StringBuilder();
    private final WebSocket ws;
    private final CompletableFuture<Integer> closed = new CompletableFuture<>();
    private volatile int frames;

    public CommsClient(String url) throws Exception {
        this.ws = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(URI.create(url), this)
                .get(10, TimeUnit.SECONDS);
    }

    @Override
    @SuppressWarnings("unchecked")
    public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            String text = partial.toString();
            partial.setLength(0);
            frames++;
            try {
                Object parsed = Json.parse(text);
                if (parsed instanceof List<?> list) {
                    list.forEach(e -> received.add((Map<String, Object>) e));
                } else {
                    bare.add(text);
                }
            } catch (Exception e) {
                bare.add("unparsable: " + text);
            }
        }
        socket.request(1);
        return CompletableFuture.completedFuture(null);
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

    /** The close code the server sent within {@code seconds}, or null while the socket stays open. */
    public Integer closedWith(double seconds) throws Exception {
        try {
            return closed.get((long) (seconds * 1000), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException open) {
            return null;
        }
    }

    public void send(String json) {
        ws.sendText(json, true).join();
    }

    /** The next message with this topic (others are skipped), or null after {@code seconds}. */
    public Map<String, Object> next(String topic, double seconds) throws InterruptedException {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (true) {
            long left = end - System.nanoTime();
            Map<String, Object> m = received.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
            if (m == null || topic.equals(m.get("topic"))) {
                return m;
            }
        }
    }

    /** The next message whatever its topic, or null. */
    public Map<String, Object> next(double seconds) throws InterruptedException {
        return Harness.poll(received, seconds);
    }

    /** The next unframed reply such as {"auth":"ok"}. */
    public String nextBare(double seconds) throws InterruptedException {
        return Harness.poll(bare, seconds);
    }

    public int frames() {
        return frames;
    }

    @Override
    public void close() {
        ws.abort();
    }
}
