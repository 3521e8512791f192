package io.redwire.admin;

import io.redwire.api.DebugEvent;
import io.redwire.api.Settings;
import io.redwire.deploy.FlowFile;
import io.redwire.embed.Server;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;

/** A real Redwire server (admin API on its flows port, optional flow file) plus an HTTP client speaking its API. */
public final class AdminServer implements AutoCloseable {
    private final Server server;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final LinkedBlockingQueue<DebugEvent> debug = new LinkedBlockingQueue<>();

    public AdminServer(Settings settings, FlowFile store) {
        this(settings, store, null);
    }

    /** With a user directory beside a flows file: credentials are stored encrypted in {@code <flows>_cred.json}. */
    public AdminServer(Settings settings, FlowFile store, Path userDir) {
        this.server = new Server(settings, Path.of("protos"), store, false, userDir);
        server.engine().events().subscribe((topic, data) -> {
            if (data instanceof DebugEvent e && e.level() == null) {
                debug.add(e);
            }
        });
        Harness.await(server.listen("127.0.0.1", 0));
    }

    public AdminServer() {
        this(Settings.defaults(), null);
    }

    public static Settings settings(String json) {
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) Json.parse(json);
            return new Settings(m);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    public Server server() {
        return server;
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.port() + path;
    }

    public String wsUrl(String path) {
        return "ws://127.0.0.1:" + server.port() + path;
    }

    /** One request; headers as name, value pairs. */
    public HttpResponse<String> send(String method, String path, String body, String... headers) throws Exception {
        return send(Duration.ofSeconds(20), method, path, body, headers);
    }

    /** One request with its own timeout (a first function-node deploy builds its sandbox: slow on a busy machine). */
    public HttpResponse<String> send(Duration timeout, String method, String path, String body, String... headers)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url(path))).timeout(timeout)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        boolean typed = false;
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
            typed |= headers[i].equalsIgnoreCase("content-type");
        }
        if (body != null && !typed) {
            b.header("content-type", "application/json");
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    public HttpResponse<String> get(String path, String... headers) throws Exception {
        return send("GET", path, null, headers);
    }

    public HttpResponse<String> post(String path, String body, String... headers) throws Exception {
        return send("POST", path, body, headers);
    }

    /** Next debug node output, or null after {@code seconds}. */
    public DebugEvent nextDebug(double seconds) throws InterruptedException {
        return Harness.poll(debug, seconds);
    }

    @Override
    public void close() {
        Harness.await(server.close());
    }
}
