package io.redwire.bench.floor;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;

/**
 * The h2load floor, a server for h2load: the bare Vert.x gRPC server of {@link HelloGreeter} (one event loop, as
 * Redwire's grpc-server) answering hello.Greeter/SayHello with a DynamicMessage, until killed.
 */
public final class GrpcServerFloor {
    private GrpcServerFloor() {
    }

    /** {@code <port>}: serves until killed. */
    public static void main(String[] args) {
        HttpServer server = new HelloGreeter().serve(Vertx.vertx(), args.length > 0 ? Integer.parseInt(args[0]) : 0);
        System.out.println("Started floor (port " + server.actualPort() + ")");
    }
}
