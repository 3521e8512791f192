package io.redwire.api;

import io.redwire.msg.Json;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The texts a user reads about a family's fields, kept as Node-RED keeps its help and form labels: apart from the
 * code, one file a family for each kind of text, in the node classes' package, shaped
 * {@code {"type": {"field": "text", ...}, ...}}: {@code field-help.json} (the help) and {@code field-labels.json} (the
 * label a form, its validation messages and the help show instead of the property name). So the declarations stay
 * short and the texts can be read, reviewed and translated together. A field's own {@link Field#help(String)} or
 * {@link Field#label(String)} wins over the file.
 */
final class FieldHelp {
    static final String FILE = "field-help.json";
    static final String LABELS = "field-labels.json";
    static final List<String> FILES = List.of(FILE, LABELS);

    /**
     * Each file parsed once, by its URL (a plugin's file is its jar's): a family's types all read the same file, and
     * parsing it again for each of them cost the start-up ~30 ms.
     */
    private static final Map<String, Map<?, ?>> PARSED = new ConcurrentHashMap<>();

    private FieldHelp() {
    }

    /**
     * The keys of a {@code field-help.json} text that no declaration has: "type" for a type not among
     * {@code declared}'s keys, "type.field" for a field that type does not declare (its fields and credentials).
     * A help line nobody reads is either a typo or a field since renamed; NodeTypeDeclarationsTest refuses both.
     */
    static List<String> staleKeys(String json, Map<String, Set<String>> declared) {
        List<String> stale = new ArrayList<>();
        parse(json, "the help file").forEach((type, fields) -> {
            Set<String> names = declared.get(String.valueOf(type));
            if (names == null) {
                stale.add(String.valueOf(type));
            } else if (fields instanceof Map<?, ?> byField) {
                byField.keySet().stream().map(String::valueOf).filter(f -> !names.contains(f))
                        .forEach(f -> stale.add(type + "." + f));
            }
        });
        return stale;
    }

    private static Map<?, ?> parse(String json, String where) {
        Object all;
        try {
            all = Json.parse(json);
        } catch (IOException e) {
            throw new UncheckedIOException(where + " is not JSON", e);
        }
        if (!(all instanceof Map<?, ?> byType)) {
            throw new IllegalStateException(where + " is not a JSON object");
        }
        return byType;
    }

    /** The lines for {@code type} in the {@code file} ({@link #FILE} or {@link #LABELS}) beside {@code nodeClass} (a
     * factory's class lives in the node class's package and class loader, a plugin's included); empty when there is
     * none. */
    @SuppressWarnings("unchecked")
    static Map<String, String> forType(String type, Class<?> nodeClass, String file) {
        URL url = nodeClass.getResource(file);
        if (url == null) {
            return Map.of();
        }
        Map<?, ?> byType = PARSED.computeIfAbsent(url.toString(), u -> read(url, nodeClass.getPackageName() + "/" + file));
        Map<String, String> out = new LinkedHashMap<>();
        if (byType.get(type) instanceof Map<?, ?> fields) {
            ((Map<String, Object>) fields).forEach((field, help) -> out.put(field, String.valueOf(help)));
        }
        return Map.copyOf(out);
    }

    private static Map<?, ?> read(URL url, String where) {
        try (InputStream in = url.openStream()) {
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), where);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
