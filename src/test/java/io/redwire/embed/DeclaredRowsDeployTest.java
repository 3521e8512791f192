package io.redwire.embed;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A refused deploy names the node, the field and, in a rows field (change and switch rules, inject props), the row
 * and the part of it, as the node types declare them; the next good deploy runs.
 */
class DeclaredRowsDeployTest {
    private static Redwire redwire;

    @BeforeAll
    static void start() throws Exception {
        redwire = Redwire.builder().userDir(Files.createTempDirectory("redwire-declared-rows")).start().await();
    }

    @AfterAll
    static void stop() throws Exception {
        redwire.close();
    }

    private static String refusal(String nodes) {
        Throwable e = assertThrows(Exception.class, () -> redwire.deploy("[{\"id\":\"t\",\"type\":\"tab\"}," + nodes + "]")
                .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS));
        return e.getMessage();
    }

    private static void assertSays(String expected, String message) {
        assertTrue(message.contains(expected), "expected «" + expected + "» in: " + message);
    }

    @Test
    void aChangeRulesBadValueNamesItsRow() {
        assertSays("node c1 (change) field 'rules' row 2 'to' (json):", refusal("""
                {"id":"c1","z":"t","type":"change","wires":[],"rules":[{"t":"set","p":"a","pt":"msg","to":"1","tot":"num"},
                 {"t":"set","p":"b","pt":"msg","to":"{","tot":"json"}]}"""));
    }

    @Test
    void aSwitchRuleThatIsNotAnObjectOrHasAnUnknownOperatorNamesItsRow() {
        String notAnObject = refusal("""
                {"id":"s1","z":"t","type":"switch","wires":[[],[]],"property":"payload","rules":[{"t":"else"},5]}""");
        assertSays("node s1 (switch) field 'rules' row 2: must be an object, got 5", notAnObject);
        assertTrue(!notAnObject.contains("\n"), "one problem, the node refused is not built: " + notAnObject);
        assertSays("node s2 (switch) field 'rules' row 1 't' must be one of eq, neq,", refusal("""
                {"id":"s2","z":"t","type":"switch","wires":[[]],"property":"payload","rules":[{"t":"nope"}]}"""));
    }

    @Test
    void aGrpcServerPortOutOfRangeSaysTheDeclaredRange() {
        assertSays("node g1 (grpc-server) field 'port' must be a whole number from 0 to 65535, got \"70000\"",
                refusal("""
                        {"id":"g1","type":"grpc-server","port":"70000","server":"127.0.0.1","protoFile":""}"""));
    }

    /** What Node-RED's editor refuses but its runtime deploys (and fails per message, if at all) still deploys. */
    @Test
    void whatOnlyTheEditorChecksStillDeploysAsInNodeRed() throws Exception {
        redwire.deploy("""
                [{"id":"t","type":"tab"},{"id":"s3","z":"t","type":"switch","wires":[[]],"property":"payload",
                  "rules":[{"t":"eq","v":"{","vt":"json"}]},
                 {"id":"c3","z":"t","type":"change","wires":[],"rules":[{"t":"set","p":"","pt":"flow","to":"x","tot":"str"}]}]""")
                .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    }
}
