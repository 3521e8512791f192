package io.redwire.bench;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The REST side of GrpcVsRestBench: HTTP/1.1 + JSON with Vert.x's async client, one keep-alive connection per
 * client (as one gRPC channel per client). Pipelined mode keeps up to {@link #PIPELINE} requests on it.
 */
final class RestClients implements AutoCloseable {
    static final int PIPELINE = 16;

    private record Reply(int status, Buffer body) {
    }

    private final Vertx vertx = Vertx.vertx();
    private final List<HttpClientAgent> clients = new ArrayList<>();

    RestClients(String host, int port, int clients) {
        for (int c = 0; c < clients; c++) {
            this.clients.add(vertx.createHttpClient(new HttpClientOptions().setDefaultHost(host).setDefaultPort(port)
                    .setPipelining(true).setPipeliningLimit(PIPELINE), new PoolOptions().setHttp1MaxSize(1)));
        }
    }

    CompletableFuture<?> unary(int client, int items) {
        return Pacing.sequential(items, i -> postItem(client, i));
    }

    /** Sequential POSTs of Bench.Unary's JSON to the grpc-server's port: {@code path} is its REST route or Connect's. */
    CompletableFuture<?> unaryAt(String path, int client, int items) {
        return Pacing.sequential(items, i -> send(client, HttpMethod.POST, path, Expect.item(i))
                .thenAccept(r -> {
                    Map<String, Object> reply = new java.util.HashMap<>(ok(r, 200).toJsonObject().getMap());
                    reply.putIfAbsent("id", 0); // protobuf's JSON leaves a field at its default out
                    Expect.echo(reply, i);
                }));
    }

    CompletableFuture<?> pipelined(int client, int items) {
        return Pacing.upTo(PIPELINE, items, i -> postItem(client, i));
    }

    CompletableFuture<?> items(int client, int items) {
        return send(client, HttpMethod.GET, "/bench/items?count=" + items, null)
                .thenAccept(r -> Expect.items(ok(r, 200).toJsonArray().getList(), items));
    }

    CompletableFuture<?> createUser(int client, int items) {
        return Pacing.sequential(items, i -> send(client, HttpMethod.POST, "/bench/users", Expect.user(i))
                .thenAccept(r -> {
                    Map<String, Object> body = r.body().toJsonObject().getMap();
                    Expect.userAnswer(i, r.status() == 201, body,
                            r.status() == 400 ? (String) body.get("error") : null);
                }));
    }

    private CompletableFuture<?> postItem(int client, int i) {
        return send(client, HttpMethod.POST, "/bench/item", Expect.item(i))
                .thenAccept(r -> Expect.echo(ok(r, 200).toJsonObject().getMap(), i));
    }

    private static Buffer ok(Reply r, int status) {
        if (r.status() != status) {
            throw new Expect.WrongAnswer("HTTP " + r.status() + " instead of " + status + ": " + r.body());
        }
        return r.body();
    }

    /** A JSON request (no body when {@code json} is null); the status and body of its response. */
    private CompletableFuture<Reply> send(int client, HttpMethod method, String uri, Map<String, Object> json) {
        RequestOptions options = new RequestOptions().setMethod(method).setURI(uri);
        if (json != null) {
            options.putHeader("content-type", "application/json");
        }
        return clients.get(client).request(options)
                .compose(req -> (json == null ? req.send() : req.send(new JsonObject(json).toBuffer()))
                        .compose(resp -> resp.body().map(body -> new Reply(resp.statusCode(), body))))
                .toCompletionStage().toCompletableFuture();
    }

    @Override
    public void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
