package io.redwire.bench.floor;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.net.SocketAddress;
import io.vertx.grpc.client.GrpcClient;
import io.vertx.grpc.client.GrpcClientResponse;

import java.io.PrintStream;

/**
 * The gRPC loop's floor: the seed's 1 000 sequential unary hello.Greeter/SayHello calls between a bare Vert.x gRPC
 * client and server ({@link HelloGreeter}) in one JVM, both sides coding a DynamicMessage:
 * HelloRequest{id:123456, name:"test"} answered with HelloReply{message:"OK!"}.
 */
public final class GrpcLoopFloor {
    private GrpcLoopFloor() {
    }

    public static void main(String[] args) throws Exception {
        run(Floor.of(args), System.out);
        System.exit(0);
    }

    static void run(Floor f, PrintStream out) throws Exception {
        HelloGreeter hello = new HelloGreeter();
        Buffer requestBytes = hello.requestBytes();
        Vertx vertx = Vertx.vertx();
        try {
            HttpServer server = hello.serve(vertx, 0);
            GrpcClient client = GrpcClient.client(vertx);
            SocketAddress to = SocketAddress.inetSocketAddress(server.actualPort(), "127.0.0.1");
            double[] ms = f.timeSets(() -> client.request(to).compose(r -> {
                r.fullMethodName("hello.Greeter/SayHello");
                r.end(requestBytes);
                return r.response();
            }).compose(GrpcClientResponse::last).map(b -> HelloGreeter.parse(hello.reply, b))).await();
            Floor.report(out, "grpc", ms);
        } finally {
            vertx.close().await();
        }
    }
}
