package io.redwire.spi;

import io.redwire.msg.Json;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The help texts of a family's fields, kept as Node-RED keeps its help: apart from the code, one file a family
 * ({@code field-help.json} in the node classes' package, {@code {"type": {"field": "help", ...}, ...}}), so the
 * declarations stay short and the texts can be read, reviewed and translated together. A field's own
 * {@link Field#help(String)} wins over the file.
 */
final class FieldHelp {
    static final String FILE = "field-help.json";

    private FieldHelp() {
    }

    /** The help lines for {@code type} in the file beside {@code nodeClass} (a factory's class lives in the node
     * class's package and class loader, a plugin's included); empty when there is none. */
    @SuppressWarnings("unchecked")
    static Map<String, String> forType(String type, Class<?> nodeClass) {
        try (InputStream in = nodeClass.getResourceAsStream(FILE)) {
            if (in == null) {
                return Map.of();
            }
            Object all = Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            if (!(all instanceof Map<?, ?> byType)) {
                throw new IllegalStateException(nodeClass.getPackageName() + "/" + FILE + " is not a JSON object");
            }
            Map<String, String> out = new LinkedHashMap<>();
            if (byType.get(type) instanceof Map<?, ?> fields) {
                ((Map<String, Object>) fields).forEach((field, help) -> out.put(field, String.valueOf(help)));
            }
            return Map.copyOf(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
