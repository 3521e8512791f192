package io.redwire.ops;

import io.redwire.testing.Harness;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Health probes and Prometheus metrics on a real server. */
class OperationsTest {
    private static final String FLOW = """
            [{"id":"t","type":"tab","label":"t"},
             {"id":"in","type":"http in","z":"t","url":"/hello","method":"get","x":1,"y":1,"wires":[["set"]]},
             {"id":"set","type":"change","z":"t","rules":[{"t":"set","p":"payload","pt":"msg","to":"hi","tot":"str"}],
              "x":1,"y":1,"wires":[["fn"]]},
             {"id":"fn","type":"function","z":"t","func":"return msg;","outputs":1,"x":1,"y":1,"wires":[["out"]]},
             {"id":"out","type":"http response","z":"t","x":1,"y":1,"wires":[]}]
            """;

    /** The first answers may wait for start-up work (JIT, GraalJS) on a loaded machine: a few tries. */
    private static HttpResponse<String> patiently(Harness h, String path) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                return h.get(path);
            } catch (java.net.http.HttpTimeoutException slow) {
                if (attempt == 6) {
                    throw slow;
                }
            }
        }
    }

    /** A sample's value in the Prometheus text, e.g. {@code name{labels} 20.0}. */
    private static double sample(String metrics, String series) {
        for (String line : metrics.split("\n")) {
            if (line.startsWith(series + " ")) {
                return Double.parseDouble(line.substring(series.length() + 1).trim());
            }
        }
        throw new AssertionError("no " + series + " in\n" + metrics);
    }

    @Test
    void readinessIs503UntilFlowsStartAndMetricsShowTheHttpInHistogramAndNodeCounters() throws Exception {
        try (Harness h = new Harness()) {
            assertEquals(200, patiently(h, "/health/live").statusCode(), "the flow loop answers");
            HttpResponse<String> before = h.get("/health/ready");
            assertEquals(503, before.statusCode(), before.body());
            assertTrue(before.body().contains("DOWN"), before.body());
            h.deploy(FLOW);
            HttpResponse<String> after = h.get("/health/ready");
            assertEquals(200, after.statusCode(), after.body());
            assertEquals("hi", patiently(h, "/hello").body());
            for (int i = 1; i < 20; i++) {
                assertEquals("hi", h.get("/hello").body());
            }
            String metrics = h.get("/metrics").body();
            assertTrue(metrics.contains("redwire_http_in_seconds_bucket{method=\"GET\",url=\"/hello\",le="), metrics);
            assertTrue(sample(metrics, "redwire_http_in_seconds_count{method=\"GET\",url=\"/hello\"}") >= 20, metrics);
            assertTrue(sample(metrics, "redwire_node_messages_received_total{type=\"change\"}") >= 20, metrics);
            assertTrue(sample(metrics, "redwire_node_messages_sent_total{type=\"http in\"}") >= 20, metrics);
            assertTrue(sample(metrics, "redwire_function_run_seconds_count") >= 20, metrics);
            assertEquals(1.0, sample(metrics, "redwire_deploys_total{result=\"ok\"}"), metrics);
            assertTrue(metrics.contains("redwire_event_loop_delay_seconds_bucket"), metrics);
            assertTrue(metrics.contains("vertx_http_server_requests_total"), metrics);
        }
    }

    private static final String PROTO = "syntax = \\\"proto3\\\"; package calc; service Calc { rpc Add (Pair) returns (Sum); "
            + "rpc Sub (Pair) returns (Sum); } message Pair { int32 a = 1; int32 b = 2; } message Sum { int32 v = 1; }";
    private static final String IDL = "service Calc { i32 add(1: i32 a, 2: i32 b), i32 sub(1: i32 a, 2: i32 b) }";

    /** HTTP, gRPC and Thrift served and called by one flow over real sockets; Calc.Add / add answered, Sub / sub not. */
    private static final String RPC_FLOW = """
            [{"id":"t","type":"tab","label":"t"},
             {"id":"in","type":"http in","z":"t","url":"/hello","method":"get","x":1,"y":1,"wires":[["set"]]},
             {"id":"set","type":"change","z":"t","rules":[{"t":"set","p":"payload","pt":"msg","to":"hi","tot":"str"}],
              "x":1,"y":1,"wires":[["out"]]},
             {"id":"out","type":"http response","z":"t","x":1,"y":1,"wires":[]},
             {"id":"G","type":"grpc-server","port":"0","server":"127.0.0.1","protoFile":"%s","localServer":true},
             {"id":"gAdd","type":"grpc-register-function","z":"t","server":"G","service":"Calc","method":"Add",
              "x":1,"y":1,"wires":[["gSum"]]},
             {"id":"gSum","type":"change","z":"t","rules":[{"t":"set","p":"payload","pt":"msg","to":"{\\"v\\":3}",
              "tot":"json"}],"x":1,"y":1,"wires":[["gResp"]]},
             {"id":"gResp","type":"grpc-response","z":"t","x":1,"y":1,"wires":[]},
             {"id":"goAdd","type":"inject","z":"t","props":[{"p":"payload"}],"payload":"{\\"a\\":1,\\"b\\":2}",
              "payloadType":"json","x":1,"y":1,"wires":[["callAdd"]]},
             {"id":"callAdd","type":"grpc-call","z":"t","server":"G","service":"Calc","method":"Add","x":1,"y":1,
              "wires":[["rpcOut"]]},
             {"id":"goSub","type":"inject","z":"t","props":[{"p":"payload"}],"payload":"{\\"a\\":1,\\"b\\":2}",
              "payloadType":"json","x":1,"y":1,"wires":[["callSub"]]},
             {"id":"callSub","type":"grpc-call","z":"t","server":"G","service":"Calc","method":"Sub","x":1,"y":1,
              "wires":[["rpcOut"]]},
             {"id":"T","type":"thrift-server","port":0,"idl":"%s","localServer":true},
             {"id":"tAdd","type":"thrift-register-function","z":"t","server":"T","service":"Calc","method":"add",
              "x":1,"y":1,"wires":[["tSum"]]},
             {"id":"tSum","type":"change","z":"t","rules":[{"t":"set","p":"payload","pt":"msg","to":"3","tot":"num"}],
              "x":1,"y":1,"wires":[["tResp"]]},
             {"id":"tResp","type":"thrift-response","z":"t","x":1,"y":1,"wires":[]},
             {"id":"goTAdd","type":"inject","z":"t","props":[{"p":"payload"}],"payload":"{\\"a\\":1,\\"b\\":2}",
              "payloadType":"json","x":1,"y":1,"wires":[["tCallAdd"]]},
             {"id":"tCallAdd","type":"thrift-call","z":"t","server":"T","service":"Calc","method":"add","x":1,"y":1,
              "wires":[["rpcOut"]]},
             {"id":"goTSub","type":"inject","z":"t","props":[{"p":"payload"}],"payload":"{\\"a\\":1,\\"b\\":2}",
              "payloadType":"json","x":1,"y":1,"wires":[["tCallSub"]]},
             {"id":"tCallSub","type":"thrift-call","z":"t","server":"T","service":"Calc","method":"sub","x":1,"y":1,
              "wires":[["rpcOut"]]},
             {"id":"rpcOut","type":"debug","z":"t","complete":"true","x":1,"y":1,"wires":[]},
             {"id":"c","type":"catch","z":"t","scope":null,"x":1,"y":1,"wires":[[]]}]
            """.formatted(PROTO, IDL);

    /** A call timer's count: protocol, side, "service.method", status (Thrift's over a buffered socket). */
    private static double calls(String metrics, String protocol, String side, String serviceMethod, String status) {
        int dot = serviceMethod.lastIndexOf('.');
        return sample(metrics, "redwire_" + protocol + "_calls_seconds_count{method=\"" + serviceMethod.substring(dot + 1)
                + (protocol.equals("grpc") ? "\",protocol=\"grpc" : "") + "\",service=\"" + serviceMethod.substring(0, dot)
                + "\",side=\"" + side + "\",status=\"" + status
                + (protocol.equals("thrift") ? "\",transport=\"buffered" : "") + "\"}");
    }

    @Test
    void metricsAfterLoadShowHttpInNodeCountersAndGrpcAndThriftCallsByStatus() throws Exception {
        try (Harness h = new Harness()) {
            h.deploy(RPC_FLOW);
            assertEquals("hi", patiently(h, "/hello").body());
            Process wrk = new ProcessBuilder("wrk", "-t1", "-c4", "-d2s", h.url("/hello")).redirectErrorStream(true)
                    .start();
            String wrkOut = new String(wrk.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(wrk.waitFor(30, TimeUnit.SECONDS) && wrk.exitValue() == 0, wrkOut);
            Matcher m = Pattern.compile("(\\d+) requests in").matcher(wrkOut);
            assertTrue(m.find(), wrkOut);
            long requests = Long.parseLong(m.group(1));
            assertTrue(requests > 50, wrkOut);

            for (String id : List.of("goAdd", "goAdd", "goSub", "goTAdd", "goTSub")) {
                h.inject(id);
                assertTrue(h.nextDebug(30) != null, "an answer to " + id);
            }
            String metrics = h.get("/metrics").body();
            assertTrue(sample(metrics, "redwire_http_in_seconds_count{method=\"GET\",url=\"/hello\"}") >= requests,
                    metrics);
            assertTrue(metrics.contains("redwire_http_in_seconds_bucket{method=\"GET\",url=\"/hello\",le="), metrics);
            assertTrue(sample(metrics, "redwire_node_messages_received_total{type=\"change\"}") >= requests, metrics);
            assertTrue(sample(metrics, "redwire_node_messages_received_total{type=\"http response\"}") >= requests,
                    metrics);
            assertTrue(sample(metrics, "redwire_node_messages_sent_total{type=\"http in\"}") >= requests, metrics);
            assertEquals(2.0, calls(metrics, "grpc", "client", "calc.Calc.Add", "OK"), metrics);
            assertEquals(2.0, calls(metrics, "grpc", "server", "calc.Calc.Add", "OK"), metrics);
            assertEquals(1.0, calls(metrics, "grpc", "client", "calc.Calc.Sub", "UNIMPLEMENTED"), metrics);
            assertEquals(1.0, calls(metrics, "grpc", "server", "calc.Calc.Sub", "UNIMPLEMENTED"), metrics);
            assertEquals(1.0, calls(metrics, "thrift", "client", "Calc.add", "OK"), metrics);
            assertEquals(1.0, calls(metrics, "thrift", "server", "Calc.add", "OK"), metrics);
            assertEquals(1.0, calls(metrics, "thrift", "client", "Calc.sub", "UNKNOWN_METHOD"), metrics);
            // each Vert.x pool is its own series (without the pool labels the second pool's gauges collided with
            // the first's and Micrometer warned at every start)
            assertTrue(metrics.contains("vertx_pool_queue_pending{pool_name=\"vert.x-internal-blocking\","
                    + "pool_type=\"worker\"}"), metrics);
            assertTrue(metrics.contains("vertx_pool_queue_pending{pool_name=\"vert.x-worker-thread\","
                    + "pool_type=\"worker\"}"), metrics);
        }
    }
}
