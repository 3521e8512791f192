package io.redwire.cli;

import io.redwire.runtime.Version;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.ParseException;
import org.apache.commons.cli.help.HelpFormatter;
import org.apache.commons.cli.help.TextHelpAppendable;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Command-line options of `redwire [run]`: Node-RED's own flags (-p, -u, -s, -D, --safe, -v, --help, --version,
 * a flows file) plus Redwire's headless ones. Fields left null fall back to the settings file, then to defaults
 * ({@link Launch} resolves them). Parsed by Apache Commons CLI, declared in code: picocli's class files (Java 5)
 * cannot go into the JVM's start-up archive and its annotations are read by reflection, which cost ~0.2 s of every
 * start (docs/perf/README.md).
 */
final class Options {
    /** Every option, in the order --help lists them: {@link #arg} and {@link #flag} add each as it is declared. */
    private static final org.apache.commons.cli.Options ALL = new org.apache.commons.cli.Options();

    private static final Option PORT = arg("p", "port", "PORT",
            "HTTP port for admin API, editor and http-in routes (default: settings' uiPort, else 1880)");
    private static final Option ADMIN_PORT = arg(null, "admin-port", "PORT",
            "serve the admin API and editor on this port instead");
    private static final Option HOST = arg(null, "host", "HOST",
            "address to bind (default: settings' uiHost, else 127.0.0.1)");
    private static final Option SETTINGS = arg("s", "settings", "FILE",
            "settings.js (as Node-RED's) or a settings JSON file (default: <userDir>/settings.js when it exists)");
    private static final Option USER_DIR = arg("u", "userDir", "DIR",
            "user directory: flows, credentials, context, generated secret (default ~/.redwire)");
    private static final Option USER_DIR_DASHED = arg(null, "user-dir", "DIR", "the same as --userDir");
    private static final Option DEFINE = arg("D", "define", "KEY=VALUE",
            "set a settings value (JSON or text; dotted keys reach into objects), e.g. -D logging.console.level=debug");
    private static final Option SAFE = flag(null, "safe", "load the flows without starting them");
    private static final Option VERBOSE = flag("v", "verbose", "enable verbose output (debug log level)");
    private static final Option INJECT = arg(null, "inject", "ID", "fire this inject node once the flows have started");
    private static final Option TIMES = arg(null, "times", "N",
            "fire it N times, each after the previous run's debug output (default 1)");
    private static final Option EXIT_AFTER_DEBUG = arg(null, "exit-after-debug", "N", "exit 0 after N debug messages");
    private static final Option DEBUG = arg(null, "debug", "json|text",
            "debug output on stdout: one JSON line per message, or a readable line (default text)");
    private static final Option PROTOS = arg(null, "protos", "DIR", "directory of .proto and .thrift files (default ./protos)");
    private static final Option CLUSTER = flag(null, "cluster",
            "form or join a cluster of Redwire instances running the same flows");
    private static final Option CLUSTER_HOST = arg(null, "cluster-host", "HOST",
            "address this member's cluster port binds (default: settings' cluster.host, else 127.0.0.1)");
    private static final Option CLUSTER_PORT = arg(null, "cluster-port", "PORT",
            "this member's cluster port (default: settings' cluster.port, else 5701)");
    private static final Option CLUSTER_MEMBERS = arg(null, "cluster-members", "H:P,H:P",
            "members to join (TCP/IP join, no multicast); implies --cluster");
    private static final Option NODES = arg(null, "nodes", "DIR",
            "load node plugin jars from DIR too (besides <userDir>/nodes); repeatable");
    private static final Option HELP = flag("h", "help", "show this help (also -?)");
    private static final Option HELP_QUESTION = flag("?", null, "the same as --help");
    private static final Option VERSION = flag(null, "version", "show version information");

    Path flows;
    Integer port;
    int adminPort = -1;
    String host;
    Path settings;
    Path userDir;
    List<String> defines = new ArrayList<>();
    boolean safe;
    boolean verbose;
    String inject;
    int times = 1;
    int exitAfterDebug = -1;
    boolean debugJson;
    Path protosDir = Path.of("protos");
    boolean cluster;
    String clusterHost;
    Integer clusterPort;
    List<String> clusterMembers;
    List<Path> nodeDirs = new ArrayList<>();
    boolean help;
    boolean version;

    /** @throws IllegalArgumentException naming the option and the value that is wrong */
    static Options parse(String[] args) {
        CommandLine cl;
        try {
            cl = DefaultParser.builder().setAllowPartialMatching(false).get().parse(ALL, splitAttachedDefines(args));
        } catch (ParseException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        Options o = new Options();
        List<String> positional = cl.getArgList();
        if (positional.size() > 1) {
            throw new IllegalArgumentException("unmatched arguments " + positional.subList(1, positional.size())
                    + ": only one flows file can be given");
        }
        o.flows = positional.isEmpty() ? null : Path.of(positional.get(0));
        o.port = wholeNumber(cl, PORT);
        o.adminPort = Objects.requireNonNullElse(wholeNumber(cl, ADMIN_PORT), -1);
        o.host = cl.getOptionValue(HOST);
        o.settings = path(cl, SETTINGS);
        o.userDir = cl.hasOption(USER_DIR) ? path(cl, USER_DIR) : path(cl, USER_DIR_DASHED);
        o.defines = values(cl, DEFINE);
        o.safe = cl.hasOption(SAFE);
        o.verbose = cl.hasOption(VERBOSE);
        o.inject = cl.getOptionValue(INJECT);
        o.times = Objects.requireNonNullElse(wholeNumber(cl, TIMES), 1);
        o.exitAfterDebug = Objects.requireNonNullElse(wholeNumber(cl, EXIT_AFTER_DEBUG), -1);
        String debug = cl.getOptionValue(DEBUG, "text");
        if (!debug.equalsIgnoreCase("json") && !debug.equalsIgnoreCase("text")) {
            throw new IllegalArgumentException("Invalid value for option '--debug': expected json or text but was '"
                    + debug + "'");
        }
        o.debugJson = debug.equalsIgnoreCase("json");
        o.protosDir = cl.hasOption(PROTOS) ? path(cl, PROTOS) : o.protosDir;
        o.cluster = cl.hasOption(CLUSTER);
        o.clusterHost = cl.getOptionValue(CLUSTER_HOST);
        o.clusterPort = wholeNumber(cl, CLUSTER_PORT);
        o.clusterMembers = cl.hasOption(CLUSTER_MEMBERS) ? values(cl, CLUSTER_MEMBERS).stream()
                .flatMap(m -> Arrays.stream(m.split(","))).toList() : null;
        o.nodeDirs = values(cl, NODES).stream().map(Path::of).toList();
        o.help = cl.hasOption(HELP) || cl.hasOption(HELP_QUESTION);
        o.version = cl.hasOption(VERSION);
        return o;
    }

    boolean debugJson() {
        return debugJson;
    }

    static void usage(PrintStream out) {
        StringBuilder text = new StringBuilder();
        TextHelpAppendable appendable = new TextHelpAppendable(text);
        appendable.setMaxWidth(118);
        try {
            HelpFormatter.builder().setShowSince(false).setHelpAppendable(appendable).get()
                    .printHelp("redwire [run] [<flows.json>] [options]\n"
                                    + "redwire hash-pw   (reads a password on stdin, prints its bcrypt hash for adminAuth)",
                            "", ALL, "Exit codes: 0 normal (or after --exit-after-debug), 1 when the settings or flows "
                                    + "cannot load or start, 2 on bad arguments.", false);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        out.print(text);
    }

    /** What --version prints: Redwire's version, the Node-RED release it follows, the JVM and OS. */
    static List<String> versionLines() {
        return List.of(
                "Redwire v" + Version.redwire(),
                "Node-RED compatibility: " + Version.NODE_RED,
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"));
    }

    /** Node-RED also takes -Dkey=value with the value attached; the parser wants it as its own argument. */
    private static String[] splitAttachedDefines(String[] args) {
        List<String> out = new ArrayList<>(args.length);
        for (String a : args) {
            if (a.startsWith("-D") && a.length() > 2) {
                out.add("-D");
                out.add(a.substring(2));
            } else {
                out.add(a);
            }
        }
        return out.toArray(String[]::new);
    }

    /** The option's value as a whole number, null when the option is not given. */
    private static Integer wholeNumber(CommandLine cl, Option option) {
        String text = cl.getOptionValue(option);
        if (text == null) {
            return null;
        }
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Invalid value for option '--" + option.getLongOpt() + "': '" + text
                    + "' is not a whole number");
        }
    }

    private static Path path(CommandLine cl, Option option) {
        String text = cl.getOptionValue(option);
        return text == null ? null : Path.of(text);
    }

    private static List<String> values(CommandLine cl, Option option) {
        String[] v = cl.getOptionValues(option);
        return v == null ? new ArrayList<>() : new ArrayList<>(List.of(v));
    }

    private static Option arg(String shortName, String longName, String label, String description) {
        return declared(Option.builder(shortName).longOpt(longName).hasArg().argName(label).desc(description).get());
    }

    private static Option flag(String shortName, String longName, String description) {
        return declared(Option.builder(shortName).longOpt(longName).desc(description).get());
    }

    private static Option declared(Option option) {
        ALL.addOption(option);
        return option;
    }
}
