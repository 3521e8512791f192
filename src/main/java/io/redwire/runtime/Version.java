package io.redwire.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** Redwire's own version (from the build) and the Node-RED release whose behaviour it follows. */
public final class Version {
    /** The Node-RED release Redwire is compatible with (flow files, admin API, credentials). */
    public static final String NODE_RED = "5.0.7";
    private static final String REDWIRE = read();

    private Version() {
    }

    public static String redwire() {
        return REDWIRE;
    }

    /** The jar manifest's Implementation-Version; run from class directories (tests), the build's resource. */
    private static String read() {
        String fromManifest = Version.class.getPackage().getImplementationVersion();
        if (fromManifest != null) {
            return fromManifest;
        }
        try (InputStream in = Version.class.getResourceAsStream("/io/redwire/version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
