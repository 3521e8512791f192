package io.redwire.nodes.thrift;

import io.redwire.admin.AdminServer;
import io.redwire.api.DebugEvent;
import io.redwire.testing.Harness;
import org.junit.jupiter.api.Test;

import java.io.DataOutputStream;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.redwire.nodes.thrift.TestFlows.debug;
import static io.redwire.nodes.thrift.TestFlows.flow;
import static io.redwire.nodes.thrift.TestFlows.inject;
import static io.redwire.nodes.thrift.TestFlows.node;
import static io.redwire.nodes.thrift.TestFlows.register;
import static io.redwire.nodes.thrift.TestFlows.resource;
import static io.redwire.nodes.thrift.TestFlows.to;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Half-sent messages and their buffered bytes cannot hold a Thrift server (issue 15). */
class ThriftInputLimitsTest {
    private static String flowWithServer() {
        return flow(node("S", "thrift-server", "port", 0, "idl", resource("echo.thrift"), "transport", "framed",
                        "localServer", true),
                register("reg", "S", "Child", "pair", "resp"),
                node("resp", "thrift-response"),
                inject("go", "{\"a\":1,\"b\":2}", "call"),
                node("call", "thrift-call", "server", "S", "service", "Child", "method", "pair", "timeout", 5000,
                        "wires", to("out")),
                debug("out"));
    }

    /** Opens a connection and sends a frame header declaring {@code size} bytes plus {@code sent} of them. */
    private static Socket halfSend(int port, int size, int sent) throws Exception {
        Socket s = new Socket("127.0.0.1", port);
        s.setSoTimeout(15_000);
        DataOutputStream out = new DataOutputStream(s.getOutputStream());
        try {
            out.writeInt(size);
            out.write(new byte[sent]);
            out.flush();
        } catch (java.net.SocketException closedWhileSending) {
            // the server cut it at the memory limit before all was sent: the reads below see it closed
        }
        return s;
    }

    @Test
    void aHalfSentMessageIsCutAtTheReadTimeout() throws Exception {
        try (Harness h = new Harness(AdminServer.settings("{\"thriftReadTimeout\":500}")).deploy(flowWithServer());
             Socket s = halfSend(TestFlows.boundPort(h, "S"), 1_000_000, 100)) {
            long t0 = System.nanoTime();
            assertEquals(-1, s.getInputStream().read(), "closed by the server");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= 300 && ms < 10_000, ms + " ms");
            h.inject("go");
            DebugEvent answer = h.nextDebug(10);
            assertNotNull(answer, "the server still answers calls");
        }
    }

    @Test
    void connectionsPastTheInputMemoryLimitAreClosedAndTheirBytesGivenBack() throws Exception {
        int mb = 1 << 20;
        try (Harness h = new Harness(AdminServer.settings("{\"thriftInputMemoryLimit\":" + 4 * mb + "}"))
                .deploy(flowWithServer())) {
            int port = TestFlows.boundPort(h, "S");
            List<Socket> sockets = new ArrayList<>();
            int closed = 0;
            try {
                for (int i = 0; i < 12; i++) {
                    sockets.add(halfSend(port, 2 * mb, mb));
                }
                for (Socket s : sockets) {
                    s.setSoTimeout(1500);
                    try {
                        if (s.getInputStream().read() == -1) {
                            closed++;
                        }
                    } catch (java.net.SocketTimeoutException stillOpen) {
                        // held within the limit
                    } catch (java.net.SocketException reset) {
                        closed++;
                    }
                }
            } finally {
                for (Socket s : sockets) {
                    s.close();
                }
            }
            assertTrue(closed >= 6 && closed < 12, closed + " of 12 connections closed");
            var budget = h.server().engine().shared(ThriftServerNode.ThriftInputBudget.class, () -> null);
            long deadline = System.currentTimeMillis() + 5000;
            while (budget.used() != 0 && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(0, budget.used(), "every connection's buffer was given back");
            h.inject("go");
            assertNotNull(h.nextDebug(10), "the server still answers calls");
        }
    }
}
