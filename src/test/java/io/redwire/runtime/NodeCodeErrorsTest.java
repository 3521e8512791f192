package io.redwire.runtime;

import io.redwire.api.Done;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.api.Settings;
import io.redwire.embed.Server;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract for errors a node's own code raises (issue 21): a StackOverflowError or OutOfMemoryError thrown by an
 * input handler is that node's error for the msg, seen by a catch node, and the engine serves on; what a task a node
 * put on the flow loop throws is logged. The node types here are plain Java nodes whose code really recurses past
 * the stack, really asks for more heap than the JVM has, or throws from a task of its own.
 */
class NodeCodeErrorsTest {
    /** Recurses until the stack runs out. */
    static final class Recurse extends Node {
        Recurse(NodeConfig c) {
            super(c);
        }

        @Override
        protected void onInput(Map<String, Object> msg, Done done) {
            msg.put("payload", depth(0));
            send(msg);
            done.done();
        }

        private static int depth(int n) {
            return depth(n + 1) + 1;
        }
    }

    /** Asks for an array larger than any heap (a real OutOfMemoryError, without filling the heap first). */
    static final class Allocate extends Node {
        Allocate(NodeConfig c) {
            super(c);
        }

        @Override
        protected void onInput(Map<String, Object> msg, Done done) {
            msg.put("payload", new long[Integer.MAX_VALUE - 8].length);
            send(msg);
            done.done();
        }
    }

    /** Throws from a timer it set, after its message went on: nobody's delivery is there to catch it. */
    static final class LateThrow extends Node {
        LateThrow(NodeConfig c) {
            super(c);
        }

        @Override
        protected void onInput(Map<String, Object> msg, Done done) {
            engine().loop().runOnContext(v -> {
                throw new IllegalStateException("thrown by a task of node " + id());
            });
            send(msg);
            done.done();
        }
    }

    private static final List<NodeType> TYPES = List.of(
            NodeType.builder("test-late-throw", "test").ports(1, 1).factory(LateThrow::new),
            NodeType.builder("test-recurse", "test").ports(1, 1).factory(Recurse::new),
            NodeType.builder("test-allocate", "test").ports(1, 1).factory(Allocate::new));

    private static final String FLOWS = """
            [{"id":"t1","type":"tab","label":"errors"},
             {"id":"in1","type":"http in","z":"t1","url":"/recurse","method":"get","wires":[["rec"]]},
             {"id":"rec","type":"test-recurse","z":"t1","wires":[["res"]]},
             {"id":"in2","type":"http in","z":"t1","url":"/allocate","method":"get","wires":[["alloc"]]},
             {"id":"alloc","type":"test-allocate","z":"t1","wires":[["res"]]},
             {"id":"in3","type":"http in","z":"t1","url":"/ok","method":"get","wires":[["res"]]},
             {"id":"in4","type":"http in","z":"t1","url":"/late","method":"get","wires":[["late"]]},
             {"id":"late","type":"test-late-throw","z":"t1","wires":[["res"]]},
             {"id":"res","type":"http response","z":"t1","wires":[]},
             {"id":"catch","type":"catch","z":"t1","uncaught":false,"wires":[["err"]]},
             {"id":"err","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg",
              "to":"error.source.id & ': ' & error.message","tot":"jsonata"},
              {"t":"set","p":"statusCode","pt":"msg","to":"500","tot":"num"}],"wires":[["res"]]}]
            """;

    @Test
    void aStackOverflowInANodesCodeIsItsError() throws Exception {
        try (Harness h = harness()) {
            HttpResponse<String> r = h.get("/recurse");
            assertEquals(500, r.statusCode(), r.body());
            assertEquals("rec: RangeError: Maximum call stack size exceeded", r.body());
            assertEquals(200, h.get("/ok").statusCode());
        }
    }

    @Test
    void runningOutOfMemoryInANodesCodeIsItsErrorAndIsLoggedNamingIt() throws Exception {
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        Logger logger = (Logger) LoggerFactory.getLogger("redwire");
        logs.start();
        logger.addAppender(logs);
        try (Harness h = harness()) {
            HttpResponse<String> r = h.get("/allocate");
            assertEquals(500, r.statusCode(), r.body());
            assertTrue(r.body().startsWith("alloc: RangeError: Out of memory ("), r.body()); // the JVM's reason
            assertTrue(logs.list.stream().anyMatch(e -> e.getFormattedMessage().startsWith("[test-allocate:alloc] ran"
                    + " out of memory handling a message: RangeError: Out of memory (")),
                    logs.list.toString());
            assertEquals(200, h.get("/ok").statusCode());
            assertEquals(500, h.get("/allocate").statusCode(), "and again");
        } finally {
            logger.detachAppender(logs);
        }
    }

    /** What a task on the flow loop lets escape is logged where it was thrown, and the loop serves on. */
    @Test
    void anExceptionEscapingATaskOnTheFlowLoopIsLogged() throws Exception {
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        logs.list = new java.util.concurrent.CopyOnWriteArrayList<>();
        Logger logger = (Logger) LoggerFactory.getLogger("redwire");
        logs.start();
        logger.addAppender(logs);
        try (Harness h = harness()) {
            assertEquals(200, h.get("/late").statusCode());
            long end = System.nanoTime() + 10_000_000_000L;
            while (logs.list.stream().noneMatch(e -> e.getFormattedMessage().startsWith("uncaught on the flow loop:"
                    + " Error: thrown by a task of node late at ")) && System.nanoTime() < end) {
                Thread.sleep(20);
            }
            assertTrue(logs.list.stream().anyMatch(e -> e.getFormattedMessage().startsWith("uncaught on the flow"
                    + " loop: Error: thrown by a task of node late at ")), logs.list.toString());
            assertEquals(200, h.get("/ok").statusCode());
        } finally {
            logger.detachAppender(logs);
        }
    }

    private static Harness harness() {
        Server server = new Server(null, true, Settings.defaults(), Path.of("protos"), null, false, null, List.of(),
                TYPES);
        return new Harness(server).deploy(FLOWS);
    }
}
