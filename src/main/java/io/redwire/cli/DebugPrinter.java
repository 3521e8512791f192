package io.redwire.cli;

import io.redwire.api.DebugEvent;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.CircularMarkers;

import java.io.PrintStream;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Prints debug node output on stdout: one JSON line per message, or a readable log-style line. A value that refers to
 * itself is printed with its circles marked, as the editor's sidebar shows it.
 */
record DebugPrinter(PrintStream out, boolean json, Runnable afterEach) implements BiConsumer<String, Object> {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("d MMM HH:mm:ss", Locale.ENGLISH);

    @Override
    public void accept(String topic, Object data) {
        if (!DebugEvent.TOPIC.equals(topic) || !(data instanceof DebugEvent e) || e.level() != null) {
            return;
        }
        if (json) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("id", e.id());
            line.put("name", e.name());
            line.put("topic", e.topic());
            line.put("property", e.property());
            line.put("value", e.value() == Undefined.VALUE ? null : e.value()); // JSON has no undefined
            out.println(CircularMarkers.json(line, false));
        } else {
            Object v = e.value();
            String text = v instanceof String s ? s : v instanceof Map || v instanceof java.util.List
                    ? CircularMarkers.json(v, false) : JsValues.toJsString(v);
            out.println(LocalDateTime.now().format(TIME) + " - [debug:" + (e.name().isEmpty() ? e.id() : e.name())
                    + "] " + text);
        }
        out.flush();
        afterEach.run();
    }
}
