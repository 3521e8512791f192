package io.redwire.ops;

import io.redwire.testing.Harness;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

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
}
