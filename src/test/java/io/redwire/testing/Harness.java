package io.redwire.testing;

import com.fasterxml.jackson.core.JsonProcessingException;

import io.redwire.api.DebugEvent;
import io.redwire.api.Settings;
import io.redwire.embed.Server;
import io.redwire.flow.FlowFileReader;
import io.redwire.msg.Json;
import io.redwire.runtime.Engine;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A real Redwire server on a free 127.0.0.1 port for tests: deploy a flow (JSON text), talk to it over HTTP,
 * collect debug events.
 */
public final class Harness implements AutoCloseable {
    private final Server server;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final LinkedBlockingQueue<DebugEvent> debug = new LinkedBlockingQueue<>();

    public Harness() {
        this(Settings.defaults());
    }

    public Harness(Settings settings) {
        this(new Server(settings, Path.of("protos")));
    }

    /** A harness around a server built by the test (its own node directories, user directory, ...). */
    public Harness(Server server) {
        this.server = server;
        server.engine().events().subscribe((topic, data) -> {
            if (data instanceof DebugEvent e && e.level() == null) {
                debug.add(e);
            }
        });
        await(server.listen("127.0.0.1", 0).mapEmpty());
    }

    /** Deploys flows given as JSON text; throws with the engine's message when the deploy is refused. */
    public Harness deploy(String flowsJson) {
        List<Map<String, Object>> flows = FlowFileReader.parse(flowsJson, "test flow");
        await(server.deploy(flows));
        return this;
    }

    public Server server() {
        return server;
    }

    public int port() {
        return server.port();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    public HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url(path))).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    public HttpResponse<String> post(String path, String contentType, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url(path))).timeout(Duration.ofSeconds(30))
                .header("content-type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Next debug node output, waiting up to {@code seconds}; null if none came. */
    public DebugEvent nextDebug(double seconds) throws InterruptedException {
        return poll(debug, seconds);
    }

    /** Hands messages (JSON object texts) to a node's input on the flow loop, in order, as a wire delivers them. */
    @SuppressWarnings("unchecked")
    public void receive(String nodeId, String... msgsJson) {
        Engine engine = server.engine();
        for (String json : msgsJson) {
            Map<String, Object> msg;
            try {
                msg = new LinkedHashMap<>((Map<String, Object>) Json.parse(json));
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("not a JSON object: " + json, e);
            }
            engine.execute(() -> engine.node(nodeId).receive(msg));
        }
    }

    /** The queue's next element, waiting up to {@code seconds}; null if none came. */
    public static <T> T poll(BlockingQueue<T> queue, double seconds) throws InterruptedException {
        return queue.poll((long) (seconds * 1000), TimeUnit.MILLISECONDS);
    }

    /** Fires an inject node as the editor's button does. */
    public HttpResponse<String> inject(String nodeId) throws Exception {
        return post("/inject/" + nodeId, "application/json", "{}");
    }

    public static <T> T await(io.vertx.core.Future<T> f) {
        try {
            return f.toCompletionStage().toCompletableFuture().get(120, TimeUnit.SECONDS); // generous: CI machines are shared
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        await(server.close());
    }
}
