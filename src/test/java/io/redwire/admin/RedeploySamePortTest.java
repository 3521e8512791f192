package io.redwire.admin;

import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Redeploys servers that listen on ports of their own (gRPC, Thrift, TCP) back to back: each deploy's new server
 * binds the port the one before just released, so a close that completes before the port is really free (Java's
 * NIO frees it on the acceptor's next select) fails a deploy with "already in use" on a busy machine.
 */
class RedeploySamePortTest {
    private final int grpcPort = Ports.free();
    private final int thriftPort = Ports.free();
    private final int tcpPort = Ports.free();

    private String flows(int generation) {
        return """
                [{"id":"t1","type":"tab","label":"generation %d"},
                 {"id":"g1","type":"grpc-server","port":"%d","server":"127.0.0.1","localServer":true,"protoFile":
                  "syntax = \\"proto3\\"; service S { rpc M(E) returns (E); } message E {}"},
                 {"id":"th","type":"thrift-server","host":"127.0.0.1","port":%d,"idl":"service S { i32 ping() }",
                  "protocol":"binary","localServer":true},
                 {"id":"tc","type":"tcp in","z":"t1","server":"server","host":"","port":"%d","datamode":"stream",
                  "datatype":"buffer","topic":"","wires":[]}]
                """.formatted(generation, grpcPort, thriftPort, tcpPort);
    }

    @Test
    void eachRedeployBindsThePortsTheDeployBeforeReleased() throws Exception {
        try (AdminServer s = new AdminServer()) {
            for (int i = 1; i <= 60; i++) {
                HttpResponse<String> deployed = s.post("/flows", flows(i));
                assertEquals(204, deployed.statusCode(), "deploy " + i + ": " + deployed.body());
            }
            for (int port : new int[] {grpcPort, thriftPort, tcpPort}) {
                try (Socket ignored = new Socket("127.0.0.1", port)) {
                    // the last deploy's server answers
                }
            }
        }
    }

    /**
     * A tcp in whose port another program holds only logs that (as Node-RED); its close does not wait for a port it
     * never had, so the next deploy is not held up by the wait for a free port (up to 2 s).
     */
    @Test
    void aPortNeverHadIsNotWaitedForOnRedeploy() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             AdminServer s = new AdminServer()) {
            String flow = """
                    [{"id":"t1","type":"tab","label":"%s"},
                     {"id":"tc","type":"tcp in","z":"t1","server":"server","host":"","port":"%d","datamode":"stream",
                      "datatype":"buffer","topic":"","wires":[]}]
                    """;
            assertEquals(204, s.post("/flows", flow.formatted("first", taken.getLocalPort())).statusCode());
            long t0 = System.nanoTime();
            assertEquals(204, s.post("/flows", flow.formatted("second", taken.getLocalPort())).statusCode());
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < 1500, "the redeploy took " + ms + " ms");
        }
    }
}
