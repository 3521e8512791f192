package io.redwire.flow;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which flows-file ids a nodes or flows deploy restarts, as Node-RED's runtime decides. */
class DeployDiffTest {
    private static final String BASE = """
            [{"id":"t1","type":"tab"},{"id":"t2","type":"tab"},
             {"id":"cfg","type":"mqtt-broker","broker":"localhost"},
             {"id":"a","type":"inject","z":"t1","x":1,"y":1,"wires":[["b"]]},
             {"id":"b","type":"debug","z":"t1","x":2,"y":1,"wires":[]},
             {"id":"c","type":"mqtt out","z":"t1","broker":"cfg","x":3,"y":1,"wires":[]},
             {"id":"d","type":"debug","z":"t2","x":1,"y":1,"wires":[]},
             {"id":"sf","type":"subflow","name":"S","in":[],"out":[]},
             {"id":"inner","type":"function","z":"sf","func":"return msg;","x":1,"y":1,"wires":[]},
             {"id":"inst","type":"subflow:sf","z":"t2","x":5,"y":5,"wires":[]},
             {"id":"grp","type":"group","z":"t2","name":"G","style":{},"nodes":["e"]},
             {"id":"e","type":"debug","z":"t2","g":"grp","x":1,"y":9,"wires":[]}]""";

    private static List<Map<String, Object>> flows(String json) {
        return FlowFileReader.parse(json, "test flows");
    }

    private static DeployDiff diff(String from, String to) {
        return DeployDiff.between(flows(BASE), flows(BASE.replace(from, to)));
    }

    @Test
    void movingANodeChangesNothing() {
        DeployDiff d = diff("\"x\":2,\"y\":1", "\"x\":200,\"y\":100");
        assertEquals(Set.of(), d.restarted(DeployMode.NODES));
        assertEquals(Set.of(), d.restarted(DeployMode.FLOWS));
    }

    @Test
    void aChangedPropertyRestartsThatNodeOrItsWholeFlow() {
        DeployDiff d = diff("\"id\":\"d\",\"type\":\"debug\"", "\"id\":\"d\",\"type\":\"debug\",\"name\":\"n\"");
        assertEquals(Set.of("d"), d.restarted(DeployMode.NODES));
        assertEquals(Set.of("d", "inst", "grp", "e"), d.restarted(DeployMode.FLOWS));
    }

    @Test
    void changedWiresOnlyRewireInANodesDeploy() {
        DeployDiff d = diff("\"wires\":[[\"b\"]]", "\"wires\":[[]]");
        assertEquals(Set.of("a"), d.rewired());
        assertEquals(Set.of(), d.restarted(DeployMode.NODES));
        assertEquals(Set.of("a", "b", "c"), d.restarted(DeployMode.FLOWS));
    }

    @Test
    void aChangedConfigNodeRestartsItsUsers() {
        DeployDiff d = diff("\"broker\":\"localhost\"", "\"broker\":\"elsewhere\"");
        assertEquals(Set.of("cfg", "c"), d.restarted(DeployMode.NODES));
        assertEquals(Set.of("cfg", "a", "b", "c"), d.restarted(DeployMode.FLOWS), "its users' flow, no other");
    }

    @Test
    void aChangeInsideASubflowTemplateRestartsItsInstances() {
        DeployDiff d = diff("return msg;", "return null;");
        assertTrue(d.restarted(DeployMode.NODES).contains("inst"), d.restarted(DeployMode.NODES).toString());
        assertTrue(!d.restarted(DeployMode.NODES).contains("d"));
    }

    @Test
    void aChangedGroupRestartsItsMembersButRestylingDoesNot() {
        assertEquals(Set.of("grp", "e"), diff("\"name\":\"G\"", "\"name\":\"H\"").restarted(DeployMode.NODES));
        assertEquals(Set.of(), diff("\"style\":{}", "\"style\":{\"fill\":\"#fff\"}").restarted(DeployMode.NODES));
    }

    @Test
    void addedAndRemovedNodesAndTabEnvRestartWhatTheyTouch() {
        assertEquals(Set.of("b"), diff(",\n {\"id\":\"b\",\"type\":\"debug\",\"z\":\"t1\",\"x\":2,\"y\":1,\"wires\":[]}",
                "").restarted(DeployMode.NODES));
        assertEquals(Set.of("d", "inst", "grp", "e"),
                diff("{\"id\":\"t2\",\"type\":\"tab\"}", "{\"id\":\"t2\",\"type\":\"tab\",\"env\":[]}")
                        .restarted(DeployMode.NODES));
    }

    @Test
    void aChangedGlobalEnvMakesItAFullDeploy() {
        DeployDiff d = diff("{\"id\":\"t1\",\"type\":\"tab\"}",
                "{\"id\":\"t1\",\"type\":\"tab\"},{\"id\":\"gc\",\"type\":\"global-config\",\"env\":[]}");
        assertTrue(d.globalConfigChanged());
        assertNull(d.restarted(DeployMode.NODES));
        assertNull(diff("x", "x").restarted(DeployMode.FULL));
    }
}
