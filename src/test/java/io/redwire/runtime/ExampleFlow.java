package io.redwire.runtime;

import io.redwire.msg.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One of Node-RED's example flow files, made runnable side by side: its ports become free ones (1880, the editor's,
 * becomes the engine's own), its /tmp paths a scratch directory, and its injects lose their repeat and crontab (they
 * are fired by hand, in reading order: tab, then top to bottom, then left to right).
 */
final class ExampleFlow {
    /** The editor's port in the examples' URLs (http request, websocket client). */
    static final int EDITOR_PORT = 1880;
    private static final Pattern HOST_PORT = Pattern.compile("(localhost|127\\.0\\.0\\.1):(\\d{2,5})(?!\\d)");
    private static final Pattern TMP = Pattern.compile("/tmp(?=[/\"])");
    private static final Set<String> PORT_NODES = Set.of("tcp in", "tcp out", "tcp request", "udp in", "udp out");
    private static final Map<String, Long> UNIT_MILLIS = Map.ofEntries(Map.entry("ms", 1L),
            Map.entry("milliseconds", 1L), Map.entry("s", 1000L), Map.entry("second", 1000L),
            Map.entry("seconds", 1000L), Map.entry("min", 60_000L), Map.entry("minute", 60_000L),
            Map.entry("minutes", 60_000L), Map.entry("hr", 3_600_000L), Map.entry("hour", 3_600_000L),
            Map.entry("hours", 3_600_000L), Map.entry("day", 86_400_000L), Map.entry("days", 86_400_000L));

    private final List<Map<String, Object>> nodes;

    private ExampleFlow(List<Map<String, Object>> nodes) {
        this.nodes = nodes;
    }

    @SuppressWarnings("unchecked")
    static ExampleFlow read(Path file) throws IOException {
        return new ExampleFlow((List<Map<String, Object>>) Json.parse(Files.readString(file)));
    }

    /** The ports the flow names (tcp/udp fields and host:port in any text), the editor's among them. */
    Set<Integer> ports() {
        Set<Integer> ports = new TreeSet<>();
        for (Map<String, Object> n : nodes) {
            if (PORT_NODES.contains(n.get("type"))) {
                for (String field : List.of("port", "outport")) {
                    String v = String.valueOf(n.getOrDefault(field, "")).strip();
                    if (v.matches("\\d+")) {
                        ports.add(Integer.parseInt(v));
                    }
                }
            }
        }
        Matcher m = HOST_PORT.matcher(Json.stringify(nodes));
        while (m.find()) {
            ports.add(Integer.parseInt(m.group(2)));
        }
        return ports;
    }

    /** The flow as JSON text for one engine: ports mapped ({@code ports}: example's to engine's), /tmp moved. */
    String forEngine(Map<Integer, Integer> ports, Path scratch) {
        List<Map<String, Object>> copy = new ArrayList<>();
        for (Map<String, Object> n : nodes) {
            Map<String, Object> c = new LinkedHashMap<>(n);
            if ("inject".equals(c.get("type"))) {
                c.put("repeat", "");
                c.put("crontab", "");
            }
            if (PORT_NODES.contains(c.get("type"))) {
                for (String field : List.of("port", "outport")) {
                    String v = String.valueOf(c.getOrDefault(field, "")).strip();
                    if (v.matches("\\d+")) {
                        c.put(field, String.valueOf(ports.get(Integer.parseInt(v))));
                    }
                }
            }
            copy.add(c);
        }
        String text = HOST_PORT.matcher(Json.stringify(copy))
                .replaceAll(r -> r.group(1) + ":" + ports.get(Integer.parseInt(r.group(2))));
        return TMP.matcher(text).replaceAll(Matcher.quoteReplacement(scratch.toString()));
    }

    /** The inject nodes' ids in reading order: tab order, then y, then x. */
    List<String> injectsInReadingOrder() {
        List<String> tabs = nodes.stream().filter(n -> "tab".equals(n.get("type"))).map(n -> (String) n.get("id"))
                .toList();
        return nodes.stream().filter(n -> "inject".equals(n.get("type")) && !Boolean.TRUE.equals(n.get("d")))
                .sorted(Comparator.<Map<String, Object>>comparingInt(n -> tabs.indexOf(n.get("z")))
                        .thenComparingDouble(n -> number(n.get("y")))
                        .thenComparingDouble(n -> number(n.get("x"))))
                .map(n -> (String) n.get("id")).toList();
    }

    /** The injects that fire at start, with their delay in ms. */
    Map<String, Long> onceInjects() {
        Map<String, Long> once = new LinkedHashMap<>();
        for (Map<String, Object> n : nodes) {
            if ("inject".equals(n.get("type")) && Boolean.TRUE.equals(n.get("once"))) {
                once.put((String) n.get("id"), (long) (number(n.getOrDefault("onceDelay", 0.1)) * 1000));
            }
        }
        return once;
    }

    /**
     * The longest timer a message from these nodes can meet, in ms: a delay's delay or rate period, a trigger's
     * duration, a time based batch's interval, a join's timeout. It follows wires and links; catch, status and
     * complete nodes are reached from anywhere.
     */
    long longestTimerFrom(Collection<String> roots) {
        Map<String, Map<String, Object>> byId = new LinkedHashMap<>();
        nodes.forEach(n -> byId.put((String) n.get("id"), n));
        Deque<String> todo = new ArrayDeque<>(roots);
        nodes.stream().filter(n -> Set.of("catch", "status", "complete").contains(n.get("type")))
                .forEach(n -> todo.add((String) n.get("id")));
        Set<String> seen = new HashSet<>();
        long longest = 0;
        while (!todo.isEmpty()) {
            Map<String, Object> n = byId.get(todo.poll());
            if (n == null || !seen.add((String) n.get("id"))) {
                continue;
            }
            longest = Math.max(longest, timerMillis(n));
            if (n.get("wires") instanceof List<?> outputs) {
                outputs.forEach(o -> ((List<?>) o).forEach(id -> todo.add((String) id)));
            }
            if (n.get("links") instanceof List<?> links) {
                links.forEach(id -> todo.add((String) id));
            }
        }
        return longest;
    }

    private static long timerMillis(Map<String, Object> n) {
        return switch (String.valueOf(n.get("type"))) {
            case "delay" -> switch (String.valueOf(n.get("pauseType"))) {
                case "delay", "delayv" -> time(n.get("timeout"), n.get("timeoutUnits"));
                case "random" -> time(n.get("randomLast"), n.get("randomUnits"));
                default -> (long) (time(n.get("nbRateUnits"), n.get("rateUnits")) / Math.max(1, number(n.get("rate"))));
            };
            case "trigger" -> Math.abs(time(n.get("duration"), n.get("units")));
            case "batch" -> "interval".equals(n.get("mode")) ? time(n.get("interval"), "s") : 0;
            case "join" -> time(n.get("timeout"), "s");
            default -> 0;
        };
    }

    /** The ids of the flow's nodes (ids in the output that are not among them are generated ones). */
    Set<String> nodeIds() {
        Set<String> ids = new HashSet<>();
        nodes.forEach(n -> ids.add((String) n.get("id")));
        return ids;
    }

    private static long time(Object amount, Object unit) {
        Long perUnit = UNIT_MILLIS.get(String.valueOf(unit));
        return perUnit == null ? 0 : (long) (number(amount) * perUnit);
    }

    private static double number(Object v) {
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        try {
            return Double.parseDouble(String.valueOf(v).strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
