package io.redwire.logging;

import io.redwire.api.DebugEvent;
import io.redwire.api.Node;

import java.io.PrintStream;
import java.time.LocalDateTime;
import java.util.function.BiConsumer;

/**
 * The runtime's and nodes' log ("30 Nov 03:36:00 - [warn] [function:F] text"), plus the debug sidebar feed. In the
 * process it goes through SLF4J (logger "redwire", Logback formats it, see {@link NodeRedLayout}); tests may print to a stream.
 */
public final class Log {
    private final PrintStream out; // null: through SLF4J
    private final org.slf4j.Logger logger = org.slf4j.LoggerFactory.getLogger("redwire");
    private volatile BiConsumer<String, Object> sidebar = (t, d) -> { };

    /** Lines printed to this stream in Node-RED's format, bypassing SLF4J. */
    public Log(PrintStream out) {
        this.out = out;
    }

    /** Through SLF4J: levels, format and destination as Logback is configured. */
    public static Log slf4j() {
        return new Log(null);
    }

    public void debug(String text) {
        if (out == null ? logger.isDebugEnabled() : false) {
            line("debug", null, text);
        }
    }

    /** Warn and error entries also go to the editor's debug sidebar (topic "debug"). */
    public void sidebar(BiConsumer<String, Object> publisher) {
        this.sidebar = publisher;
    }

    public void info(String text) {
        line("info", null, text);
    }

    public void warn(String text) {
        line("warn", null, text);
    }

    public void error(String text) {
        line("error", null, text);
    }

    public void info(Node node, String text) {
        line("info", node, text);
    }

    public void warn(Node node, String text) {
        warn(node, text, text);
    }

    /** @param shown what the debug sidebar shows: the value warned of, where the log has its text */
    public void warn(Node node, String text, Object shown) {
        line("warn", node, text);
        toSidebar(node, 30, shown);
    }

    public void error(Node node, String text) {
        error(node, text, text);
    }

    /** @param shown what the debug sidebar shows: the Error reported, where the log has its text */
    public void error(Node node, String text, Object shown) {
        line("error", node, text);
        toSidebar(node, 20, shown);
    }

    private void line(String level, Node node, String text) {
        String prefix = node == null ? "" : "[" + node.label() + "] ";
        if (out != null) {
            out.println(NodeRedLayout.line(LocalDateTime.now(), level, prefix + text));
            return;
        }
        switch (level) {
            case "error" -> logger.error("{}{}", prefix, text);
            case "warn" -> logger.warn("{}{}", prefix, text);
            case "debug" -> logger.debug("{}{}", prefix, text);
            default -> logger.info("{}{}", prefix, text);
        }
    }

    private void toSidebar(Node node, int level, Object shown) {
        sidebar.accept(DebugEvent.TOPIC, new DebugEvent(node.id(), node.z(), node.nodeRedName(), node.z(), null, null,
                shown, level));
    }
}
