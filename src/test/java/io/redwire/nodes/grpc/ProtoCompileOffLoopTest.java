package io.redwire.nodes.grpc;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.redwire.testing.Harness;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A deploy compiles a grpc-server's .proto on a worker thread before the flow loop builds the node: a compile Wire
 * has to run held the loop for seconds on a loaded machine (DeployUnderLoadTest saw 28 s), answering nothing.
 */
class ProtoCompileOffLoopTest {
    @Test
    void theProtoIsCompiledOffTheFlowLoopAndTheNodeUsesThatCompile() throws Exception {
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        logs.list = new CopyOnWriteArrayList<>();
        logs.start();
        Logger logger = (Logger) LoggerFactory.getLogger("redwire.grpc");
        Level level = logger.getLevel();
        logger.setLevel(Level.DEBUG);
        logger.addAppender(logs);
        // a text no other test compiles: the compile cannot come from a cache
        String proto = "syntax = \\\"proto3\\\"; package p" + System.nanoTime()
                + "; service S { rpc M(E) returns (E); } message E { string s = 1; }";
        String flows = """
                [{"id":"g1","type":"grpc-server","port":"%d","server":"127.0.0.1","localServer":true,
                  "protoFile":"%s"}]
                """.formatted(Ports.free(), proto);
        try (Harness h = new Harness().deploy(flows)) {
            List<ILoggingEvent> compiles = logs.list.stream()
                    .filter(e -> e.getFormattedMessage().contains("compiled in")).toList();
            assertEquals(1, compiles.size(), "compiled once, then found in the cache: " + compiles);
            String thread = compiles.get(0).getThreadName();
            assertFalse(thread.contains("eventloop"), "compiled on " + thread);
            assertTrue(h.server().engine().node("g1") != null, "the node was built");
        } finally {
            logger.detachAppender(logs);
            logger.setLevel(level);
        }
    }
}
