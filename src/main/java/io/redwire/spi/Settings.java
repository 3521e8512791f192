package io.redwire.spi;

import io.redwire.msg.Json;
import io.redwire.msg.PropertyPath;

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
 * Runtime settings: Node-RED's settings keys, from a settings.js or a JSON file (--settings, read by the runtime's
 * SettingsFile), plus -D overrides.
 */
public final class Settings {
    /** The keys Redwire acts on; any other key in a settings file is reported once, by name. */
    public static final Set<String> HONOURED = Set.of(
            "uiPort", "uiHost", "flowFile", "flowFilePretty", "userDir", "credentialSecret",
            "httpNodeRoot", "httpAdminRoot", "https", "adminAuth", "httpNodeCors", "httpStatic", "httpStaticRoot", "httpNodeAuth",
            "functionGlobalContext", "exportGlobalContextKeys", "functionTimeout", "globalFunctionTimeout", "functionHeapLimit", "functionMaxTimers", "deliveryQueueLimit", "templateMaxOutput", "contextStorage", "logging",
            "apiMaxLength", "debugMaxLength", "httpRequestTimeout", "runtimeState", "nodeMessageBufferMaxLength",
            "verbose", "safeMode", "settingsFile", "cluster", "shutdownTimeout",
            // limits (README "Limits")
            "httpBodyMemoryLimit", "httpMaxHeaderSize", "httpMaxConnections", "httpHeadersTimeout",
            "httpKeepAliveTimeout", "thriftMaxFrameSize", "thriftReadTimeout", "thriftInputMemoryLimit", "flowWatchdog",
            "yamlMaxAliasExpansion", "csvMaxFieldsPerLine", "xmlMaxDepth",
            // gRPC (docs/grpc.md "Server reflection")
            "grpcReflection",
            // network nodes (README "MQTT, WebSocket, TCP and UDP")
            "mqttReconnectTime", "mqttMaxMessageSize", "socketReconnectTime", "socketTimeout", "tcpMsgQueueSize",
            "webSocketNodeMaxPayload", "webSocketNodeMaxConnections", "tcpMaxConnections", "socketMaxBufferedBytes");
    private static final Pattern BYTE_SIZE = Pattern.compile("(?i)^\\s*(\\d+(?:\\.\\d+)?)\\s*(b|kb|mb|gb|tb|pb)?\\s*$");
    private static final Pattern DEFINE = Pattern.compile("^([^=]+)=(.+)$", Pattern.DOTALL);

    private final Map<String, Object> values;
    private final List<String> problems;

    public Settings(Map<String, Object> values) {
        this(values, List.of());
    }

    /** @param problems warnings about the settings file itself (see {@link #problems()}) */
    public Settings(Map<String, Object> values, List<String> problems) {
        this.values = values;
        this.problems = problems;
    }

    public static Settings defaults() {
        return new Settings(new LinkedHashMap<>());
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

    /** A size in bytes: a number, or text as Node-RED's apiMaxLength takes it ("5mb", "1.5 GB"; units of 1024). */
    public long bytes(String key, long dflt) {
        Object v = values.get(key);
        if (v instanceof Number n) {
            return n.longValue();
        }
        Matcher m = v instanceof String s ? BYTE_SIZE.matcher(s) : null;
        if (m == null || !m.matches()) {
            return dflt;
        }
        String unit = m.group(2) == null ? "b" : m.group(2).toLowerCase();
        int power = List.of("b", "kb", "mb", "gb", "tb", "pb").indexOf(unit);
        return (long) Math.floor(Double.parseDouble(m.group(1)) * Math.pow(1024, power));
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
