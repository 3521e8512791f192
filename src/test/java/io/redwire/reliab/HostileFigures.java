package io.redwire.reliab;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.redwire.msg.Json;
import io.redwire.testing.ByteMarshaller;
import io.redwire.testing.PeerProcess;
import io.redwire.testing.Ports;

import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The acceptance figures of issue 15 (and issue 21's admin and gRPC ones, {@link AdminHostileFigures},
 * {@link GrpcHostileFigures}) as a command (scripts/hostile.sh): starts the engine with ./redwire (its production JVM
 * settings) and measures it from outside with real clients, one line per figure with PASS/FAIL.
 * Arguments: [seconds the gRPC client does not read, default 60].
 */
public final class HostileFigures {
    private static final String PROTO = """
            syntax = "proto3";
            package limits;
            message Chunk { string data = 1; }
            service Limits { rpc Chat(stream Chunk) returns (stream Chunk); }
            """;
    private static final String FLOWS = """
            [{"id":"t1","type":"tab","label":"hostile"},
             {"id":"up","type":"http in","z":"t1","url":"/upload","method":"post","upload":false,"wires":[["okc"]]},
             {"id":"ok","type":"http in","z":"t1","url":"/ok","method":"get","upload":false,"wires":[["okc"]]},
             {"id":"okc","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg","to":"ok","tot":"str"}],
              "wires":[["res"]]},
             {"id":"res","type":"http response","z":"t1","wires":[]},
             {"id":"cyc","type":"http in","z":"t1","url":"/cyc","method":"get","upload":false,"wires":[["mk"]]},
             {"id":"mk","type":"function","z":"t1","func":"const o = {}; o.self = o; msg.payload = o; return msg;",
              "outputs":1,"wires":[["cycres"]]},
             {"id":"cycres","type":"http response","z":"t1","wires":[]},
             {"id":"catch","type":"catch","z":"t1","scope":["cycres"],"uncaught":false,"wires":[["err"]]},
             {"id":"err","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg","to":"error.message",
              "tot":"msg"},{"t":"set","p":"statusCode","pt":"msg","to":"500","tot":"num"}],"wires":[["res"]]},
             {"id":"srv","type":"grpc-server","port":"%d","server":"127.0.0.1","protoFile":%s,"localServer":true},
             {"id":"chat","type":"grpc-register-function","z":"t1","server":"srv","service":"Limits","method":"Chat",
              "wires":[["gres"]]},
             {"id":"gres","type":"grpc-response","z":"t1","wires":[]},
             {"id":"thr","type":"thrift-server","port":%d,"idlFile":"tinycalc.thrift","protocol":"binary",
              "transport":"framed","localServer":true}]
            """;

    private int port;
    private int grpcPort;
    private int thriftPort;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
    private PeerProcess engine;
    private long pid;
    private int failed;

    public static void main(String[] args) throws Exception {
        // each upload is a client of its own, on its own connection: a pooled connection reused just as the server
        // closes it for idleness fails the POST unanswered (the keep-alive race of every HTTP/1.1 server with an idle
        // timeout; the JDK client does not retry a POST), which would measure the client's pool, not the server
        System.setProperty("jdk.httpclient.allowRestrictedHeaders", "connection");
        int grpcSeconds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        Set<String> only = args.length > 1 ? Set.of(args[1].split(",")) : Set.of();
        HostileFigures f = new HostileFigures();
        Map<String, Figure> figures = new LinkedHashMap<>();
        figures.put("uploads60", () -> f.uploads(60, 800));
        figures.put("uploads600", () -> f.uploads(600, 1024));
        figures.put("grpc", () -> f.nonReadingGrpcClient(grpcSeconds));
        figures.put("thrift", f::halfSentThriftFrames);
        figures.put("inputs", () -> {
            f.cyclicObject();
            f.deployHangs();
        });
        AdminHostileFigures admin = new AdminHostileFigures(f::figure);
        figures.put("crossSite", () -> admin.crossSiteDeploy(f.port));
        figures.put("freeze", () -> admin.frozenProcess(f.pid, f.port));
        figures.put("commsLogout", admin::commsAfterLogout);
        ContextFigures context = new ContextFigures(f::figure); // each starts an engine of its own
        figures.put("contextUnwritable", context::unwritableValues);
        figures.put("contextFullDisk", context::fullDisk);
        figures.put("contextIds", context::climbingIds);
        figures.put("templateOom", () -> new NodeErrorFigures(f.port, f.pid, f::figure).template());
        figures.put("nulFilename", () -> new NodeErrorFigures(f.port, f.pid, f::figure).nulFilename());
        figures.put("yamlAliasBomb", () -> new ParserFigures(f.port, f::figure).yamlAliasBomb());
        figures.put("csvFields", () -> new ParserFigures(f.port, f::figure).csvFields());
        figures.put("jsonataPad", () -> new ParserFigures(f.port, f::figure).pad());
        figures.put("deepXml", () -> new ParserFigures(f.port, f::figure).deepXml());
        figures.put("grpcMetadata", () -> new GrpcHostileFigures(f).metadata());
        figures.put("grpcReflection", () -> new GrpcHostileFigures(f).reflection());
        figures.put("thriftHttp", () -> new ThriftHttpFigures(f, f.port).badRequestsBesideGoodCalls());
        figures.put("connectBadRequests", () -> new ConnectHostileFigures(f).badRequests(200));
        figures.put("dashboardHostilePage", () -> new DashboardHostileFigures(f, f.port).hostilePages());
        // a fresh engine for each memory figure: a JVM keeps the heap it grew, so RSS would carry over
        for (Map.Entry<String, Figure> e : figures.entrySet()) {
            if (only.isEmpty() || only.contains(e.getKey())) {
                f.onFreshEngine(e.getValue());
            }
        }
        System.out.println(f.failed == 0 ? "ALL PASS" : f.failed + " FAILED");
        System.exit(f.failed == 0 ? 0 : 1);
    }

    private interface Figure {
        void measure() throws Exception;
    }

    private void onFreshEngine(Figure figure) throws Exception {
        try {
            start();
            figure.measure();
        } finally {
            if (engine != null) {
                engine.close();
            }
        }
    }

    void figure(boolean pass, String text) {
        System.out.println((pass ? "PASS " : "FAIL ") + text);
        if (!pass) {
            failed++;
        }
    }

    private void start() throws Exception {
        port = Ports.free();
        grpcPort = Ports.free();
        thriftPort = Ports.free();
        Path dir = Files.createTempDirectory("redwire-hostile");
        Path flows = dir.resolve("flows.json");
        Files.writeString(flows, FLOWS.formatted(grpcPort, Json.stringify(PROTO), thriftPort));
        engine = PeerProcess.start("./redwire", "run", flows.toString(), "--port", String.valueOf(port),
                "--user-dir", dir.resolve("user").toString(), "--protos", "protos");
        engine.awaitPort(port).awaitOutput("Started flows", 60);
        pid = engine.process().toHandle().descendants().filter(p -> p.info().command().orElse("").endsWith("java"))
                .findFirst().map(ProcessHandle::pid).orElse(engine.process().pid());
        System.out.println("engine pid " + pid + " (" + ProcessHandle.of(pid).flatMap(p -> p.info().command())
                .orElse("?") + "), RSS at start " + rssMb() + " MB");
    }

    /** The engine's resident memory now, in MB. */
    private long rssMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
                }
            }
        } catch (Exception e) {
            // the process is gone
        }
        return -1;
    }

    /** Samples RSS every 50 ms until stopped; get() is the peak. */
    private final class PeakRss implements AutoCloseable {
        private final AtomicLong peak = new AtomicLong();
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Thread thread = new Thread(() -> {
            while (running.get()) {
                peak.accumulateAndGet(rssMb(), Math::max);
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });

        PeakRss() {
            thread.setDaemon(true);
            thread.start();
        }

        long get() {
            return peak.get();
        }

        @Override
        public void close() throws InterruptedException {
            running.set(false);
            thread.join();
        }
    }

    /**
     * GETs /ok every 100 ms until stopped, counting 200s and everything else. It has an HTTP client of its own: the
     * JDK client runs all its connections on one selector thread, so sharing the uploads' client would measure that
     * thread's queue behind 3 GB of request bodies, not the server.
     */
    private final class OtherClient implements AutoCloseable {
        private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
        final AtomicInteger ok = new AtomicInteger();
        final AtomicInteger notOk = new AtomicInteger();
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Thread thread = new Thread(() -> {
            HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/ok"))
                    .timeout(Duration.ofSeconds(20)).build();
            while (running.get()) {
                try {
                    (http.send(req, HttpResponse.BodyHandlers.ofString()).statusCode() == 200 ? ok : notOk)
                            .incrementAndGet();
                    Thread.sleep(100);
                } catch (Exception e) {
                    notOk.incrementAndGet();
                    System.err.println("/ok failed: " + e);
                }
            }
        });

        OtherClient() {
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void close() throws InterruptedException {
            running.set(false);
            thread.join();
        }
    }

    private void uploads(int count, long rssLimitMb) throws Exception {
        byte[] body = new byte[5_000_000];
        Map<String, AtomicInteger> answers = new ConcurrentHashMap<>();
        long t0 = System.nanoTime();
        try (PeakRss peak = new PeakRss(); OtherClient other = new OtherClient()) {
            List<CompletableFuture<?>> all = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/upload"))
                        .timeout(Duration.ofSeconds(120)).header("content-type", "application/octet-stream")
                        .header("connection", "close")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
                all.add(http.sendAsync(req, HttpResponse.BodyHandlers.discarding()).handle((r, e) -> {
                    if (e != null) {
                        System.err.println(System.currentTimeMillis() + " upload without an answer after "
                                + (System.nanoTime() - t0) / 1_000_000 + " ms: " + rootCause(e));
                    }
                    String k = e != null ? "no answer (" + rootCause(e).getClass().getSimpleName() + ")"
                            : String.valueOf(r.statusCode());
                    return answers.computeIfAbsent(k, x -> new AtomicInteger()).incrementAndGet();
                }));
            }
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
            other.close();
            peak.close();
            long s = (System.nanoTime() - t0) / 1_000_000_000;
            int answered = answers.getOrDefault("200", new AtomicInteger()).get()
                    + answers.getOrDefault("503", new AtomicInteger()).get();
            figure(answered == count && peak.get() < rssLimitMb && other.notOk.get() == 0 && other.ok.get() > 0,
                    count + " parallel 5 MB uploads in " + s + " s: " + new LinkedHashMap<>(answers) + ", peak RSS "
                            + peak.get() + " MB (limit " + rssLimitMb + "), other client " + other.ok.get()
                            + " × 200, " + other.notOk.get() + " failed");
        }
    }

    private static Throwable rootCause(Throwable e) {
        return e.getCause() == null ? e : rootCause(e.getCause());
    }

    /** Sends 1 kB chunks on a Chat stream whose echoes it never reads, as fast as flow control lets it. */
    private void nonReadingGrpcClient(int seconds) throws Exception {
        ByteMarshaller bytes = new ByteMarshaller();
        MethodDescriptor<byte[], byte[]> chat = MethodDescriptor.<byte[], byte[]>newBuilder()
                .setType(MethodDescriptor.MethodType.BIDI_STREAMING).setFullMethodName("limits.Limits/Chat")
                .setRequestMarshaller(bytes).setResponseMarshaller(bytes).build();
        byte[] chunk = new byte[1003]; // field 1, length 1000 (varint e8 07), 1000 × 'e'
        chunk[0] = 0x0a;
        chunk[1] = (byte) 0xe8;
        chunk[2] = 0x07;
        java.util.Arrays.fill(chunk, 3, chunk.length, (byte) 'e');
        ManagedChannel ch = NettyChannelBuilder.forAddress("127.0.0.1", grpcPort).usePlaintext()
                .flowControlWindow(65_535).build();
        long sent = 0;
        List<String> timeline = new ArrayList<>();
        try (PeakRss peak = new PeakRss()) {
            ClientCall<byte[], byte[]> call = ch.newCall(chat, CallOptions.DEFAULT);
            call.start(new ClientCall.Listener<>() {
            }, new Metadata()); // and never call.request(n)
            long t0 = System.nanoTime();
            long nextMark = 5;
            while (true) {
                long elapsed = (System.nanoTime() - t0) / 1_000_000_000;
                if (elapsed >= nextMark) {
                    timeline.add(elapsed + "s " + sent / 1024 + "kB");
                    nextMark += 5;
                }
                if (elapsed >= seconds) {
                    break;
                }
                if (call.isReady()) {
                    call.sendMessage(chunk);
                    sent += chunk.length;
                } else {
                    Thread.sleep(1);
                }
            }
            call.cancel("done", null);
            peak.close();
            figure(peak.get() < 400 && sent < 16L << 20, "gRPC client not reading for " + seconds + " s: sent "
                    + sent / 1024 + " kB in all, over time " + timeline + ", server peak RSS " + peak.get()
                    + " MB (limit 400)");
        } finally {
            ch.shutdownNow();
        }
    }

    /** 100 connections each send the first half of a 15 MB frame and stay open. */
    private void halfSentThriftFrames() throws Exception {
        int frame = 15_000_000;
        byte[] half = new byte[frame / 2];
        List<Socket> sockets = new ArrayList<>();
        AtomicInteger cut = new AtomicInteger();
        try (PeakRss peak = new PeakRss()) {
            List<Thread> senders = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                Socket s = new Socket("127.0.0.1", thriftPort);
                sockets.add(s);
                Thread t = new Thread(() -> {
                    try {
                        OutputStream out = s.getOutputStream();
                        out.write(new byte[] {(byte) (frame >>> 24), (byte) (frame >>> 16), (byte) (frame >>> 8),
                            (byte) frame});
                        out.write(half);
                        out.flush();
                    } catch (Exception e) {
                        cut.incrementAndGet(); // the server closed it while it was sending
                    }
                });
                t.start();
                senders.add(t);
            }
            for (Thread t : senders) {
                t.join(60_000);
            }
            Thread.sleep(3000);
            peak.close();
            int closed = 0;
            for (Socket s : sockets) {
                s.setSoTimeout(200);
                try {
                    if (s.getInputStream().read() < 0) {
                        closed++;
                    }
                } catch (java.net.SocketTimeoutException e) {
                    // still open, waiting for the rest of its frame
                } catch (Exception e) {
                    closed++;
                }
            }
            figure(peak.get() < 400, "100 half-sent 15 MB Thrift frames: " + closed + " connections closed by the"
                    + " server (" + cut.get() + " while sending), peak RSS " + peak.get() + " MB (limit 400)");
        } finally {
            for (Socket s : sockets) {
                s.close();
            }
        }
    }

    HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private void cyclicObject() throws Exception {
        HttpResponse<String> cyc = get("/cyc");
        HttpResponse<String> again = get("/cyc");
        int ok = get("/ok").statusCode();
        boolean v8Text = cyc.body().startsWith("TypeError: Converting circular structure to JSON\n");
        figure(v8Text && cyc.statusCode() == 500 && again.statusCode() == 500 && ok == 200,
                "cyclic object: /cyc answered " + cyc.statusCode() + " '" + cyc.body().replace("\n", "\\n")
                        + "' twice, /ok " + ok);
    }

    private void deployHangs() throws Exception {
        Map<String, String> bad = new LinkedHashMap<>();
        bad.put("1200 nested .proto messages", DeployHangTest.deepProto());
        bad.put("5000-deep Thrift list", DeployHangTest.deepThrift());
        bad.put("5000 nested JSONata brackets", DeployHangTest.deepJsonata());
        for (Map.Entry<String, String> e : bad.entrySet()) {
            long t0 = System.nanoTime();
            HttpResponse<String> r = deploy(e.getValue());
            long ms = (System.nanoTime() - t0) / 1_000_000;
            int next = deploy(DeployHangTest.good()).statusCode();
            int ok = get("/ok").statusCode();
            figure(r.statusCode() == 400 && ms < 1000 && next == 204 && ok == 200, "deploy of " + e.getKey()
                    + ": " + r.statusCode() + " in " + ms + " ms, next good deploy " + next + ", /ok " + ok);
        }
        long t0 = System.nanoTime();
        HttpResponse<String> r = deploy(DeployHangTest.nodeIdFromEnv());
        long ms = (System.nanoTime() - t0) / 1_000_000;
        int next = deploy(DeployHangTest.good()).statusCode();
        figure(r.statusCode() == 204 && ms < 1000 && next == 204, "deploy of node id ${HOME} (valid: the id is kept): "
                + r.statusCode() + " in " + ms + " ms, next good deploy " + next);
    }

    HttpResponse<String> deploy(String flows) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/flows"))
                .timeout(Duration.ofSeconds(30)).header("content-type", "application/json")
                .header("Node-RED-Deployment-Type", "full").POST(HttpRequest.BodyPublishers.ofString(flows))
                .build(), HttpResponse.BodyHandlers.ofString());
    }
}
