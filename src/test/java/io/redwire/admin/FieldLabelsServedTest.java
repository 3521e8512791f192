package io.redwire.admin;

import io.redwire.msg.Json;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Node-RED's forms show "Rules to check", "On Start", "Topic", never the property names {@code checkall},
 * {@code initialize}: every field and credential the editor shows (all but legacy and internal ones) reaches it
 * from GET /nodes with a label a user reads, the one the form, its validation messages and the help use.
 */
class FieldLabelsServedTest {
    @Test
    @SuppressWarnings("unchecked")
    void everyFieldAUserSeesHasAReadableLabel() throws Exception {
        try (AdminServer s = new AdminServer()) {
            List<Map<String, Object>> types = (List<Map<String, Object>>) Json.parse(
                    s.get("/nodes", "Accept", "application/json").body());
            List<String> unreadable = new ArrayList<>();
            int shown = 0;
            for (Map<String, Object> t : types) {
                List<Map<String, Object>> fields = new ArrayList<>((List<Map<String, Object>>) t.get("fields"));
                fields.addAll((List<Map<String, Object>>) t.getOrDefault("credentials", List.of()));
                for (Map<String, Object> f : fields) {
                    if (f.get("legacy") != null || f.get("internal") != null) {
                        continue;
                    }
                    shown++;
                    if (!readable(f.get("label"), (String) f.get("name"))) {
                        unreadable.add(t.get("type") + "." + f.get("name") + " = " + f.get("label"));
                    }
                }
            }
            assertTrue(shown > 400, "fields shown by the standard families: " + shown);
            assertEquals(List.of(), unreadable, "fields shown with no label, or one a user does not read");
        }
    }

    @Test
    void aPropertyNameIsNotALabel() {
        assertTrue(readable("Rules to check", "checkall"));
        assertTrue(readable("Topic", "topic"));
        assertTrue(!readable(null, "checkall"));
        assertTrue(!readable("checkall", "checkall"), "the name itself");
        assertTrue(!readable("onceDelay", "x"), "camel case");
        assertTrue(!readable("include_null_values", "x"), "snake case");
        assertTrue(!readable(" ", "x"));
    }

    /** A label is text a person reads: present, not the raw property name (unless it is the same word
     * capitalised, "Topic"), with no camelCase or snake_case identifiers in it. */
    private static boolean readable(Object label, String name) {
        if (!(label instanceof String text) || text.isBlank() || text.equals(name)) {
            return false;
        }
        return !text.matches(".*\\b[a-z]+[A-Z]\\w*.*") && !text.matches(".*\\w_\\w.*");
    }
}
