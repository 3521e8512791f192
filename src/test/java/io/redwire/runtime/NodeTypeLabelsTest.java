package io.redwire.runtime;

import io.redwire.api.Field;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.msg.Json;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Every node type's label declaration, with the editor's labels.js run in GraalJS: data labels name declared fields
 * only (the build refuses others), each "computed" type has its function there and the functions read only declared
 * fields (so do the port label functions), and every case of web-editor/test/label-cases.json (nodes of Node-RED's
 * example flows, with the labels Node-RED 5.0.7's editor shows) gets Node-RED's labels from its declaration.
 */
class NodeTypeLabelsTest {
    private static final Path LABELS = Path.of("web-editor/js/labels.js");
    private static final Path CASES = Path.of("web-editor/test/label-cases.json");

    /**
     * Runs a type's computed label and port label functions on a node wrapped to record the properties they read;
     * answers them (JSON).
     */
    private static final String READS = """
            (labels, nodeJson) => {
              const raw = JSON.parse(nodeJson);
              const reads = new Set();
              const node = new Proxy(raw, {
                get: (target, key) => { if (typeof key === "string") reads.add(key); return target[key]; },
              });
              const ctx = { node: () => undefined, labelOf: () => "other", httpNodeRoot: "/" };
              const fns = [labels.computedLabels[raw.type], ...Object.values(labels.computedPortLabels[raw.type] || {})];
              for (const fn of fns.filter(Boolean)) {
                for (const index of [0, 1, 2]) {
                  try { fn(node, index === 0 ? ctx : index); } catch (e) { /* the reads so far count */ }
                }
              }
              return JSON.stringify([...reads]);
            }""";

    /** The label the editor shows for a case: labels.js's labelAmong over the declarations served to it. */
    private static final String LABEL = """
            (labels, declarationsJson, nodeJson, othersJson) => {
              const declarations = JSON.parse(declarationsJson);
              const others = new Map(JSON.parse(othersJson).map((n) => [n.id, n]));
              return labels.labelAmong((type) => declarations[type]?.label, (id) => others.get(id),
                  JSON.parse(nodeJson));
            }""";

    /** The port labels the editor shows for a case, in the shape of the case's "ports". */
    private static final String PORTS = """
            (labels, declarationsJson, nodeJson, portsJson) => {
              const node = JSON.parse(nodeJson);
              const declared = JSON.parse(declarationsJson)[node.type];
              const ports = {};
              for (const [direction, expected] of Object.entries(JSON.parse(portsJson))) {
                ports[direction] = expected.map((_, i) => labels.portLabel(declared, node, direction, i));
              }
              return JSON.stringify(ports);
            }""";

    private static Context js;
    private static Value labels;
    private static Map<String, NodeType> types;

    @BeforeAll
    static void loadLabelsModule() throws Exception {
        js = Context.newBuilder("js").option("engine.WarnInterpreterOnly", "false")
                .option("js.esm-eval-returns-exports", "true").build();
        labels = js.eval(Source.newBuilder("js", Files.readString(LABELS), "labels.js")
                .mimeType("application/javascript+module").build());
        List<String> problems = new ArrayList<>();
        NodeRegistry registry = NodeFamilies.discover(NodeTypeLabelsTest.class.getClassLoader(), problems::add);
        types = registry.all().stream().filter(t -> !t.type().startsWith("_"))
                .collect(Collectors.toMap(NodeType::type, t -> t, (a, b) -> a, LinkedHashMap::new));
        assertEquals(List.of(), problems, "every built-in family loads (all() loads the lazy ones)");
    }

    @AfterAll
    static void close() {
        js.close();
    }

    @Test
    void aLabelNamingAnUndeclaredFieldDoesNotBuild() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NodeType.builder("x in", "test")
                .fields(Field.str("topic", "")).label(Label.firstOf("name", "topicType").or("x"))
                .factory(c -> null));
        assertEquals("the label of x in names field 'topicType', which x in does not declare", e.getMessage());
    }

    @Test
    void everyDataLabelNamesDeclaredFields() {
        List<String> undeclared = new ArrayList<>();
        types.values().forEach(t -> t.label().fields().stream().filter(f -> !Label.readable(f, t.fields()))
                .forEach(f -> undeclared.add(t.type() + "." + f)));
        assertEquals(List.of(), undeclared);
    }

    @Test
    void theComputedLabelsAreTheTypesThatDeclareThem() {
        Set<String> declared = types.values().stream().filter(t -> t.label().computedByEditor())
                .map(NodeType::type).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(declared, new TreeSet<>(labels.getMember("computedLabels").getMemberKeys()),
                "types declaring Label.computed() vs the functions of labels.js");
    }

    /** Node-RED 5.0.7's palette names three of its types otherwise than by their type name (paletteLabel), and
     * @flowfuse/node-red-dashboard 1.31 (and node-red-dashboard 3.6 its {@code ui_} ones) names its widgets without
     * the prefix. */
    @Test
    void thePaletteNamesTypesAsNodeRedDoes() {
        Map<String, String> named = new TreeMap<>();
        types.values().stream().filter(t -> t.paletteLabel() != null)
                .forEach(t -> named.put(t.type(), t.paletteLabel()));
        assertEquals(Map.ofEntries(Map.entry("rbe", "filter"), Map.entry("file", "write file"),
                Map.entry("file in", "read file"), Map.entry("ui-audio", "audio"), Map.entry("ui-button", "button"),
                Map.entry("ui-button-group", "button group"), Map.entry("ui-chart", "chart"),
                Map.entry("ui-control", "ui control"), Map.entry("ui-dropdown", "dropdown"),
                Map.entry("ui-event", "event"), Map.entry("ui-file-input", "file input"), Map.entry("ui-form", "form"),
                Map.entry("ui-gauge", "gauge"), Map.entry("ui-markdown", "markdown"),
                Map.entry("ui-notification", "notification"), Map.entry("ui-number-input", "number input"),
                Map.entry("ui-progress", "progress"), Map.entry("ui-radio-group", "radio group"),
                Map.entry("ui-slider", "slider"), Map.entry("ui-spacer", "spacer"), Map.entry("ui-switch", "switch"),
                Map.entry("ui-table", "table"), Map.entry("ui-template", "template"), Map.entry("ui-text", "text"),
                Map.entry("ui-text-input", "text input"), Map.entry("ui_audio", "audio out"),
                Map.entry("ui_button", "button"), Map.entry("ui_chart", "chart"),
                Map.entry("ui_colour_picker", "colour picker"), Map.entry("ui_date_picker", "date picker"),
                Map.entry("ui_dropdown", "dropdown"), Map.entry("ui_form", "form"), Map.entry("ui_gauge", "gauge"),
                Map.entry("ui_numeric", "numeric"), Map.entry("ui_slider", "slider"), Map.entry("ui_spacer", "spacer"),
                Map.entry("ui_switch", "switch"), Map.entry("ui_template", "template"), Map.entry("ui_text", "text"),
                Map.entry("ui_text_input", "text input"), Map.entry("ui_toast", "notification"),
                Map.entry("ui_ui_control", "ui control")), named);
    }

    @Test
    void theComputedPortLabelsAreTheTypesThatDeclareThem() {
        Set<String> declared = types.values().stream().filter(NodeType::portLabelsComputed)
                .map(NodeType::type).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(declared, new TreeSet<>(labels.getMember("computedPortLabels").getMemberKeys()),
                "types declaring computedPortLabels() vs the port label functions of labels.js");
    }

    /** The declared default node of each computed type, and every case of one, read only declared fields. */
    @Test
    void computedLabelsReadOnlyDeclaredFields() throws Exception {
        Value reads = js.eval("js", READS);
        Map<String, Set<String>> undeclared = new LinkedHashMap<>();
        List<Map<String, Object>> nodes = new ArrayList<>();
        types.values().stream().filter(t -> t.label().computedByEditor() || t.portLabelsComputed())
                .forEach(t -> nodes.add(newNode(t)));
        cases().forEach(c -> nodes.add(node(c)));
        for (Map<String, Object> node : nodes) {
            NodeType t = types.get(String.valueOf(node.get("type")));
            if (t == null) {
                continue;
            }
            @SuppressWarnings("unchecked")
            List<String> read = (List<String>) Json.parse(reads.execute(labels, Json.stringify(node)).asString());
            read.stream().filter(p -> !Label.readable(p, t.fields()))
                    .forEach(p -> undeclared.computeIfAbsent(t.type(), k -> new TreeSet<>()).add(p));
        }
        assertEquals(Map.of(), undeclared, "properties computed labels read that their types do not declare");
    }

    @Test
    void everyExampleNodeIsLabelledAsNodeRedLabelsIt() throws Exception {
        Value label = js.eval("js", LABEL);
        String declared = Json.stringify(declarations());
        List<String> differ = new ArrayList<>();
        List<Map<String, Object>> cases = cases();
        for (Map<String, Object> c : cases) {
            String ours = label.execute(labels, declared, Json.stringify(c.get("node")),
                    Json.stringify(c.getOrDefault("others", List.of()))).asString();
            if (!ours.equals(c.get("label"))) {
                differ.add(node(c).get("id") + " (" + node(c).get("type") + ", " + c.get("from") + "): Node-RED "
                        + Json.stringify(c.get("label")) + ", Redwire " + Json.stringify(ours));
            }
        }
        assertEquals(List.of(), differ, "labels that differ from Node-RED's, of " + cases.size());
    }

    @Test
    void everyExampleNodesPortsAreLabelledAsNodeRedLabelsThem() throws Exception {
        Value ports = js.eval("js", PORTS);
        String declared = Json.stringify(declarations());
        List<String> differ = new ArrayList<>();
        List<Map<String, Object>> withPorts = cases().stream().filter(c -> c.containsKey("ports")).toList();
        for (Map<String, Object> c : withPorts) {
            Object ours = Json.parse(ports.execute(labels, declared, Json.stringify(c.get("node")),
                    Json.stringify(c.get("ports"))).asString());
            if (!ours.equals(c.get("ports"))) {
                differ.add(node(c).get("id") + " (" + node(c).get("type") + ", " + c.get("from") + "): Node-RED "
                        + Json.stringify(c.get("ports")) + ", Redwire " + Json.stringify(ours));
            }
        }
        assertEquals(List.of(), differ, "port labels that differ from Node-RED's, of " + withPorts.size());
    }

    /** Type name → its label declaration and port labels, as GET /nodes serves them to the editor. */
    private static Map<String, Object> declarations() {
        Map<String, Object> out = new LinkedHashMap<>();
        types.values().forEach(t -> out.put(t.type(), t.describe()));
        return out;
    }

    /** A node as the editor's registry.newNode makes it: each declared field at its default. */
    private static Map<String, Object> newNode(NodeType t) {
        Map<String, Object> node = new LinkedHashMap<>(Map.of("id", "n1", "type", t.type(), "name", ""));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> fields = (List<Map<String, Object>>) t.describe().get("fields");
        for (Map<String, Object> f : fields) {
            node.put(String.valueOf(f.get("name")), f.getOrDefault("default", ""));
            if (f.get("typeField") instanceof String typeField) {
                node.put(typeField, f.getOrDefault("defaultType", "str"));
            }
        }
        return node;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> node(Map<String, Object> c) {
        return (Map<String, Object>) c.get("node");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> cases() throws Exception {
        return (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(Files.readString(CASES))).get("cases");
    }
}
