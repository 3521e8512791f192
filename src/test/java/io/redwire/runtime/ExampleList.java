package io.redwire.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The example parity test's list (src/test/resources/parity/examples.txt): examples not compared ({@code exclude}),
 * known differences being fixed ({@code known}), examples that need a longer quiet time ({@code settle}) and those
 * whose output never goes quiet, watched for a fixed time after each inject ({@code window}), and what an example
 * expects to find in /tmp ({@code create}: a file, or a directory when it ends in /), each with its reason. Lines
 * are {@code kind | path under @node-red/nodes/examples | [millis or file |] reason}.
 */
record ExampleList(Map<String, String> excluded, Map<String, String> known, Map<String, Long> settle,
                   Map<String, Long> window, Map<String, List<String>> create) {

    private static final Set<String> VALUED = Set.of("settle", "window", "create");

    static ExampleList read(Path file) throws IOException {
        Map<String, String> excluded = new LinkedHashMap<>();
        Map<String, String> known = new LinkedHashMap<>();
        Map<String, Long> settle = new LinkedHashMap<>();
        Map<String, Long> window = new LinkedHashMap<>();
        Map<String, List<String>> create = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\\s*\\|\\s*");
            boolean valued = VALUED.contains(f[0]);
            if (f.length != (valued ? 4 : 3) || f[f.length - 1].isEmpty()) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": expected 'kind | path | "
                        + (valued ? "value | " : "") + "reason': " + line);
            }
            switch (f[0]) {
                case "exclude" -> excluded.put(f[1], f[2]);
                case "known" -> known.put(f[1], f[2]);
                case "settle" -> settle.put(f[1], Long.parseLong(f[2]));
                case "window" -> window.put(f[1], Long.parseLong(f[2]));
                case "create" -> create.computeIfAbsent(f[1], k -> new ArrayList<>()).add(f[2]);
                default -> throw new IllegalArgumentException(file + ":" + (i + 1) + ": unknown kind '" + f[0] + "'");
            }
        }
        return new ExampleList(excluded, known, settle, window, create);
    }
}
