package io.redwire.api;

import io.redwire.msg.Json;
import io.redwire.msg.PropertyPath;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runtime settings: Node-RED's settings keys, from a settings.js or a JSON file (--settings, read by the runtime's
 * SettingsFile), plus -D overrides. Values are read only through their declarations ({@link Setting#read}); the
 * runtime tells the settings which keys are declared ({@link #declare}), and {@link #problems()} names the keys no
 * one declared and the values of the wrong type.
 */
public final class Settings {
    private static final Pattern DEFINE = Pattern.compile("^([^=]+)=(.+)$", Pattern.DOTALL);

    private final Map<String, Object> values;
    private final List<String> problems;
    private final Map<String, Setting<?>> declared = new LinkedHashMap<>();

    public Settings(Map<String, Object> values) {
        this(values, List.of());
    }

    /** @param problems warnings about the settings file itself (see {@link #problems()}) */
    public Settings(Map<String, Object> values, List<String> problems) {
        this.values = values;
        this.problems = problems;
        declare(RuntimeSettings.ALL);
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

    /** Sets {@code setting} (a command-line flag that overrides the file, as --verbose). */
    public <T> void set(Setting<T> setting, T value) {
        PropertyPath.parse(setting.key()).set(values, value, true, null);
    }

    /** Adds declarations (the node families', once they are registered); the runtime's own are always known. */
    public void declare(Collection<? extends Setting<?>> settings) {
        settings.forEach(s -> declared.putIfAbsent(s.key(), s));
    }

    /**
     * Warnings about the file itself, keys no declaration uses and values of the wrong type, each naming its key.
     */
    public List<String> problems() {
        Set<String> all = new LinkedHashSet<>(problems);
        Set<String> known = new LinkedHashSet<>();
        declared.values().forEach(s -> known.add(s.topKey()));
        values.keySet().stream().filter(k -> !known.contains(k)).forEach(k ->
                all.add("settings key '" + k + "' is not used by Redwire: ignored"));
        for (Setting<?> s : declared.values()) {
            String parent = parentNotAnObject(s.key());
            String problem = parent != null ? parent : s.problem(this);
            if (problem != null) {
                all.add(problem);
            }
        }
        return new ArrayList<>(all);
    }

    /** The value at a key's path (its dotted parts); null when it or an object on its way is missing. */
    Object lookup(String... path) {
        Object at = values;
        for (String part : path) {
            if (!(at instanceof Map<?, ?> m)) {
                return null;
            }
            at = m.get(part);
        }
        return at;
    }

    private String parentNotAnObject(String key) {
        int dot = key.indexOf('.');
        while (dot > 0) {
            String parent = key.substring(0, dot);
            Object v = lookup(parent.split("\\."));
            if (v != null && !(v instanceof Map)) {
                return "settings key '" + parent + "' must be an object, not " + Json.stringify(v) + ": ignored";
            }
            dot = key.indexOf('.', dot + 1);
        }
        return null;
    }
}
