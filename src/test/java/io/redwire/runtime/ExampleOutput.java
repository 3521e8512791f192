package io.redwire.runtime;

import io.redwire.msg.Json;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A debug sidebar message as one comparable line: its fields in name order, with what differs from run to run
 * written the same way in both engines: generated ids (numbered in order of appearance, so equal ids stay equal),
 * epoch-millisecond times and dates, the engine's ports (back to the example's) and its scratch directory (back to
 * /tmp). A stack keeps its first frame (the flow's code); the
 * frames below it are the engine's own (Node.js's vm and Node-RED's modules, or Redwire's sandbox). The log's own
 * timestamp is dropped.
 */
final class ExampleOutput {
    /** Node-RED's generated ids (_msgid, msg.parts.id, ...): 16 hex digits. */
    private static final Pattern GENERATED_ID = Pattern.compile("(?<![0-9a-zA-Z.])[0-9a-f]{16}(?![0-9a-zA-Z.])");
    private static final Pattern EPOCH_MILLIS = Pattern.compile("(?<![\\d.])1[7-9]\\d{11}(?![\\d])");
    private static final String DAY = "(Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
    private static final String MONTH = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
    private static final Pattern DATES = Pattern.compile(
            "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?(Z|[+-]\\d\\d:\\d\\d)"
            + "|" + DAY + " " + MONTH + " \\d\\d \\d{4} \\d\\d:\\d\\d:\\d\\d GMT[+-]\\d{4}( \\([^)]*\\))?"
            + "|" + DAY + ", \\d\\d " + MONTH + " \\d{4} \\d\\d:\\d\\d:\\d\\d GMT");

    /** A stack frame line, its newline written as such or escaped in a JSON text (once or twice). */
    private static final String FRAME = "(?:\\\\{1,3}n|\n) {4}at [^\\\\\n\"]*";
    private static final Pattern INNER_FRAMES = Pattern.compile("(" + FRAME + ")(?:" + FRAME + ")+");

    private final Map<Integer, Integer> ports;
    private final String scratch;
    private final Set<String> nodeIds;
    private final Map<String, String> generated = new HashMap<>();

    /** {@code ports}: the example's port to the engine's; {@code nodeIds}: the flow's ids (kept as they are). */
    ExampleOutput(Map<Integer, Integer> ports, Path scratch, Set<String> nodeIds) {
        this.ports = ports;
        this.scratch = scratch.toString();
        this.nodeIds = nodeIds;
    }

    String line(Map<String, Object> event) {
        Map<String, Object> fields = new TreeMap<>();
        event.forEach((k, v) -> {
            if (!"timestamp".equals(k)) {
                fields.put(k, v instanceof String s ? normalise(s) : v);
            }
        });
        return Json.stringify(fields);
    }

    String normalise(String text) {
        String t = text.replace(scratch, "/tmp");
        t = INNER_FRAMES.matcher(t).replaceAll(m -> Matcher.quoteReplacement(m.group(1)));
        t = GENERATED_ID.matcher(t).replaceAll(m -> nodeIds.contains(m.group()) ? m.group()
                : generated.computeIfAbsent(m.group(), k -> "<id" + (generated.size() + 1) + ">"));
        t = DATES.matcher(t).replaceAll("<date>");
        t = EPOCH_MILLIS.matcher(t).replaceAll("<time>");
        for (Map.Entry<Integer, Integer> p : ports.entrySet()) {
            t = t.replaceAll("(?<!\\d)" + p.getValue() + "(?!\\d)", String.valueOf(p.getKey()));
        }
        return t;
    }
}
