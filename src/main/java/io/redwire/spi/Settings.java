package io.redwire.spi;

import io.redwire.msg.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Runtime settings: Node-RED's settings.js keys, read from a JSON file (--settings). */
public final class Settings {
    private final Map<String, Object> values;

    public Settings(Map<String, Object> values) {
        this.values = values;
    }

    public static Settings defaults() {
        return new Settings(new LinkedHashMap<>());
    }

    @SuppressWarnings("unchecked")
    public static Settings load(Path file) throws IOException {
        Object parsed;
        try {
            parsed = Json.parse(Files.readString(file));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IOException("settings file " + file + ": " + Json.describe(e), e);
        }
        if (!(parsed instanceof Map)) {
            throw new IOException("settings file " + file + " must hold a JSON object");
        }
        return new Settings((Map<String, Object>) parsed);
    }

    public Object get(String key) {
        return values.get(key);
    }

    public double number(String key, double dflt) {
        Object v = values.get(key);
        return v instanceof Number n ? n.doubleValue() : dflt;
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
