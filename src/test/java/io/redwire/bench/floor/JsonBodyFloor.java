package io.redwire.bench.floor;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;

import java.io.IOException;

/**
 * The big-body floor, a server for wrk: POST any path with a JSON body and get it back, parsed with Jackson into
 * maps and lists and written again (what http in → change → http response must do at least).
 * {@link #body()} is the bench's 73 kB body (1 000 items of {id, name, tags[3], price}).
 */
public final class JsonBodyFloor {
    private static final ObjectMapper JSON = new ObjectMapper();

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
                byte[] out = JSON.writeValueAsBytes(JSON.readValue(body.getBytes(), Object.class));
                req.response().putHeader("content-type", "application/json").end(Buffer.buffer(out));
            } catch (IOException e) {
                req.response().setStatusCode(400).end(e.getMessage());
            }
        })).listen(port, "127.0.0.1").await();
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
