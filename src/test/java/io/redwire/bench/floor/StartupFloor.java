package io.redwire.bench.floor;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import org.graalvm.polyglot.Context;

/**
 * The start-up floor: a JVM that starts Vert.x, one HTTP server and one GraalJS context, prints "Started floor"
 * (the bench times spawn to that line, as it times Redwire to "Started flows") and exits.
 */
public final class StartupFloor {
    private StartupFloor() {
    }

    public static void main(String[] args) {
        Vertx vertx = Vertx.vertx();
        HttpServer server = vertx.createHttpServer().requestHandler(r -> r.response().end("ok"))
                .listen(0, "127.0.0.1").await();
        try (Context js = Context.newBuilder("js").option("engine.WarnInterpreterOnly", "false").build()) {
            js.eval("js", "(function (msg) { return msg; })({})");
        }
        System.out.println("Started floor (port " + server.actualPort() + ")");
        System.exit(0);
    }
}
