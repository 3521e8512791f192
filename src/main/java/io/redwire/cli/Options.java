package io.redwire.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Command-line options of `redwire run`. */
record Options(Path flows, int port, String host, Path settings, String inject, int times, int exitAfterDebug,
               boolean debugJson, Path userDir, Path protosDir, int adminPort, ClusterFlags cluster) {

    /** --cluster and its companions; each null/false when not given (the settings' "cluster" object may say). */
    record ClusterFlags(boolean enabled, String host, Integer port, List<String> members) {
    }

    static final String USAGE = """
            usage: redwire run [<flows.json>] [options]
                   redwire hash-pw       (reads a password on stdin, prints its bcrypt hash for adminAuth)
              <flows.json>           flows to run; deploys from the editor are saved back to it. Without it the
                                     flows are loaded from and saved to <user-dir>/flows.json (empty at first)
              --port N               HTTP port for admin API and http-in routes (default 1880)
              --admin-port N         serve the admin API and editor on this port instead (same host)
              --host H               address to bind (default 127.0.0.1)
              --settings FILE        settings JSON (functionGlobalContext, functionTimeout, adminAuth, ...)
              --inject ID            fire this inject node once the flows have started
              --times N              fire it N times, each after the previous run's debug output (default 1)
              --exit-after-debug N   exit 0 after N debug messages
              --debug json|text      debug output format on stdout (default text)
              --user-dir DIR         where deployed flows are stored without a flows file (default ~/.redwire)
              --protos DIR           directory of .proto and .thrift files (default ./protos)
              --cluster              form or join a cluster of Redwire instances running the same flows
              --cluster-host H       address this member's cluster port binds (default 127.0.0.1)
              --cluster-port N       this member's cluster port (default 5701)
              --cluster-members L    members to join, host:port,host:port,... (TCP/IP join; no multicast)
            """;

    static Options parse(List<String> args) {
        List<String> rest = new ArrayList<>(args);
        Path flows = null;
        int port = 1880;
        String host = "127.0.0.1";
        Path settings = null;
        String inject = null;
        int times = 1;
        int exitAfter = -1;
        boolean json = false;
        Path userDir = Path.of(System.getProperty("user.home"), ".redwire");
        Path protos = Path.of("protos");
        int adminPort = -1;
        boolean cluster = false;
        String clusterHost = null;
        Integer clusterPort = null;
        List<String> members = null;
        for (int i = 0; i < rest.size(); i++) {
            String a = rest.get(i);
            if (a.equals("--cluster")) {
                cluster = true;
                continue;
            }
            if (!a.startsWith("--")) {
                if (flows != null) {
                    throw new IllegalArgumentException("unexpected argument: " + a);
                }
                flows = Path.of(a);
                continue;
            }
            if (i + 1 >= rest.size()) {
                throw new IllegalArgumentException(a + " needs a value");
            }
            String v = rest.get(++i);
            switch (a) {
                case "--port" -> port = integer(a, v);
                case "--host" -> host = v;
                case "--settings" -> settings = Path.of(v);
                case "--inject" -> inject = v;
                case "--times" -> times = integer(a, v);
                case "--exit-after-debug" -> exitAfter = integer(a, v);
                case "--debug" -> {
                    if (!v.equals("json") && !v.equals("text")) {
                        throw new IllegalArgumentException("--debug takes json or text, not " + v);
                    }
                    json = v.equals("json");
                }
                case "--user-dir" -> userDir = Path.of(v);
                case "--protos" -> protos = Path.of(v);
                case "--admin-port" -> adminPort = integer(a, v);
                case "--cluster-host" -> clusterHost = v;
                case "--cluster-port" -> clusterPort = integer(a, v);
                case "--cluster-members" -> members = io.redwire.cluster.ClusterOptions.memberList(v);
                default -> throw new IllegalArgumentException("unknown option " + a);
            }
        }
        boolean clusterAsked = cluster || clusterHost != null || clusterPort != null || members != null;
        return new Options(flows, port, host, settings, inject, times, exitAfter, json, userDir, protos, adminPort,
                new ClusterFlags(clusterAsked, clusterHost, clusterPort, members));
    }

    private static int integer(String option, String v) {
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes a whole number, not " + v);
        }
    }
}
