package io.redwire.runtime;

import io.redwire.spi.DebugEvent;
import io.redwire.spi.Node;

import java.io.PrintStream;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.function.BiConsumer;

/** Node-RED style log lines ("30 Nov 03:36:00 - [warn] [function:F] text") on stderr, plus the debug sidebar feed. */
public final class Log {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("d MMM HH:mm:ss", Locale.ENGLISH);
    private final PrintStream out;
    private volatile BiConsumer<String, Object> sidebar = (t, d) -> { };

    public Log(PrintStream out) {
        this.out = out;
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
        line("warn", node, text);
        toSidebar(node, 30, text);
    }

    public void error(Node node, String text) {
        line("error", node, text);
        toSidebar(node, 20, text);
    }

    private void line(String level, Node node, String text) {
        String prefix = node == null ? "" : "[" + node.label() + "] ";
        out.println(LocalDateTime.now().format(TIME) + " - [" + level + "] " + prefix + text);
    }

    private void toSidebar(Node node, int level, String text) {
        sidebar.accept(DebugEvent.TOPIC, new DebugEvent(node.id(), node.z(), node.name(), node.z(), null, null,
                text, level));
    }
}
