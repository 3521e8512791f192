package io.redwire.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A throw-away CA with a server certificate (localhost, 127.0.0.1) and a client certificate, made with openssl. */
public record TestCerts(String ca, String serverChain, String serverKey, String clientChain, String clientKey) {

    public static boolean opensslAvailable() {
        return Files.isExecutable(Path.of("/usr/bin/openssl"));
    }

    public static TestCerts create(Path dir) throws Exception {
        run(dir, "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", "ca.key", "-out", "ca.pem",
                "-days", "2", "-subj", "/CN=redwire test CA");
        Files.writeString(dir.resolve("server.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
        Files.writeString(dir.resolve("client.ext"), "extendedKeyUsage=clientAuth\n");
        for (String who : List.of("server", "client")) {
            run(dir, "openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", who + ".key", "-out", who + ".csr",
                    "-subj", "/CN=" + (who.equals("server") ? "localhost" : "redwire test client"));
            run(dir, "openssl", "x509", "-req", "-in", who + ".csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                    "-CAcreateserial", "-out", who + ".pem", "-days", "2", "-extfile", who + ".ext");
        }
        return new TestCerts(read(dir, "ca.pem"), read(dir, "server.pem"), read(dir, "server.key"),
                read(dir, "client.pem"), read(dir, "client.key"));
    }

    /** Two unrelated CAs: the peer's certificates from {@code right}, and a CA that did not sign them. */
    public record TwoCas(Path right, Path wrongCa) {
        public Path rightCa() {
            return right.resolve("ca.pem");
        }
    }

    /** {@link TwoCas} in a temporary directory removed when the JVM exits; the test is skipped without openssl. */
    public static TwoCas rightAndWrong() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(opensslAvailable(), "/usr/bin/openssl is missing; TLS tests skipped");
        Path dir = Files.createTempDirectory("redwire-cas");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            } catch (java.io.IOException e) {
                // left for the OS to clean
            }
        }));
        return new TwoCas(createIn(dir, "right"), createIn(dir, "wrong").resolve("ca.pem"));
    }

    /**
     * A CA with its certificates in the new directory {@code parent/name} (ca.pem, server.pem, server.key, ...),
     * readable by all: a broker started as root may drop to its own user before reading them.
     */
    public static Path createIn(Path parent, String name) throws Exception {
        Path d = Files.createDirectory(parent.resolve(name));
        create(d);
        for (Path p : new Path[] {parent, d, d.resolve("ca.pem"), d.resolve("server.pem"), d.resolve("server.key")}) {
            p.toFile().setReadable(true, false);
            p.toFile().setExecutable(Files.isDirectory(p), false);
        }
        return d;
    }

    private static String read(Path dir, String name) throws Exception {
        return Files.readString(dir.resolve(name));
    }

    private static void run(Path dir, String... cmd) throws Exception {
        Process p = new ProcessBuilder(new ArrayList<>(List.of(cmd))).directory(dir.toFile())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out);
        }
    }
}
