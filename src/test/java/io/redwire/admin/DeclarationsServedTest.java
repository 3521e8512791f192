package io.redwire.admin;

import io.redwire.api.Field;
import io.redwire.api.NodeType;
import io.redwire.msg.Json;
import io.redwire.runtime.NodeFamilies;

import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The editor builds each node's form and help panel from GET /nodes: every field a type declares (the same Field
 * constants its node class reads through) must reach it with its kind, defaults, label and help, every type its
 * help text, and every field the form shows (all but legacy ones) and every credential a help text of its own.
 */
class DeclarationsServedTest {
    @Test
    @SuppressWarnings("unchecked")
    void everyDeclaredFieldReachesTheEditorWithItsHelp() throws Exception {
        List<String> problems = new ArrayList<>();
        List<NodeType> declared = NodeFamilies.discover(getClass().getClassLoader(), problems::add).all().stream()
                .filter(t -> !t.family().equals("internal")).toList();
        assertTrue(problems.isEmpty(), problems.toString());
        try (AdminServer s = new AdminServer()) {
            HttpResponse<String> r = s.get("/nodes", "Accept", "application/json");
            assertEquals(200, r.statusCode());
            Map<String, Map<String, Object>> served = ((List<Map<String, Object>>) Json.parse(r.body())).stream()
                    .collect(Collectors.toMap(t -> (String) t.get("type"), Function.identity()));
            assertTrue(declared.size() > 50, "the standard families: " + declared.size());
            List<String> withoutHelp = new ArrayList<>();
            List<String> fieldsWithoutHelp = new ArrayList<>();
            for (NodeType type : declared) {
                Map<String, Object> t = served.get(type.type());
                assertTrue(t != null, type.type() + " is not served");
                if (!(t.get("help") instanceof String h && !h.isBlank())) {
                    withoutHelp.add(type.type());
                }
                List<Map<String, Object>> fields = (List<Map<String, Object>>) t.get("fields");
                assertEquals(type.fields().size(), fields.size(), type.type());
                for (int i = 0; i < fields.size(); i++) {
                    Field f = type.fields().get(i);
                    Map<String, Object> got = fields.get(i);
                    String where = type.type() + "." + f.name();
                    assertEquals(f.name(), got.get("name"), where);
                    assertEquals(f.kind().name().toLowerCase(), got.get("kind"), where);
                    assertEquals(Json.parse(Json.stringify(f.editorDefault())), got.get("default"), where);
                    assertEquals(type.label(f), got.get("label"), where);
                    assertEquals(type.help(f), got.get("help"), where);
                    if (!f.legacy() && (type.help(f) == null || type.help(f).isBlank())) {
                        fieldsWithoutHelp.add(where);
                    }
                    assertEquals(f.legacy() ? Boolean.TRUE : null, got.get("legacy"), where);
                    assertEquals(f.visibility() == Field.Visibility.INTERNAL ? Boolean.TRUE : null,
                            got.get("internal"), where);
                }
            }
            assertEquals(List.of(), withoutHelp, "types without help text");
            for (NodeType type : declared) {
                List<Map<String, Object>> creds = (List<Map<String, Object>>) served.get(type.type())
                        .getOrDefault("credentials", List.of());
                assertEquals(type.credentials().size(), creds.size(), type.type() + " credentials");
                for (int i = 0; i < creds.size(); i++) {
                    Field f = type.credentials().get(i);
                    assertEquals(f.name(), creds.get(i).get("name"), type.type());
                    assertEquals(type.help(f), creds.get(i).get("help"), type.type() + "." + f.name());
                    if (type.help(f) == null || type.help(f).isBlank()) {
                        fieldsWithoutHelp.add(type.type() + "." + f.name() + " (credential)");
                    }
                }
            }
            assertEquals(List.of(), fieldsWithoutHelp, "fields the editor would show without help");
        }
    }

    @Test
    void aVirtualWiresFieldTheTypeDoesNotListIsRefusedWhereItIsDeclared() {
        Field links = Field.json("links", List.of());
        Field mode = Field.str("mode", "");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NodeType.builder("x", "test")
                .virtualWires(links, mode, "link").fields(mode).factory(c -> null));
        assertEquals("x: the virtual wires fields [links, mode] are not all among its fields", e.getMessage());
    }

    /** The canvas draws buttons and link wires from the declarations alone (canvas.js names no node type). */
    @Test
    @SuppressWarnings("unchecked")
    void buttonsAndVirtualWiresReachTheEditorAndNameDeclaredFields() throws Exception {
        try (AdminServer s = new AdminServer()) {
            Map<String, Map<String, Object>> served = ((List<Map<String, Object>>) Json.parse(
                    s.get("/nodes", "Accept", "application/json").body())).stream()
                    .collect(Collectors.toMap(t -> (String) t.get("type"), Function.identity()));
            assertEquals(Map.of("action", "inject", "title", "inject now"), served.get("inject").get("button"));
            assertEquals(Map.of("action", "debug", "toggle", "active", "title", "debug output"),
                    served.get("debug").get("button"));
            assertEquals(Map.of("field", "links", "when", Map.of("mode", List.of("link"))),
                    served.get("link out").get("virtualWires"), "a return goes back, not to the links");
            List<String> withButtons = new ArrayList<>();
            for (Map<String, Object> t : served.values()) {
                Map<String, Map<String, Object>> fields = ((List<Map<String, Object>>) t.get("fields")).stream()
                        .collect(Collectors.toMap(f -> (String) f.get("name"), Function.identity()));
                if (t.get("button") instanceof Map<?, ?> b) {
                    withButtons.add((String) t.get("type"));
                    if (b.get("toggle") != null) {
                        assertEquals("boolean", fields.get(b.get("toggle")).get("kind"), t.get("type") + " toggle");
                    }
                }
                if (t.get("virtualWires") instanceof Map<?, ?> v) {
                    assertTrue(fields.containsKey(v.get("field")), t.get("type") + " virtual wires field");
                    assertTrue(fields.keySet().containsAll(((Map<?, ?>) v.get("when")).keySet()),
                            t.get("type") + " virtual wires condition");
                }
            }
            assertEquals(List.of("debug", "inject"), withButtons.stream().sorted().toList());
        }
    }
}
