package io.redwire.flow;

import io.redwire.msg.FlowException;
import io.redwire.testing.Fuzz;
import io.redwire.testing.Harness;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;


import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Mutated flow files through the loader and a real engine's deploy: each is read or refused with a FlowException,
 * and a deploy answers within seconds with an error that names no Java exception (issue 15's deploy hangs).
 */
class FlowLoaderFuzzTest {
    private static final List<String> SEEDS = List.of("""
            [{"id":"t1","type":"tab","label":"f","env":[{"name":"A","value":"1","type":"str"}]},
             {"id":"in1","type":"http in","z":"t1","url":"/a/:x","method":"post","wires":[["c1","s1"]]},
             {"id":"c1","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg","to":"$.a","tot":"jsonata"}],"wires":[["r1"]]},
             {"id":"s1","type":"switch","z":"t1","property":"payload","rules":[{"t":"eq","v":"1","vt":"num"}],"outputs":1,"wires":[["l1"]]},
             {"id":"l1","type":"link out","z":"t1","mode":"link","links":["l2"],"wires":[]},
             {"id":"l2","type":"link in","z":"t1","links":["l1"],"wires":[["r1"]]},
             {"id":"k1","type":"catch","z":"t1","scope":null,"wires":[["r1"]]},
             {"id":"r1","type":"http response","z":"t1","wires":[]}]
            """, """
            [{"id":"sf","type":"subflow","name":"s","in":[{"wires":[{"id":"d1"}]}],"out":[{"wires":[{"id":"d1","port":0}]}],"env":[]},
             {"id":"d1","type":"delay","z":"sf","pauseType":"delay","timeout":"1","timeoutUnits":"seconds","wires":[[]]},
             {"id":"t2","type":"tab","label":"g"},
             {"id":"i1","type":"subflow:sf","z":"t2","env":[{"name":"X","value":"${HOME}","type":"str"}],"wires":[["j1"]]},
             {"id":"j1","type":"junction","z":"t2","wires":[["g1"]]},
             {"id":"g1","type":"debug","z":"t2","g":"gr","wires":[]},
             {"id":"gr","type":"group","z":"t2","nodes":["g1"]}]
            """);
    private static final List<String> TOKENS = List.of("\"id\":\"${HOME}\"", "\"z\":\"t1\"", "\"wires\":[[\"x\"]]",
            "\"type\":\"subflow:sf\"", "\"type\":\"tab\"", "null", "{}", "[]", "\"g\":\"gr\"", "\"links\":[\"l1\"]",
            "\"scope\":[\"r1\"]", "$(A)", "\"d\":true", "1e309", "\"\\u0000\"");
    private static Harness engine;

    @BeforeContainer
    static void start() {
        engine = new Harness();
    }

    @AfterContainer
    static void stop() {
        engine.close();
    }

    @Provide
    Arbitrary<String> flows() {
        return Fuzz.mutations(SEEDS, TOKENS);
    }

    @Property
    void aMutatedFlowFileIsLoadedAndDeployedOrRefusedCleanly(@ForAll("flows") String text) {
        check(text);
    }

    @Example // a jqwik example, so it runs in the container whose engine start() made
    void theKeptCorpusStaysFixed() {
        Fuzz.corpus("flows").forEach(FlowLoaderFuzzTest::check);
    }

    private static void check(String text) {
        Fuzz.mustRefuseCleanly(text, () -> {
            List<Map<String, Object>> flows = FlowFileReader.parse(text, "fuzz");
            FlowSet.build(flows, type -> true);
            try {
                engine.server().engine().deploy(flows).toCompletionStage().toCompletableFuture()
                        .get(8, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException refused) {
                String why = String.valueOf(refused.getCause().getMessage());
                assertFalse(why.matches("(?s).*(java\\.|Exception|StackOverflow|Error:\\s*null).*"),
                        "a deploy refusal should say what is wrong, not how Java failed: " + why);
            }
        }, FlowException.class);
    }
}
