package io.redwire.bench.floor;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.RequestOptions;

import java.io.PrintStream;
import java.util.Map;

/**
 * The HTTP loop's floor: the seed's 1 000 sequential JSON POSTs ({"id":123456,"name":"test"} answered with
 * {"message":"OK!"}, both sides parsing the JSON with Jackson) between a bare Vert.x client and server in one JVM.
 */
public final class HttpLoopFloor {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Buffer REQUEST = Buffer.buffer("{\"id\":123456,\"name\":\"test\"}");
    private static final Buffer REPLY = Buffer.buffer("{\"message\":\"OK!\"}");

    private HttpLoopFloor() {
    }

    public static void main(String[] args) throws Exception {
        run(Floor.of(args), System.out);
        System.exit(0);
    }

    static void run(Floor f, PrintStream out) throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            HttpServer server = vertx.createHttpServer().requestHandler(req -> req.body().onSuccess(body -> {
                parse(body);
                req.response().putHeader("content-type", "application/json").end(REPLY);
            })).listen(0, "127.0.0.1").await();
            HttpClient client = vertx.createHttpClient();
            RequestOptions post = new RequestOptions().setMethod(HttpMethod.POST).setHost("127.0.0.1")
                    .setPort(server.actualPort()).setURI("/http").putHeader("content-type", "application/json");
            double[] ms = f.timeSets(() -> client.request(post)
                    .compose(r -> r.send(REQUEST)).compose(HttpClientResponse::body).map(HttpLoopFloor::parse))
                    .await();
            Floor.report(out, "http", ms);
        } finally {
            vertx.close().await();
        }
    }

    private static Object parse(Buffer body) {
        try {
            return JSON.readValue(body.getBytes(), Map.class);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
