package io.redwire.credentials;

import io.redwire.msg.Json;
import io.redwire.storage.AtomicFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Node-RED's {@code <userDir>/.config.runtime.json}: runtime values the program keeps for itself, here the generated
 * {@code _credentialSecret} used when the settings give no credentialSecret. Other keys Node-RED keeps there are
 * preserved on write.
 */
final class RuntimeConfigFile {
    static final String SECRET_KEY = "_credentialSecret";
    private final AtomicFile file;

    RuntimeConfigFile(Path userDir) {
        this.file = AtomicFile.withBackup(userDir.resolve(".config.runtime.json"));
    }

    Path path() {
        return file.path();
    }

    String systemSecret() throws IOException {
        return read().get(SECRET_KEY) instanceof String s && !s.isEmpty() ? s : null;
    }

    void setSystemSecret(String secret) throws IOException {
        Map<String, Object> values = read();
        if (secret == null) {
            values.remove(SECRET_KEY);
        } else {
            values.put(SECRET_KEY, secret);
        }
        file.write(Json.pretty(values).getBytes(StandardCharsets.UTF_8));
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> read() throws IOException {
        if (!Files.exists(file.path())) {
            return new LinkedHashMap<>();
        }
        String text = Files.readString(file.path());
        if (text.isBlank()) {
            return new LinkedHashMap<>();
        }
        if (Json.parse(text) instanceof Map<?, ?> m) {
            return new LinkedHashMap<>((Map<String, Object>) m);
        }
        throw new IOException(file.path() + " must hold a JSON object");
    }
}
