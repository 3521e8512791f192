package io.redwire.bench.floor;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * The big-body floor, a server for wrk: POST any path with a JSON body and get it back, parsed with Jackson into
 * maps and lists and written again (what http in → change → http response must do at least).
 * {@code ?changes=N} (default 1) passes the parsed body through N steps first, the least a chain of N change nodes
 * setting msg.topic must do: the message goes through a FIFO (Node-RED delivers each hop in a later turn, so a flow
 * engine needs at least a queue between nodes) and each step sets one property of it in place (the change node does
 * not copy the message). No rules, statuses or metrics: those are the engine's own cost.
 * {@link #body()} is the bench's 73 kB body (1 000 items of {id, name, tags[3], price}).
 */
public final class JsonBodyFloor {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] TOPICS = new String[1000];

    static {
        for (int i = 0; i < TOPICS.length; i++) {
            TOPICS[i] = "step " + i; // the flows' rule values: constants of the node, not built per message
        }
    }

    private JsonBodyFloor() {
    }

    /** {@code <port>}: serves until killed; {@code --body}: prints the body (the bench's wrk script posts it). */
    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("--body")) {
            System.out.print(body());
            return;
        }
        HttpServer server = serve(Vertx.vertx(), args.length > 0 ? Integer.parseInt(args[0]) : 0);
        System.out.println("Started floor (port " + server.actualPort() + ")");
    }

    static HttpServer serve(Vertx vertx, int port) {
        return vertx.createHttpServer().requestHandler(req -> req.body().onSuccess(body -> {
            try {
                Map<String, Object> msg = new HashMap<>();
                msg.put("payload", JSON.readValue(body.getBytes(), Object.class));
                byte[] out = JSON.writeValueAsBytes(passThrough(msg, changes(req)).get("payload"));
                req.response().putHeader("content-type", "application/json").end(Buffer.buffer(out));
            } catch (IOException | IllegalArgumentException e) {
                req.response().setStatusCode(400).end(e.getMessage());
            }
        })).listen(port, "127.0.0.1").await();
    }

    private static int changes(HttpServerRequest req) {
        String n = req.getParam("changes");
        int changes = n == null ? 1 : Integer.parseInt(n);
        if (changes < 0 || changes > TOPICS.length) {
            throw new IllegalArgumentException("changes: 0 to " + TOPICS.length);
        }
        return changes;
    }

    /** The message through {@code steps} queued steps, each setting msg.topic. */
    static Map<String, Object> passThrough(Map<String, Object> msg, int steps) {
        ArrayDeque<Map<String, Object>> queue = new ArrayDeque<>();
        queue.add(msg);
        for (int i = 0; i < steps; i++) {
            Map<String, Object> m = queue.poll();
            m.put("topic", TOPICS[i]);
            queue.add(m);
        }
        return queue.poll();
    }

    /** The bench's 73 kB JSON body: 1 000 items of {id, name, tags[3], price}. */
    public static String body() {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < 1000; i++) {
            b.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append(",\"name\":\"item ").append(i)
                    .append("\",\"tags\":[\"red\",\"green\",\"blue\"],\"price\":").append(i * 1.25 + 0.5).append('}');
        }
        return b.append(']').toString();
    }
}
