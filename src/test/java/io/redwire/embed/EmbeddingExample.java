package io.redwire.embed;

import io.redwire.api.Done;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;

import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The program docs/embedding.md shows: the text between the "docs/embedding.md" markers is the doc's code, word for
 * word ({@link EmbeddingTest} checks both that they match and that the program does what the doc says).
 */
public final class EmbeddingExample {
    private EmbeddingExample() {
    }

    public static void main(String[] args) throws Exception {
        run(System.out);
        runOnRouter(System.out);
    }

    // docs/embedding.md: own-server
    static final String FLOWS = """
            [{"id": "t", "type": "tab"},
             {"id": "tick", "z": "t", "type": "inject", "payload": "Ada", "payloadType": "str", "wires": [["greet"]]},
             {"id": "greet", "z": "t", "type": "change", "wires": [["shout"]],
              "rules": [{"t": "set", "p": "payload", "pt": "msg", "to": "'Hello, ' & payload", "tot": "jsonata"}]},
             {"id": "shout", "z": "t", "type": "shout", "wires": [["out"]]},
             {"id": "out", "z": "t", "type": "debug", "wires": []},
             {"id": "in", "z": "t", "type": "http in", "url": "/hello", "method": "get", "wires": [["answer"]]},
             {"id": "answer", "z": "t", "type": "change", "wires": [["reply"]],
              "rules": [{"t": "set", "p": "payload", "pt": "msg", "to": "'Hi ' & req.query.name", "tot": "jsonata"}]},
             {"id": "reply", "z": "t", "type": "http response", "wires": []}]""";

    /** A node type of the application's own: upper-cases msg.payload. */
    static final class Shout extends Node {
        static final NodeType TYPE = NodeType.builder("shout", "my-app")
                .help("Upper-cases msg.payload.").factory(Shout::new);

        private Shout(NodeConfig config) {
            super(config);
        }

        @Override
        protected void onInput(Map<String, Object> msg, Done done) {
            msg.put("payload", String.valueOf(msg.get("payload")).toUpperCase(Locale.ROOT) + "!");
            send(msg);
            done.done();
        }
    }

    static void run(PrintStream out) throws Exception {
        Vertx vertx = Vertx.vertx();
        Redwire redwire = Redwire.builder()
                .vertx(vertx)                              // optional: else Redwire makes (and closes) its own
                .flows(FLOWS)                              // or .flows(Path.of("flows.json")): deploys saved there
                .settings(Map.of("functionTimeout", 5))    // Node-RED settings keys
                .nodeTypes(Shout.TYPE)                     // besides the built-in families and plugin jars
                .httpServer(0)                             // editor, admin API and http in on a free port
                .start()
                .await();                                  // Vert.x 5: blocks a thread that is not an event loop
        try {
            CompletableFuture<Object> debug = new CompletableFuture<>();
            try (AutoCloseable subscription = redwire.onDebug(event -> debug.complete(event.value()))) {
                redwire.inject("tick").await();
                out.println("debug: " + debug.get(10, TimeUnit.SECONDS));
            }
            HttpResponse<String> hi = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + redwire.port() + "/hello?name=Bob")).build(),
                    HttpResponse.BodyHandlers.ofString());
            out.println("http: " + hi.body());
        } finally {
            redwire.close();                               // stops the flows; the application's Vert.x stays
            vertx.close().await();
        }
    }
    // docs/embedding.md: end

    // docs/embedding.md: router
    static void runOnRouter(PrintStream out) throws Exception {
        Vertx vertx = Vertx.vertx();
        Router router = Router.router(vertx);
        router.get("/app/status").handler(ctx -> ctx.end("up"));   // the application's routes first
        Redwire redwire = Redwire.builder()
                .vertx(vertx)
                .flows(FLOWS)
                .nodeTypes(Shout.TYPE)
                .httpServer(router, "/red/")               // editor at /red/, http in /hello at /red/hello
                .start()
                .await();
        HttpServer server = vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1").await();
        try {
            HttpClient http = HttpClient.newHttpClient();
            for (String path : new String[] {"/app/status", "/red/hello?name=Cy"}) {
                out.println(path + ": " + http.send(HttpRequest.newBuilder(URI.create(
                        "http://127.0.0.1:" + server.actualPort() + path)).build(),
                        HttpResponse.BodyHandlers.ofString()).body());
            }
        } finally {
            redwire.close();
            vertx.close().await();
        }
    }
    // docs/embedding.md: end
}
