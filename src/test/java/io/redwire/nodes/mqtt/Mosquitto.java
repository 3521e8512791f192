package io.redwire.nodes.mqtt;

import io.redwire.testing.PeerProcess;
import io.redwire.testing.Ports;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A real mosquitto broker on a free 127.0.0.1 port, plus mosquitto_pub / mosquitto_sub as independent clients. */
final class Mosquitto implements AutoCloseable {
    final int port;
    private final Path config;
    private PeerProcess broker;

    Mosquitto() throws Exception {
        this(Ports.free());
    }

    Mosquitto(int port) throws Exception {
        this(port, "allow_anonymous true\n");
    }

    /** @param extra mosquitto.conf lines after the listener */
    Mosquitto(int port, String extra) throws Exception {
        this.port = port;
        this.config = Files.createTempFile("mosquitto", ".conf");
        Files.writeString(config, "listener " + port + " 127.0.0.1\npersistence false\n" + extra);
        start();
    }

    /** A broker that admits only {@code user} with {@code password} (a mosquitto_passwd file). */
    static Mosquitto withPassword(String user, String password) throws Exception {
        Path file = Files.createTempFile("mosquitto", ".passwd");
        try (PeerProcess p = PeerProcess.start("mosquitto_passwd", "-b", file.toString(), user, password)) {
            p.waitFor(10);
        }
        file.toFile().setReadable(true, false); // mosquitto started as root reads it after dropping privileges
        return new Mosquitto(Ports.free(), "allow_anonymous false\npassword_file " + file + "\n");
    }

    void start() throws Exception {
        broker = PeerProcess.start("mosquitto", "-c", config.toString()).awaitPort(port);
    }

    /** SIGKILL: the broker disappears without a goodbye. */
    void kill() throws InterruptedException {
        broker.kill();
    }

    String log() {
        return broker.output();
    }

    /** Waits until the broker has logged {@code text}; fails showing its whole log after {@code seconds}. */
    void awaitLog(String text, double seconds) throws Exception {
        broker.awaitOutput(text, seconds);
    }

    /** mosquitto_pub; waits for it to finish. */
    void publish(String topic, String message, int qos, boolean retain) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("mosquitto_pub", "-h", "127.0.0.1", "-p", String.valueOf(port),
                "-t", topic, "-m", message, "-q", String.valueOf(qos)));
        if (retain) {
            cmd.add("-r");
        }
        try (PeerProcess p = PeerProcess.start(cmd.toArray(String[]::new))) {
            int rc = p.waitFor(10);
            if (rc != 0) {
                throw new IllegalStateException("mosquitto_pub exited " + rc + ": " + p.output());
            }
        }
    }

    /** mosquitto_pub with a user name and password, QoS 1. */
    void publishAs(String user, String password, String topic, String message) throws Exception {
        try (PeerProcess p = PeerProcess.start("mosquitto_pub", "-h", "127.0.0.1", "-p", String.valueOf(port),
                "-u", user, "-P", password, "-t", topic, "-m", message, "-q", "1")) {
            int rc = p.waitFor(10);
            if (rc != 0) {
                throw new IllegalStateException("mosquitto_pub exited " + rc + ": " + p.output());
            }
        }
    }

    /** mosquitto_sub for {@code count} messages, returned once subscribed; {@link #received} reads its lines. */
    PeerProcess subscribe(String filter, int count, int qos) throws Exception {
        return PeerProcess.start("stdbuf", "-oL", "mosquitto_sub", "-h", "127.0.0.1", "-p", String.valueOf(port), "-t", filter,
                "-v", "-d", "-C", String.valueOf(count), "-q", String.valueOf(qos), "-W", "20")
                .awaitOutput("SUBACK", 10);
    }

    /** The "topic payload" lines a finished mosquitto_sub printed (its -d debug lines left out). */
    static List<String> received(PeerProcess sub) throws Exception {
        sub.waitFor(20);
        return sub.output().lines().filter(l -> !l.startsWith("Client ") && !l.startsWith("Subscribed") && !l.isBlank()).toList();
    }

    @Override
    public void close() throws Exception {
        if (broker != null) {
            broker.close();
        }
        Files.deleteIfExists(config);
    }
}
