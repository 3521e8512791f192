package io.redwire.nodes.function;

import io.redwire.testing.Harness;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** cluster.increment / cluster.counter in a function node: atomic counters (a process's own outside a cluster). */
class ClusterCounterTest {
    @Test
    void incrementsAreCountedAndReadBack() throws Exception {
        try (Harness h = new Harness().deploy("""
                [{"id":"t1","type":"tab"},
                 {"id":"h1","type":"http in","z":"t1","url":"/inc","method":"post","wires":[["f1"]]},
                 {"id":"f1","type":"function","z":"t1","outputs":1,"wires":[["r1"]],
                  "func":"return cluster.increment('n', Number(msg.payload)).then(v => { msg.payload = String(v); return msg; });"},
                 {"id":"h2","type":"http in","z":"t1","url":"/n","method":"get","wires":[["f2"]]},
                 {"id":"f2","type":"function","z":"t1","outputs":1,"wires":[["r1"]],
                  "func":"const v = await cluster.counter('n'); msg.payload = String(v); return msg;"},
                 {"id":"r1","type":"http response","z":"t1","wires":[]}]""")) {
            assertEquals("1", h.post("/inc", "text/plain", "1").body());
            assertEquals("6", h.post("/inc", "text/plain", "5").body());
            assertEquals("6", h.get("/n").body());
        }
    }
}
