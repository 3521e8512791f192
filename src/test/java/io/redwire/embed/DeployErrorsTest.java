package io.redwire.embed;

import io.redwire.api.NodeType;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A node type whose construction throws an Error a library may throw (an assertion inside a parser, a class missing
 * from an optional dependency) refuses the deploy naming the node; it never leaves the deploy unanswered.
 */
class DeployErrorsTest {
    private static final NodeType ASSERTS = NodeType.builder("asserts", "test")
            .factory(c -> {
                throw new AssertionError("Unexpected type - grammar error!");
            });
    private static final NodeType MISSING_CLASS = NodeType.builder("missing-class", "test")
            .factory(c -> {
                throw new NoClassDefFoundError("org/apache/thrift/TBase");
            });

    @Test
    void errorsWhileBuildingANodeRefuseTheDeployAndTheNextDeployRuns() throws Exception {
        try (Redwire redwire = Redwire.builder().userDir(Files.createTempDirectory("redwire-deploy-errors"))
                .nodeTypes(ASSERTS, MISSING_CLASS).start().await()) {
            Throwable asserted = assertThrows(Exception.class, () -> redwire.deploy("""
                    [{"id":"t","type":"tab"},{"id":"a1","z":"t","type":"asserts","wires":[]}]""")
                    .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS));
            assertTrue(asserted.getMessage().contains("a1") && asserted.getMessage().contains("grammar error"),
                    asserted.getMessage());
            Throwable missing = assertThrows(Exception.class, () -> redwire.deploy("""
                    [{"id":"t","type":"tab"},{"id":"m1","z":"t","type":"missing-class","wires":[]}]""")
                    .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS));
            assertTrue(missing.getMessage().contains("m1") && missing.getMessage().contains("TBase"),
                    missing.getMessage());

            LinkedBlockingQueue<Object> values = new LinkedBlockingQueue<>();
            try (AutoCloseable sub = redwire.onDebug(e -> values.add(e.value()))) {
                redwire.deploy("""
                        [{"id":"t","type":"tab"},
                         {"id":"i","z":"t","type":"inject","payload":"fine","payloadType":"str","wires":[["d"]]},
                         {"id":"d","z":"t","type":"debug","wires":[]}]""").await();
                redwire.inject("i").await();
                assertEquals("fine", values.poll(10, TimeUnit.SECONDS));
            }
        }
    }
}
