package io.redwire.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * Benchmark (a command, not a test): gRPC + protobuf against HTTP + JSON through flows/bench-grpc-vs-rest.json,
 * each mode with 1 and 16 concurrent clients of N items each. Every answer is checked; a wrong one exits 1.
 * Prints one JSON line per mode and client count: the median ms until all clients finished, and items/s. Unreported
 * warm-up rounds come first in each mode, so the rows compare compiled code rather than the JIT's progress.
 * <pre>java -cp target/test-classes:target/classes:CP io.redwire.bench.GrpcVsRestBench [host] [grpc-port]
 *      [http-port] [items per client] [rounds] [warm-up rounds]</pre>
 */
public final class GrpcVsRestBench {
    private static final int MAX_CLIENTS = 16;
    private static final int[] CLIENT_COUNTS = {1, MAX_CLIENTS};

    private GrpcVsRestBench() {
    }

    /** One client's share of a round: N items. */
    private interface ClientRun {
        CompletableFuture<?> run(int client, int items);
    }

    private record Mode(String name, ClientRun run) {
    }

    public static void main(String[] args) throws Exception {
        BenchArgs a = new BenchArgs(args);
        String host = a.text(0, "127.0.0.1");
        int items = a.number(3, 1000);
        int rounds = a.number(4, 5);
        int warmUps = a.number(5, 5);
        int exit = 0;
        try (GrpcClients grpc = new GrpcClients(host, a.number(1, 5003), MAX_CLIENTS);
             RestClients rest = new RestClients(host, a.number(2, 1880), MAX_CLIENTS);
             RestClients onGrpcPort = new RestClients(host, a.number(1, 5003), MAX_CLIENTS)) {
            List<Mode> modes = List.of(new Mode("rest-unary", rest::unary), new Mode("grpc-unary", grpc::unary),
                    new Mode("transcoded-rest-unary", (c, n) -> onGrpcPort.unaryAt("/v1/bench/item", c, n)),
                    new Mode("connect-json-unary", (c, n) -> onGrpcPort.unaryAt("/bench.Bench/Unary", c, n)),
                    new Mode("rest-items", rest::items), new Mode("grpc-stream", grpc::stream),
                    new Mode("rest-pipelined", rest::pipelined), new Mode("grpc-async-stream", grpc::asyncStream),
                    new Mode("rest-create-user", rest::createUser), new Mode("grpc-create-user", grpc::createUser));
            for (Mode mode : modes) {
                for (int clients : CLIENT_COUNTS) {
                    report(mode.name(), clients, items, measure(mode.run(), clients, items, warmUps, rounds));
                }
            }
        } catch (Exception e) {
            System.err.println("GrpcVsRestBench: " + e);
            exit = 1;
        }
        System.exit(exit); // also when a failed round left calls or pool threads running
    }

    /** The warm-up rounds, then the measured ones (ms each). */
    private static List<Double> measure(ClientRun run, int clients, int items, int warmUps, int rounds)
            throws Exception {
        List<Double> ms = new ArrayList<>();
        for (int r = -warmUps; r < rounds; r++) {
            long t0 = System.nanoTime();
            CompletableFuture.allOf(IntStream.range(0, clients).mapToObj(c -> run.run(c, items))
                    .toArray(CompletableFuture[]::new)).get(300, TimeUnit.SECONDS);
            if (r >= 0) {
                ms.add((System.nanoTime() - t0) / 1e6);
            }
        }
        return ms;
    }

    private static void report(String mode, int clients, int items, List<Double> ms) {
        List<Double> sorted = new ArrayList<>(ms);
        Collections.sort(sorted);
        double median = sorted.get(sorted.size() / 2);
        System.out.printf(Locale.ROOT, "{\"mode\":\"%s\",\"clients\":%d,\"items\":%d,\"median_ms\":%.1f,"
                        + "\"items_per_s\":%.0f,\"rounds_ms\":%s}%n", mode, clients, items, median,
                clients * items / (median / 1000),
                ms.stream().map(v -> String.format(Locale.ROOT, "%.1f", v)).toList());
        System.out.flush();
    }
}
