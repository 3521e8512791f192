package io.redwire.runtime;

import io.redwire.api.Settings;
import io.redwire.msg.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a settings file: a Node-RED settings.js evaluated by {@link SettingsScript}, or a JSON object. */
public final class SettingsFile {
    private SettingsFile() {
    }

    /** A Node-RED settings.js (any file ending in .js or .cjs) or a JSON object. */
    @SuppressWarnings("unchecked")
    public static Settings load(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("settings file " + file + " not found: give an existing file with -s/--settings");
        }
        String name = file.getFileName().toString();
        if (name.endsWith(".js") || name.endsWith(".cjs")) {
            SettingsScript.Evaluated e;
            try {
                e = SettingsScript.evaluate(file);
            } catch (NoClassDefFoundError missing) { // GraalJS is an optional dependency
                throw new IOException("settings file " + file + " is JavaScript, which needs GraalJS "
                        + "(org.graalvm.polyglot:polyglot and js-community) on the class path: add it, or give the "
                        + "settings as a JSON file", missing);
            }
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
        return new Settings(new LinkedHashMap<>((Map<String, Object>) parsed), List.of());
    }

}
