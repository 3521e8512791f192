package io.redwire.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runtime settings: Node-RED's settings keys, from a settings.js (evaluated by {@link SettingsScript}) or a JSON
 * file (--settings), plus -D overrides.
 */
public final class Settings {
    /** The keys Redwire acts on; any other key in a settings file is reported once, by name. */
    public static final Set<String> HONOURED = Set.of(
            "uiPort", "uiHost", "flowFile", "flowFilePretty", "userDir", "credentialSecret", "httpAdminRoot",
            "httpNodeRoot", "httpStatic", "https", "adminAuth", "httpNodeAuth", "httpNodeCors",
            "functionGlobalContext", "functionTimeout", "globalFunctionTimeout", "contextStorage", "logging",
            "apiMaxLength", "debugMaxLength", "httpRequestTimeout", "runtimeState", "nodeMessageBufferMaxLength",
            "verbose", "safeMode", "settingsFile", "shutdownTimeout",
            // network nodes (README "MQTT, WebSocket, TCP and UDP")
            "mqttReconnectTime", "mqttMaxMessageSize", "socketReconnectTime", "socketTimeout", "tcpMsgQueueSize",
            "webSocketNodeMaxPayload", "webSocketNodeMaxConnections", "tcpMaxConnections", "socketMaxBufferedBytes");
    private static final Pattern DEFINE = Pattern.compile("^([^=]+)=(.+)$", Pattern.DOTALL);

    private final Map<String, Object> values;
    private final List<String> problems;

    public Settings(Map<String, Object> values) {
        this(values, List.of());
    }

    private Settings(Map<String, Object> values, List<String> problems) {
        this.values = values;
        this.problems = problems;
    }

    public static Settings defaults() {
        return new Settings(new LinkedHashMap<>());
    }

    /** A Node-RED settings.js (any file ending in .js or .cjs) or a JSON object. */
    @SuppressWarnings("unchecked")
    public static Settings load(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("settings file " + file + " not found: give an existing file with -s/--settings");
        }
        String name = file.getFileName().toString();
        if (name.endsWith(".js") || name.endsWith(".cjs")) {
            SettingsScript.Evaluated e = SettingsScript.evaluate(file);
            List<String> notes = new ArrayList<>();
            e.functionKeys().forEach(k -> notes.add("settings " + k + " is a function, which Redwire cannot call: "
                    + "ignored"));
            Map<String, Object> values = new LinkedHashMap<>(e.values());
            values.put("settingsFile", file.toAbsolutePath().normalize().toString());
            return new Settings(values, notes);
        }
        Object parsed;
        try {
            parsed = Json.parse(Files.readString(file));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IOException("settings file " + file + ": " + Json.describe(e)
                    + " (a Node-RED settings file must be named *.js to be evaluated)", e);
        }
        if (!(parsed instanceof Map)) {
            throw new IOException("settings file " + file + " must hold a JSON object");
        }
        return new Settings(new LinkedHashMap<>((Map<String, Object>) parsed));
    }

    /**
     * Node-RED's {@code -D key=value}: the value as JSON when it parses, else as text; dotted keys reach into
     * objects (created when missing).
     */
    public void define(String definition) {
        Matcher m = DEFINE.matcher(definition);
        if (!m.matches()) {
            throw new IllegalArgumentException("-D " + definition + ": expected KEY=VALUE, e.g. -D uiPort=1881");
        }
        Object value;
        try {
            value = Json.parse(m.group(2));
        } catch (IOException e) {
            value = m.group(2);
        }
        PropertyPath.parse(m.group(1).trim()).set(values, value, true, null);
    }

    /** Warnings about the file itself: keys Redwire does not act on, values it cannot use. */
    public List<String> problems() {
        List<String> all = new ArrayList<>(problems);
        values.keySet().stream().filter(k -> !HONOURED.contains(k)).forEach(k ->
                all.add("settings key '" + k + "' is not used by Redwire: ignored"));
        return all;
    }

    public Object get(String key) {
        return values.get(key);
    }

    public double number(String key, double dflt) {
        Object v = values.get(key);
        if (v instanceof String s) { // e.g. uiPort: process.env.PORT || 1880
            try {
                return Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                return dflt;
            }
        }
        return v instanceof Number n ? n.doubleValue() : dflt;
    }

    /** A text setting (null when absent or not text). */
    public String string(String key) {
        return values.get(key) instanceof String s ? s : null;
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> map(String key) {
        Object v = values.get(key);
        return v instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    /** Default function-node timeout in seconds (0 = none). */
    public double functionTimeout() {
        return number("functionTimeout", 0);
    }

    public Map<String, Object> all() {
        return values;
    }
}
