package io.redwire.reliab;

import io.redwire.msg.Messages;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A self-referencing payload must become a node error, never a dead flow thread (issue 15). */
class CyclicMessageTest {
    static final String FLOW = """
            [{"id":"t1","type":"tab","label":"cyc"},
             {"id":"in1","type":"http in","z":"t1","url":"/cyc","method":"get","wires":[["f1"]]},
             {"id":"f1","type":"function","z":"t1","func":"const o={}; o.self=o; msg.payload=o; return msg;",
              "outputs":1,"wires":[["r1"]]},
             {"id":"r1","type":"http response","z":"t1","wires":[]},
             {"id":"c1","type":"catch","z":"t1","scope":null,"uncaught":false,"wires":[["f2"]]},
             {"id":"f2","type":"function","z":"t1",
              "func":"msg.statusCode=500; msg.payload='caught: '+msg.error.message; return msg;",
              "outputs":1,"wires":[["r2"]]},
             {"id":"r2","type":"http response","z":"t1","wires":[]},
             {"id":"in2","type":"http in","z":"t1","url":"/ok","method":"get","wires":[["r3"]]},
             {"id":"r3","type":"http response","z":"t1","wires":[]}]
            """;

    @Test
    void theCyclicFlowAnswersWithAnErrorAndEveryOtherRouteKeepsAnswering() throws Exception {
        try (Harness h = new Harness()) {
            h.deploy(FLOW);
            for (int i = 0; i < 3; i++) {
                HttpResponse<String> cyc = h.get("/cyc");
                assertEquals(500, cyc.statusCode(), cyc.body());
                assertTrue(cyc.body().startsWith("caught: ") && cyc.body().contains("circular"), cyc.body());
                assertEquals(200, h.get("/ok").statusCode());
            }
            h.deploy(FLOW); // and a redeploy still works
            assertEquals(200, h.get("/ok").statusCode());
            assertEquals(500, h.get("/cyc").statusCode());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void aCopyKeepsTheCycleAsLodashCloneDeepDoes() {
        Map<String, Object> o = new LinkedHashMap<>();
        List<Object> list = new ArrayList<>();
        o.put("self", o);
        o.put("list", list);
        list.add(o);
        list.add(list);
        Map<String, Object> c = (Map<String, Object>) Messages.deepCopy(o);
        assertNotSame(o, c);
        assertSame(c, c.get("self"));
        List<Object> cl = (List<Object>) c.get("list");
        assertNotSame(list, cl);
        assertSame(c, cl.get(0));
        assertSame(cl, cl.get(1));
    }

    @Test
    void aCopyTooDeepToMakeIsAnErrorNotAStackOverflow() {
        Map<String, Object> deep = new LinkedHashMap<>();
        Map<String, Object> cur = deep;
        for (int i = 0; i < 200_000; i++) {
            Map<String, Object> next = new LinkedHashMap<>();
            cur.put("a", next);
            cur = next;
        }
        RuntimeException e = assertThrows(RuntimeException.class, () -> Messages.deepCopy(deep));
        assertEquals("RangeError: Maximum call stack size exceeded", e.getMessage()); // lodash's cloneDeep in Node-RED
    }
}
