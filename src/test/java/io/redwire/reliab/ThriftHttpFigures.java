package io.redwire.reliab;

import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolUtil;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TMemoryBuffer;
import org.apache.thrift.transport.TMemoryInputTransport;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Issue 24's Thrift-over-HTTP figure for scripts/hostile.sh (thriftHttp), on the engine HostileFigures started:
 * TinyCalc served at a path of Redwire's HTTP server gets 400 bad requests from 8 clients (random bytes, messages
 * cut short, empty bodies, GETs) while another client keeps calling sum (messages written and read by libthrift's
 * TBinaryProtocol, posted as THttpClient does; THttpClient itself needs Apache HttpClient 5, which Redwire does
 * not ship); every bad one must get its 4xx and every sum its right answer.
 */
final class ThriftHttpFigures {
    private static final String PATH = "/hostile/thrift";
    private static final String FLOW = """
            [{"id":"t1","type":"tab"},
             {"id":"th","type":"thrift-server","port":%d,"idlFile":"tinycalc.thrift","protocol":"binary",
              "transport":"http","httpPath":"%s","localServer":true},
             {"id":"sum","type":"thrift-register-function","z":"t1","server":"th","service":"TinyCalc","method":"sum",
              "wires":[["add"]]},
             {"id":"add","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg",
              "to":"payload.a + payload.b","tot":"jsonata"}],"wires":[["resp"]]},
             {"id":"resp","type":"thrift-response","z":"t1","wires":[]}]
            """;

    private final HostileFigures engine;
    private final int port;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

    ThriftHttpFigures(HostileFigures engine, int port) {
        this.engine = engine;
        this.port = port;
    }

    void badRequestsBesideGoodCalls() throws Exception {
        HttpResponse<String> deployed = engine.deploy(FLOW.formatted(port, PATH));
        if (deployed.statusCode() / 100 != 2) {
            throw new IllegalStateException("deploy failed: " + deployed.statusCode() + " " + deployed.body());
        }
        ExecutorService pool = Executors.newFixedThreadPool(9);
        try {
            Future<String> good = pool.submit(this::sums);
            List<Future<Integer>> bad = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                int kind = i % 4;
                bad.add(pool.submit(() -> badRequest(kind)));
            }
            Map<Integer, Integer> statuses = new TreeMap<>();
            for (Future<Integer> f : bad) {
                statuses.merge(f.get(), 1, Integer::sum);
            }
            String sums = good.get();
            boolean allRefused = statuses.keySet().stream().allMatch(s -> s == 400 || s == 405);
            engine.figure(allRefused && sums.equals("200 of 200 right"), "Thrift over HTTP at " + PATH
                    + ": 400 bad requests (random bytes, cut-short messages, empty bodies, GETs) answered "
                    + statuses + "; sums meanwhile: " + sums);
        } finally {
            pool.shutdownNow();
        }
    }

    private int badRequest(int kind) throws Exception {
        byte[] body = switch (kind) {
            case 0 -> {
                byte[] random = new byte[1 + ThreadLocalRandom.current().nextInt(4096)];
                ThreadLocalRandom.current().nextBytes(random);
                random[0] = (byte) 0x80; // looks like binary, then is not
                yield random;
            }
            case 1 -> new byte[]{(byte) 0x80, 1, 0, 1, 0, 0, 0, 3, 's', 'u', 'm', 0, 0, 0, 1, 4};
            default -> new byte[0];
        };
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + PATH))
                .timeout(Duration.ofSeconds(30)).header("content-type", "application/x-thrift");
        b = kind == 3 ? b.GET() : b.POST(HttpRequest.BodyPublishers.ofByteArray(body));
        return http.send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /** sum(i, 0.5) 200 times, one POST each, by hand-written messages (no generated code). */
    private String sums() throws Exception {
        int right = 0;
        String wrong = "";
        for (int i = 0; i < 200; i++) {
            TMemoryBuffer out = new TMemoryBuffer(64);
            TProtocol w = new TBinaryProtocol(out);
            w.writeMessageBegin(new TMessage("sum", TMessageType.CALL, i));
            w.writeStructBegin(new TStruct("sum_args"));
            w.writeFieldBegin(new TField("a", TType.DOUBLE, (short) 1));
            w.writeDouble(i);
            w.writeFieldEnd();
            w.writeFieldBegin(new TField("b", TType.DOUBLE, (short) 2));
            w.writeDouble(0.5);
            w.writeFieldEnd();
            w.writeFieldStop();
            w.writeStructEnd();
            w.writeMessageEnd();
            HttpResponse<byte[]> answer = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + PATH)).timeout(Duration.ofSeconds(30)).header("content-type", "application/x-thrift")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(out.getArray(), 0, out.length())).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            TProtocol p = new TBinaryProtocol(new TMemoryInputTransport(answer.body()));
            TMessage reply = p.readMessageBegin();
            p.readStructBegin();
            double value = Double.NaN;
            for (TField f = p.readFieldBegin(); f.type != TType.STOP; f = p.readFieldBegin()) {
                if (f.id == 0 && f.type == TType.DOUBLE) {
                    value = p.readDouble();
                } else {
                    TProtocolUtil.skip(p, f.type);
                }
                p.readFieldEnd();
            }
            p.readStructEnd();
            p.readMessageEnd();
            if (answer.statusCode() == 200 && reply.type == TMessageType.REPLY && reply.seqid == i
                    && value == i + 0.5) {
                right++;
            } else if (wrong.isEmpty()) {
                wrong = ", first wrong: #" + i + " HTTP " + answer.statusCode() + " type " + reply.type + " value "
                        + value;
            }
        }
        return right + " of 200 right" + wrong;
    }
}
