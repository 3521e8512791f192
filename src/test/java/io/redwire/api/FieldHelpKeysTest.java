package io.redwire.api;

import io.redwire.runtime.NodeFamilies;

import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every key of every family's {@code field-help.json} and {@code field-labels.json} names a type of that family and a
 * field (or credential) the type declares: a help line or label for a renamed or removed field would never be shown
 * and nobody would notice.
 */
class FieldHelpKeysTest {
    @Test
    void everyHelpKeyNamesADeclaredTypeAndField() throws Exception {
        List<String> problems = new ArrayList<>();
        Map<URL, Map<String, Set<String>>> declaredByFile = new LinkedHashMap<>();
        for (NodeType t : NodeFamilies.discover(getClass().getClassLoader(), problems::add).all()) {
            for (String name : FieldHelp.FILES) {
                URL file = t.helpAnchor() == null ? null : t.helpAnchor().getResource(name);
                if (file != null) {
                    Set<String> names = new HashSet<>();
                    t.fields().forEach(f -> names.add(f.name()));
                    t.credentials().forEach(f -> names.add(f.name()));
                    declaredByFile.computeIfAbsent(file, k -> new TreeMap<>()).put(t.type(), names);
                }
            }
        }
        assertEquals(List.of(), problems);
        assertTrue(declaredByFile.size() >= 20, "the families' help and label files: " + declaredByFile.keySet());
        Map<String, List<String>> stale = new TreeMap<>();
        for (Map.Entry<URL, Map<String, Set<String>>> e : declaredByFile.entrySet()) {
            try (InputStream in = e.getKey().openStream()) {
                List<String> keys = FieldHelp.staleKeys(new String(in.readAllBytes(), StandardCharsets.UTF_8),
                        e.getValue());
                if (!keys.isEmpty()) {
                    stale.put(e.getKey().getPath().replaceAll(".*/io/redwire/", ""), keys);
                }
            }
        }
        assertEquals(Map.of(), stale, "help and label keys that no declaration has");
    }

    @Test
    void aKeyForAnUndeclaredTypeOrFieldIsStale() {
        assertEquals(List.of("change.gone", "nosuch"), FieldHelp.staleKeys("""
                {"change": {"rules": "the rules", "gone": "a field since removed"}, "nosuch": {"x": "y"}}""",
                Map.of("change", Set.of("rules", "action"))));
    }
}
