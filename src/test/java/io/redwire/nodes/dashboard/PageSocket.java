package io.redwire.nodes.dashboard;

import io.redwire.msg.Json;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A dashboard page's socket as a test drives it: the JDK's WebSocket client, frames parsed as they arrive. */
final class PageSocket implements AutoCloseable {
    final LinkedBlockingQueue<Map<String, Object>> frames = new LinkedBlockingQueue<>();
    final CompletableFuture<Integer> closed = new CompletableFuture<>();
    final WebSocket ws;

    PageSocket(int port, String path) throws Exception {
        ws = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + port + path), new WebSocket.Listener() {
                    private final StringBuilder text = new StringBuilder();

                    @Override
                    @SuppressWarnings("unchecked")
                    public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                        text.append(data);
                        if (last) {
                            try {
                                frames.add((Map<String, Object>) Json.parse(text.toString()));
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                            text.setLength(0);
                        }
                        w.request(1);
                        return null;
                    }

                    @Override
                    public CompletionStage<?> onClose(WebSocket w, int status, String reason) {
                        closed.complete(status);
                        return null;
                    }

                    @Override
                    public void onError(WebSocket w, Throwable error) {
                        closed.complete(-1);
                    }
                }).get(10, TimeUnit.SECONDS);
    }

    /** The next frame matching {@code test} within {@code seconds}, skipping others; fails when none comes. */
    Map<String, Object> await(Predicate<Map<String, Object>> test, double seconds) throws InterruptedException {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < end) {
            Map<String, Object> f = frames.poll(50, TimeUnit.MILLISECONDS);
            if (f != null && test.test(f)) {
                return f;
            }
        }
        throw new AssertionError("no matching frame within " + seconds + " s");
    }

    void send(Map<String, Object> frame) throws Exception {
        ws.sendText(Json.stringify(frame), true).get(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        ws.abort();
    }
}
