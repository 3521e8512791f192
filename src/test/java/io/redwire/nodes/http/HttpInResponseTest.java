package io.redwire.nodes.http;

import io.redwire.testing.Harness;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HttpInResponseTest {
    private static final String ECHO = """
            [{"id":"t","type":"tab"},
             {"id":"in","type":"http in","z":"t","url":"/echo/:id?","method":"post","x":1,"y":1,"wires":[["out"]]},
             {"id":"get","type":"http in","z":"t","url":"/echo/:id?","method":"get","x":1,"y":1,"wires":[["out"]]},
             {"id":"out","type":"http response","z":"t","statusCode":"","headers":{},"x":1,"y":1,"wires":[]}]
            """;

    @Test
    void jsonBodyIsParsedAndEchoedAsJson() throws Exception {
        try (Harness h = new Harness().deploy(ECHO)) {
            HttpResponse<String> r = h.post("/echo/7", "application/json", "{\"a\":[1,2.5,null],\"big\":12345678901234567890}");
            assertEquals(200, r.statusCode());
            assertEquals("application/json; charset=utf-8", r.headers().firstValue("content-type").orElse(""));
            assertEquals("{\"a\":[1,2.5,null],\"big\":12345678901234567000}", r.body());
        }
    }

    @Test
    void getPayloadIsTheParsedQuery() throws Exception {
        try (Harness h = new Harness().deploy(ECHO)) {
            HttpResponse<String> r = h.get("/echo?a=1&b=x&b=y&c%5Bd%5D=e&sp=a%20b+c");
            assertEquals("{\"a\":\"1\",\"b\":[\"x\",\"y\"],\"c\":{\"d\":\"e\"},\"sp\":\"a b c\"}", r.body());
        }
    }

    @Test
    void badJsonAndScalarsAre400AndTheServerKeepsServing() throws Exception {
        try (Harness h = new Harness().deploy(ECHO)) {
            assertEquals(400, h.post("/echo", "application/json", "{bad").statusCode());
            assertEquals(400, h.post("/echo", "application/json", "5").statusCode());
            assertEquals("text/plain body", h.post("/echo", "text/plain", "text/plain body").body());
        }
    }

    @Test
    void unknownPathsGetExpressStyle404() throws Exception {
        try (Harness h = new Harness().deploy(ECHO)) {
            HttpResponse<String> r = h.get("/nope");
            assertEquals(404, r.statusCode());
            assertTrue(r.body().contains("Cannot GET /nope"), r.body());
        }
    }
}
