package io.redwire.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Command-line options of `redwire run`. */
record Options(Path flows, int port, String host, Path settings, String inject, int times, int exitAfterDebug,
               boolean debugJson, Path userDir, Path protosDir, int adminPort) {

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
        for (int i = 0; i < rest.size(); i++) {
            String a = rest.get(i);
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
                default -> throw new IllegalArgumentException("unknown option " + a);
            }
        }
        return new Options(flows, port, host, settings, inject, times, exitAfter, json, userDir, protos, adminPort);
    }

    private static int integer(String option, String v) {
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes a whole number, not " + v);
        }
    }
}
