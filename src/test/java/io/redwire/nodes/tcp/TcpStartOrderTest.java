package io.redwire.nodes.tcp;

import io.redwire.api.DebugEvent;
import io.redwire.testing.Harness;
import io.redwire.testing.Ports;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * A tcp in client listed before the tcp out server it connects to, in one deploy (Node-RED's "Connect to TCP out
 * server" example): Node-RED's first connect comes after the server listens, so the first inject reaches the
 * client. Redwire's client connected while the server was still binding, was refused and retried 10 s later.
 */
class TcpStartOrderTest {
    @Test
    void aClientFindsTheServerOfItsOwnDeployListening() throws Exception {
        int port = Ports.free();
        String flow = """
                [{"id":"t","type":"tab"},
                 {"id":"in","type":"tcp in","z":"t","server":"client","host":"127.0.0.1","port":"%1$d",
                  "datamode":"stream","datatype":"utf8","newline":"","topic":"","wires":[["dbg"]]},
                 {"id":"out","type":"tcp out","z":"t","host":"","port":"%1$d","beserver":"server","base64":false,
                  "end":false,"wires":[]},
                 {"id":"inj","type":"inject","z":"t","props":[{"p":"payload"}],"payload":"hello",
                  "payloadType":"str","repeat":"","crontab":"","once":false,"wires":[["out"]]},
                 {"id":"dbg","type":"debug","z":"t","active":true,"tosidebar":true,"complete":"payload",
                  "wires":[]}]
                """.formatted(port);
        try (Harness h = new Harness()) {
            h.deploy(flow);
            Thread.sleep(500); // the client's connection is accepted
            h.inject("inj");
            DebugEvent e = h.nextDebug(5);
            assertNotNull(e, "the client was not connected when the server sent");
            assertEquals("hello", e.value());
        }
    }
}
