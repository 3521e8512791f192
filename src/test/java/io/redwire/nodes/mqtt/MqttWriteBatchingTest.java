package io.redwire.nodes.mqtt;

import io.redwire.testing.FlowKit;
import io.redwire.testing.PeerProcess;
import io.redwire.testing.Ports;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * mqtt in → change → mqtt out republishes what one socket read brought in with one flush: the PUBLISHes (and, at
 * QoS 1, the PUBACKs) of a read leave together instead of one write(2) each. Counted as the write system calls of
 * this JVM's event-loop threads (each task's io file under /proc/self/task) while mosquitto_pub sends a burst
 * that mosquitto_sub counts at the other end.
 */
class MqttWriteBatchingTest {
    private static final int MESSAGES = 2000;

    @Test
    void aBurstIsRepublishedWithFarFewerSocketWritesThanMessages() throws Exception {
        // unlimited queues: mosquitto's default of 1 000 queued messages per client would drop part of the burst
        try (Mosquitto mq = new Mosquitto(Ports.free(), "allow_anonymous true\nmax_queued_messages 0\n");
             FlowKit kit = new FlowKit(java.util.Map.of(), "[" + MqttNodesTest.broker(mq.port, "") + ","
                     + MqttNodesTest.mqttIn("in", "burst/in", 1, "utf8", "ch") + ","
                     + "{\"id\":\"ch\",\"type\":\"change\",\"rules\":[{\"t\":\"set\",\"p\":\"topic\",\"pt\":\"msg\","
                     + "\"to\":\"burst/out\",\"tot\":\"str\"}],\"wires\":[[\"out\"]]},"
                     + "{\"id\":\"out\",\"type\":\"mqtt out\",\"topic\":\"\",\"qos\":\"1\",\"retain\":\"\","
                     + "\"broker\":\"b1\"}," + MqttNodesTest.statusOf("in", "st") + "]")) {
            kit.awaitStatus("st", "node-red:common.status.connected", 10);
            PeerProcess sub = PeerProcess.start("stdbuf", "-oL", "mosquitto_sub", "-h", "127.0.0.1", "-p",
                    String.valueOf(mq.port), "-t", "burst/out", "-d", "-C", String.valueOf(MESSAGES), "-q", "1",
                    "-W", "60").awaitOutput("SUBACK", 10);
            long before = eventLoopWriteCalls();
            try (PeerProcess pub = PeerProcess.start("sh", "-c", "seq 1 " + MESSAGES + " | mosquitto_pub -h 127.0.0.1"
                    + " -p " + mq.port + " -t burst/in -q 1 -l")) {
                assertEquals(0, pub.waitFor(60), pub.output());
            }
            assertEquals(0, sub.waitFor(60), () -> "every message came through: "
                    + sub.output().lines().filter(l -> l.matches("\\d+")).count());
            long writes = eventLoopWriteCalls() - before;
            List<String> got = sub.output().lines().filter(l -> l.matches("\\d+")).toList();
            assertEquals(MESSAGES, got.size(), "each message once");
            assertEquals("1", got.get(0), "in order");
            assertEquals(String.valueOf(MESSAGES), got.get(MESSAGES - 1), "in order");
            // one write per PUBLISH (the old behaviour) is >= 1 per message; batching per read is far below
            assertTrue(writes < MESSAGES / 2, writes + " write calls for " + MESSAGES + " messages");
        }
    }

    /** syscw summed over this JVM's event-loop threads (where the MQTT clients write), from /proc/self/task. */
    private static long eventLoopWriteCalls() throws Exception {
        long sum = 0;
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : tasks.toList()) {
                if (Files.readString(t.resolve("comm")).startsWith("vert.x-eventloo")) { // comm keeps 15 chars
                    for (String line : Files.readAllLines(t.resolve("io"))) {
                        if (line.startsWith("syscw:")) {
                            sum += Long.parseLong(line.substring(6).strip());
                        }
                    }
                }
            }
        }
        return sum;
    }
}
