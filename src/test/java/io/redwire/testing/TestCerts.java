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
