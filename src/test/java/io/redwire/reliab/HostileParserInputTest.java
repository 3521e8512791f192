package io.redwire.reliab;

import io.redwire.admin.AdminServer;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Parser inputs that used to fill the heap or hold the flow loop (issue 21): each is answered, as a node error the
 * catch node turns into a 500, within seconds, while the flow loop keeps answering /ok.
 */
public class HostileParserInputTest {
    public static final String FLOW = """
            [{"id":"t1","type":"tab","label":"hostile parsers"},
             {"id":"iy","type":"http in","z":"t1","url":"/yaml","method":"post","wires":[["yaml"]]},
             {"id":"yaml","type":"yaml","z":"t1","property":"payload","wires":[["res"]]},
             {"id":"ic","type":"http in","z":"t1","url":"/csv","method":"post","wires":[["csv"]]},
             {"id":"csv","type":"csv","z":"t1","spec":"rfc","sep":",","hdrin":false,"multi":"one","wires":[["count"]]},
             {"id":"il","type":"http in","z":"t1","url":"/csv-legacy","method":"post","wires":[["legacy"]]},
             {"id":"legacy","type":"csv","z":"t1","sep":",","hdrin":false,"multi":"one","wires":[["count"]]},
             {"id":"count","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg",
              "to":"$count($keys(payload))","tot":"jsonata"}],"wires":[["res"]]},
             {"id":"ix","type":"http in","z":"t1","url":"/xml","method":"post","wires":[["xml"]]},
             {"id":"xml","type":"xml","z":"t1","property":"payload","wires":[["res"]]},
             {"id":"ip","type":"http in","z":"t1","url":"/pad","method":"get","wires":[["pad"]]},
             {"id":"pad","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg",
              "to":"$pad('', 1e6, 'a')","tot":"jsonata"}],"wires":[["res"]]},
             {"id":"res","type":"http response","z":"t1","wires":[]},
             {"id":"catch","type":"catch","z":"t1","scope":null,"uncaught":false,"wires":[["err"]]},
             {"id":"err","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg","to":"error.message",
              "tot":"msg"},{"t":"set","p":"statusCode","pt":"msg","to":"500","tot":"num"}],"wires":[["res"]]},
             {"id":"io","type":"http in","z":"t1","url":"/ok","method":"get","wires":[["res"]]}]
            """;

    /** Nine anchors, each a list of nine aliases of the one before: 342 bytes that expand to 9^9 strings. */
    static String yamlAliasBomb() {
        StringBuilder y = new StringBuilder("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (char c = 'b'; c <= 'i'; c++) {
            String prev = "*" + (char) (c - 1);
            y.append(c).append(": &").append(c).append(" [").append(String.join(",", java.util.Collections.nCopies(9, prev)))
                    .append("]\n");
        }
        return y.toString();
    }

    /** One 5 MB CSV line of 2.5 million fields. */
    static String csvLine() {
        return "a,".repeat(2_500_000);
    }

    static String nestedXml(int depth) {
        return "<a>".repeat(depth) + "</a>".repeat(depth);
    }

    private static Harness harness(String settings) {
        return new Harness(AdminServer.settings(settings)).deploy(FLOW);
    }

    @Test
    void aYamlAliasBombIsTheYamlNodesError() throws Exception {
        try (Harness h = harness("{}"); FlowLoopProbe probe = new FlowLoopProbe(h.url("/ok"))) {
            long t0 = System.nanoTime();
            HttpResponse<String> r = h.post("/yaml", "text/plain", yamlAliasBomb());
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(500, r.statusCode(), r.body());
            assertTrue(r.body().contains("yamlMaxAliasExpansion"), r.body());
            assertTrue(ms < 5000, ms + " ms");
            assertEquals(200, h.get("/ok").statusCode());
            probe.close();
            assertTrue(probe.slowestMs() < 2000, "flow loop held " + probe.slowestMs() + " ms");
        }
    }

    @Test
    void aCsvLineOfTwoAndAHalfMillionFieldsIsRefusedQuicklyByDefault() throws Exception {
        try (Harness h = harness("{}"); FlowLoopProbe probe = new FlowLoopProbe(h.url("/ok"))) {
            for (String route : new String[] {"/csv", "/csv-legacy"}) {
                long t0 = System.nanoTime();
                HttpResponse<String> r = h.post(route, "text/plain", csvLine());
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertEquals(500, r.statusCode(), r.body());
                assertTrue(r.body().contains("csvMaxFieldsPerLine"), r.body());
                assertTrue(ms < 5000, route + " " + ms + " ms");
            }
            probe.close();
            assertTrue(probe.slowestMs() < 2000, "flow loop held " + probe.slowestMs() + " ms");
        }
    }

    @Test
    void aCsvLineOfTwoAndAHalfMillionFieldsIsParsedWhenTheLimitAllowsIt() throws Exception {
        try (Harness h = harness("{\"csvMaxFieldsPerLine\":3000000}")) {
            for (String route : new String[] {"/csv", "/csv-legacy"}) {
                long t0 = System.nanoTime();
                HttpResponse<String> r = h.post(route, "text/plain", csvLine());
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertEquals(200, r.statusCode(), r.body());
                assertTrue(r.body().startsWith("2500000") || r.body().startsWith("2500001"), r.body());
                // a hang guard: 2.5 M fields as one object take ~10 s on a loaded 2-core machine
                assertTrue(ms < 60_000, route + " " + ms + " ms");
            }
        }
    }

    @Test
    void xmlNestedAHundredThousandDeepIsTheXmlNodesError() throws Exception {
        try (Harness h = harness("{}")) {
            HttpResponse<String> r = h.post("/xml", "text/plain", nestedXml(100_000));
            assertEquals(500, r.statusCode(), r.body());
            assertTrue(r.body().contains("xmlMaxDepth"), r.body());
            assertEquals(200, h.get("/ok").statusCode());
        }
    }

    @Test
    void aHundredThousandDeepPayloadIsHttpResponsesErrorAnswered500() throws Exception {
        try (Harness h = harness("{\"xmlMaxDepth\":200000}")) {
            HttpResponse<String> r = h.post("/xml", "text/plain", nestedXml(100_000));
            assertEquals(500, r.statusCode(), r.body());
            assertEquals("RangeError: Maximum call stack size exceeded", r.body());
            assertEquals(200, h.get("/ok").statusCode());
        }
    }

    @Test
    void padToAMillionCharactersTakesMilliseconds() throws Exception {
        try (Harness h = harness("{}")) {
            h.get("/pad"); // JSONata's first run loads its classes
            long t0 = System.nanoTime();
            HttpResponse<String> r = h.get("/pad");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(200, r.statusCode(), r.body().length() > 200 ? r.body().substring(0, 200) : r.body());
            assertEquals(1_000_000, r.body().length());
            assertTrue(ms < 1000, ms + " ms");
        }
    }
}
