package io.redwire.context;

import io.redwire.msg.Json;
import io.redwire.testing.Harness;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * After each deploy Node-RED 5.0.7 drops the context of the nodes and flows it no longer runs (context.clean), global
 * context stays: a flow deployed again starts with empty node and flow context (checked on the real Node-RED with
 * this flow: deploy, inject, deploy [], deploy again gives {"memory":{}} for both).
 */
class RemovedNodeContextTest {
    private static final String FLOW = """
            [{"id":"t1","type":"tab","label":"A"},
             {"id":"i1","type":"inject","z":"t1","props":[{"p":"payload"}],"payload":"","payloadType":"date",
              "repeat":"","crontab":"","once":false,"wires":[["f1"]]},
             {"id":"f1","type":"function","z":"t1","outputs":1,"wires":[["d1"]],
              "func":"context.set('n',1); flow.set('m',1); global.set('g',1); return msg;"},
             {"id":"d1","type":"debug","z":"t1","active":true,"tosidebar":true,"complete":"payload","wires":[]}]
            """;

    @Test
    void aFlowDeployedAgainStartsWithEmptyNodeAndFlowContext() throws Exception {
        try (Harness h = new Harness()) {
            h.deploy(FLOW);
            h.inject("i1");
            h.nextDebug(10);
            assertEquals("{\"memory\":{\"n\":{\"msg\":\"1\",\"format\":\"number\"}}}", h.get("/context/node/f1").body());
            h.deploy("[]");
            h.deploy(FLOW);
            assertEquals(Json.parse("{\"memory\":{}}"), Json.parse(h.get("/context/node/f1").body()));
            assertEquals(Json.parse("{\"memory\":{}}"), Json.parse(h.get("/context/flow/t1").body()));
            assertEquals(Json.parse("{\"memory\":{\"g\":{\"msg\":\"1\",\"format\":\"number\"}}}"),
                    Json.parse(h.get("/context/global").body()));
        }
    }
}
