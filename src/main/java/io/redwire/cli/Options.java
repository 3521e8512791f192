package io.redwire.cli;

import io.redwire.runtime.Version;

import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Command-line options of `redwire [run]`: Node-RED's own flags (-p, -u, -s, -D, --safe, -v, --help, --version,
 * a flows file) plus Redwire's headless ones. Fields left null fall back to the settings file, then to defaults
 * ({@link Launch} resolves them).
 */
@Command(name = "redwire", sortOptions = false, usageHelpWidth = 118, versionProvider = Options.VersionInfo.class,
        customSynopsis = {
            "redwire [run] [<flows.json>] [options]",
            "redwire hash-pw        (reads a password on stdin, prints its bcrypt hash for adminAuth)"},
        footerHeading = "%n",
        footer = {"Exit codes: 0 normal (or after --exit-after-debug), 1 when the settings or flows cannot load or "
                + "start, 2 on bad arguments."})
final class Options {
    enum DebugFormat { json, text }

    @Parameters(index = "0", arity = "0..1", paramLabel = "<flows.json>",
            description = "flows to run; deploys are saved back to it (created empty when missing). Default: "
                    + "the settings' flowFile, else <userDir>/flows.json")
    Path flows;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT",
            description = "HTTP port for admin API, editor and http-in routes (default: settings' uiPort, else 1880)")
    Integer port;

    @Option(names = "--admin-port", paramLabel = "PORT",
            description = "serve the admin API and editor on this port instead")
    int adminPort = -1;

    @Option(names = "--host", paramLabel = "HOST",
            description = "address to bind (default: settings' uiHost, else 127.0.0.1)")
    String host;

    @Option(names = {"-s", "--settings"}, paramLabel = "FILE",
            description = "settings.js (as Node-RED's) or a settings JSON file (default: <userDir>/settings.js when "
                    + "it exists)")
    Path settings;

    @Option(names = {"-u", "--userDir", "--user-dir"}, paramLabel = "DIR",
            description = "user directory: flows, credentials, context, generated secret (default ~/.redwire)")
    Path userDir;

    @Option(names = {"-D", "--define"}, paramLabel = "KEY=VALUE",
            description = "set a settings value (JSON or text; dotted keys reach into objects), e.g. "
                    + "-D logging.console.level=debug")
    List<String> defines = new ArrayList<>();

    @Option(names = "--safe", description = "load the flows without starting them")
    boolean safe;

    @Option(names = {"-v", "--verbose"}, description = "enable verbose output (debug log level)")
    boolean verbose;

    @Option(names = "--inject", paramLabel = "ID", description = "fire this inject node once the flows have started")
    String inject;

    @Option(names = "--times", paramLabel = "N",
            description = "fire it N times, each after the previous run's debug output (default 1)")
    int times = 1;

    @Option(names = "--exit-after-debug", paramLabel = "N", description = "exit 0 after N debug messages")
    int exitAfterDebug = -1;

    @Option(names = "--debug", paramLabel = "json|text",
            description = "debug output on stdout: one JSON line per message, or a readable line (default text)")
    DebugFormat debug = DebugFormat.text;

    @Option(names = "--protos", paramLabel = "DIR",
            description = "directory of .proto and .thrift files (default ./protos)")
    Path protosDir = Path.of("protos");

    @Option(names = "--nodes", paramLabel = "DIR",
            description = "load node plugin jars from DIR too (besides <userDir>/nodes); repeatable")
    List<Path> nodeDirs = new ArrayList<>();

    @Option(names = {"-?", "-h", "--help"}, usageHelp = true, description = "show this help")
    boolean help;

    @Option(names = "--version", versionHelp = true, description = "show version information")
    boolean version;

    boolean debugJson() {
        return debug == DebugFormat.json;
    }

    /** What --version prints: Redwire's version, the Node-RED release it follows, the JVM and OS. */
    static final class VersionInfo implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {
                "Redwire v" + Version.redwire(),
                "Node-RED compatibility: " + Version.NODE_RED,
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch")};
        }
    }
}
