package io.redwire.flow;

import io.redwire.msg.Messages;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A flows file classified and expanded the way Node-RED's runtime sees it: enabled tabs, subflow instances expanded
 * into their own units with renamed node copies, link wiring resolved, disabled nodes dropped.
 */
public final class FlowSet {
    /** Synthetic type of a subflow instance's input: forwards to the subflow's first internal nodes. */
    public static final String SUBFLOW_INPUT = "_subflow-input";
    /** Synthetic type of a subflow instance's output port: forwards to the instance's wires on that port. */
    public static final String SUBFLOW_OUTPUT = "_subflow-output";
    /** Synthetic type of a subflow instance's status output: what reaches it becomes the instance's status. */
    public static final String SUBFLOW_STATUS = "_subflow-status";

    private final List<Map<String, Object>> source;
    private final Map<String, FlowDef> units = new LinkedHashMap<>();
    private final List<NodeDef> configNodes = new ArrayList<>();
    private final List<NodeDef> flowNodes = new ArrayList<>();
    private final List<Map<String, Object>> globalEnv = new ArrayList<>();
    private final Map<String, Set<String>> missingTypes = new TreeMap<>();

    private final Map<String, Map<String, Object>> tabs = new LinkedHashMap<>();
    private final Map<String, Map<String, Object>> subflowDefs = new HashMap<>();
    private final Map<String, List<Map<String, Object>>> byZ = new HashMap<>();

    private FlowSet(List<Map<String, Object>> source) {
        this.source = source;
    }

    /**
     * @param knownType whether a node type is registered; unknown ones are listed by {@link #missingTypes()}
     */
    public static FlowSet build(List<Map<String, Object>> nodes, Predicate<String> knownType) {
        FlowSet set = new FlowSet(nodes);
        set.classify(knownType);
        if (set.missingTypes.isEmpty()) {
            set.expand();
            set.wireLinks();
        }
        return set;
    }

    public List<Map<String, Object>> source() {
        return source;
    }

    public Map<String, FlowDef> units() {
        return units;
    }

    public List<NodeDef> configNodes() {
        return configNodes;
    }

    public List<NodeDef> flowNodes() {
        return flowNodes;
    }

    public List<Map<String, Object>> globalEnv() {
        return globalEnv;
    }

    /**
     * The flows-file id whose change restarts this node: its own id, or for the nodes a subflow instance expands
     * into (its ports and its template's copies, nested instances included) the instance placed on a tab.
     */
    public String originOf(NodeDef d) {
        FlowDef unit = d.unitId() == null ? null : units.get(d.unitId());
        if (unit != null && unit.isSubflow()) {
            while (unit.parentId() != null && units.get(unit.parentId()).isSubflow()) {
                unit = units.get(unit.parentId());
            }
            return unit.id();
        }
        if (SUBFLOW_OUTPUT.equals(d.type())) {
            return d.id().substring(0, d.id().lastIndexOf('#'));
        }
        return d.id();
    }

    /** Missing type → ids using it (empty when every type is registered). */
    public Map<String, Set<String>> missingTypes() {
        return missingTypes;
    }

    @SuppressWarnings("unchecked")
    private void classify(Predicate<String> knownType) {
        for (Map<String, Object> n : source) {
            String type = (String) n.get("type");
            switch (type) {
                case "tab" -> tabs.put((String) n.get("id"), n);
                case "subflow" -> subflowDefs.put((String) n.get("id"), n);
                case "global-config" -> {
                    if (n.get("env") instanceof List<?> env) {
                        env.forEach(e -> globalEnv.add((Map<String, Object>) e));
                    }
                }
                default -> {
                    String z = n.get("z") instanceof String s ? s : "";
                    byZ.computeIfAbsent(z, k -> new ArrayList<>()).add(n);
                }
            }
        }
        for (Map<String, Object> n : source) {
            String type = (String) n.get("type");
            if (type.equals("tab") || type.equals("subflow") || type.equals("global-config") || type.equals("group")) {
                continue;
            }
            boolean known = type.startsWith("subflow:") ? subflowDefs.containsKey(type.substring(8))
                    : knownType.test(type);
            if (!known) {
                missingTypes.computeIfAbsent(type, k -> new LinkedHashSet<>()).add((String) n.get("id"));
            }
        }
        // a node whose z names no tab and no subflow gets an implicit tab
        for (String z : byZ.keySet()) {
            if (!z.isEmpty() && !tabs.containsKey(z) && !subflowDefs.containsKey(z)) {
                Map<String, Object> tab = new LinkedHashMap<>();
                tab.put("id", z);
                tab.put("type", "tab");
                tab.put("label", z);
                tabs.put(z, tab);
            }
        }
    }

    private void expand() {
        for (Map<String, Object> n : byZ.getOrDefault("", List.of())) {
            if (!isDisabled(n) && !"group".equals(n.get("type"))) {
                configNodes.add(def((String) n.get("id"), n, null, Map.of()));
            }
        }
        for (Map<String, Object> tab : tabs.values()) {
            if (Boolean.TRUE.equals(tab.get("disabled"))) {
                continue;
            }
            String id = (String) tab.get("id");
            units.put(id, new FlowDef(id, str(tab.get("label")), null, null, null, null,
                    List.of(envOf(tab)), groupsOf(id, Map.of())));
            expandUnit(id, id, Map.of());
        }
    }

    /** Adds the nodes whose z is {@code z} to unit {@code unitId}, renamed through {@code rename}. */
    private void expandUnit(String z, String unitId, Map<String, String> rename) {
        for (Map<String, Object> n : byZ.getOrDefault(z, List.of())) {
            String type = (String) n.get("type");
            if (isDisabled(n) || "group".equals(type)) {
                continue;
            }
            String id = rename.getOrDefault((String) n.get("id"), (String) n.get("id"));
            if (type.startsWith("subflow:")) {
                // without coordinates Node-RED files an instance as a config node and never starts it
                if (n.containsKey("x") && n.containsKey("y")) {
                    expandInstance(n, id, unitId, rename);
                }
            } else {
                NodeDef d = def(id, n, unitId, rename);
                (d.configNode() ? configNodes : flowNodes).add(d);
            }
        }
    }

    private void expandInstance(Map<String, Object> instance, String instanceId, String parentUnit,
                                Map<String, String> outerRename) {
        Map<String, Object> sf = subflowDefs.get(((String) instance.get("type")).substring(8));
        String sfId = (String) sf.get("id");
        Map<String, String> rename = new HashMap<>();
        for (Map<String, Object> inner : byZ.getOrDefault(sfId, List.of())) {
            String orig = (String) inner.get("id");
            rename.put(orig, instanceId + "-" + orig);
        }
        List<List<Map<String, Object>>> env = List.of(envOf(instance), envOf(sf));
        String name = instance.get("name") instanceof String s && !s.isEmpty() ? s : str(sf.get("name"));
        units.put(instanceId, new FlowDef(instanceId, name, parentUnit, instanceId, sfId, name, env,
                groupsOf(sfId, rename)));

        // the instance's input forwards to the subflow's first nodes (or straight to an output: pass-through)
        List<List<String>> outerWires = wiresOf(instance, outerRename);
        List<String> outputIds = new ArrayList<>();
        for (int i = 0; i < outerWires.size(); i++) {
            outputIds.add(instanceId + "#out" + i);
        }
        List<String> inTargets = new ArrayList<>();
        List<Map<String, Object>> outDefs = listOfMaps(sf.get("out"));
        for (Map<String, Object> in : listOfMaps(sf.get("in"))) {
            for (Map<String, Object> w : listOfMaps(in.get("wires"))) {
                inTargets.add(rename.getOrDefault(str(w.get("id")), str(w.get("id"))));
            }
        }
        for (int i = 0; i < outDefs.size() && i < outputIds.size(); i++) {
            for (Map<String, Object> w : listOfMaps(outDefs.get(i).get("wires"))) {
                if (sfId.equals(w.get("id"))) {
                    inTargets.add(outputIds.get(i));
                }
            }
        }
        String statusId = instanceId + ":status";
        List<Map<String, Object>> statusWires = sf.get("status") instanceof Map<?, ?> st
                ? listOfMaps(st.get("wires")) : null;
        if (statusWires != null) {
            for (Map<String, Object> w : statusWires) {
                if (sfId.equals(w.get("id"))) {
                    inTargets.add(statusId);
                }
            }
            Map<String, Object> statusRaw = new LinkedHashMap<>();
            statusRaw.put("id", statusId);
            statusRaw.put("type", SUBFLOW_STATUS);
            statusRaw.put("z", instanceId);
            flowNodes.add(new NodeDef(statusId, SUBFLOW_STATUS, statusRaw, instanceId, new ArrayList<>(), false));
        }
        Map<String, Object> inputRaw = new LinkedHashMap<>(instance);
        inputRaw.put("id", instanceId);
        flowNodes.add(new NodeDef(instanceId, SUBFLOW_INPUT, inputRaw, parentUnit, List.of(inTargets), false));
        for (int i = 0; i < outputIds.size(); i++) {
            Map<String, Object> outRaw = new LinkedHashMap<>();
            outRaw.put("id", outputIds.get(i));
            outRaw.put("type", SUBFLOW_OUTPUT);
            outRaw.put("z", instance.get("z"));
            flowNodes.add(new NodeDef(outputIds.get(i), SUBFLOW_OUTPUT, outRaw, parentUnit,
                    List.of(outerWires.get(i)), false));
        }

        int before = flowNodes.size();
        expandUnit(sfId, instanceId, rename);
        // internal nodes wired to a subflow output (or its status output) get that port added to their wires
        for (int i = 0; i < outDefs.size() && i < outputIds.size(); i++) {
            wireToPort(listOfMaps(outDefs.get(i).get("wires")), outputIds.get(i), rename, before);
        }
        if (statusWires != null) {
            wireToPort(statusWires, statusId, rename, before);
        }
    }

    private void wireToPort(List<Map<String, Object>> wires, String portId, Map<String, String> rename, int from) {
        for (Map<String, Object> w : wires) {
            String src = rename.get(str(w.get("id")));
            int port = w.get("port") instanceof Number p ? p.intValue() : 0;
            for (int k = from; k < flowNodes.size(); k++) {
                NodeDef d = flowNodes.get(k);
                if (d.id().equals(src)) {
                    while (d.wires().size() <= port) {
                        d.wires().add(new ArrayList<>());
                    }
                    d.wires().get(port).add(portId);
                }
            }
        }
    }

    private NodeDef def(String id, Map<String, Object> n, String unitId, Map<String, String> rename) {
        Map<String, Object> raw = Messages.cloneMessage(n);
        raw.put("id", id);
        if (!rename.isEmpty()) {
            raw.put("_alias", n.get("id"));
            if (raw.get("z") instanceof String z) {
                raw.put("z", unitId);
            }
            if (raw.get("g") instanceof String g) {
                raw.put("g", rename.getOrDefault(g, g));
            }
            // config references and link ids inside a subflow point at the instance's own copies
            for (var e : raw.entrySet()) {
                if (e.getValue() instanceof String s && rename.containsKey(s) && !e.getKey().equals("id")) {
                    e.setValue(rename.get(s));
                }
            }
            if (raw.get("links") instanceof List<?> links) {
                raw.put("links", links.stream().map(l -> rename.getOrDefault(String.valueOf(l), String.valueOf(l)))
                        .toList());
            }
        }
        boolean config = !n.containsKey("x") || !n.containsKey("y");
        boolean hasWires = n.get("wires") instanceof List;
        return new NodeDef(id, (String) n.get("type"), raw, unitId, wiresOf(n, rename), config && !hasWires);
    }

    private static List<List<String>> wiresOf(Map<String, Object> n, Map<String, String> rename) {
        List<List<String>> out = new ArrayList<>();
        if (n.get("wires") instanceof List<?> ports) {
            for (Object p : ports) {
                List<String> targets = new ArrayList<>();
                if (p instanceof List<?> ids) {
                    for (Object t : ids) {
                        targets.add(rename.getOrDefault(String.valueOf(t), String.valueOf(t)));
                    }
                }
                out.add(targets);
            }
        }
        return out;
    }

    /** A link out sends to the union of its own links and every link in that lists it. */
    private void wireLinks() {
        Map<String, NodeDef> byId = new HashMap<>();
        flowNodes.forEach(d -> byId.put(d.id(), d));
        configNodes.forEach(d -> byId.put(d.id(), d));
        Map<String, Set<String>> targets = new HashMap<>();
        for (NodeDef d : byId.values()) {
            if ("link out".equals(d.type()) && !"return".equals(d.raw().get("mode"))) {
                targets.computeIfAbsent(d.id(), k -> new LinkedHashSet<>()).addAll(links(d));
            }
        }
        for (NodeDef d : byId.values()) {
            if ("link in".equals(d.type())) {
                for (String out : links(d)) {
                    NodeDef o = byId.get(out);
                    if (o != null && "link out".equals(o.type()) && !"return".equals(o.raw().get("mode"))) {
                        targets.get(out).add(d.id());
                    }
                }
            }
        }
        targets.forEach((id, to) -> {
            NodeDef d = byId.get(id);
            d.wires().clear();
            d.wires().add(new ArrayList<>(to));
        });
    }

    private static List<String> links(NodeDef d) {
        return d.raw().get("links") instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
    }

    private Map<String, Map<String, Object>> groupsOf(String z, Map<String, String> rename) {
        Map<String, Map<String, Object>> groups = new HashMap<>();
        for (Map<String, Object> n : byZ.getOrDefault(z, List.of())) {
            if ("group".equals(n.get("type"))) {
                Map<String, Object> g = new LinkedHashMap<>(n);
                String id = rename.getOrDefault((String) n.get("id"), (String) n.get("id"));
                g.put("id", id);
                if (n.get("g") instanceof String parent) {
                    g.put("g", rename.getOrDefault(parent, parent));
                }
                groups.put(id, g);
            }
        }
        return groups;
    }

    private static boolean isDisabled(Map<String, Object> n) {
        return Boolean.TRUE.equals(n.get("d"));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> envOf(Map<String, Object> n) {
        return n.get("env") instanceof List<?> l ? (List<Map<String, Object>>) l : List.of();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> listOfMaps(Object o) {
        if (!(o instanceof List<?> l)) {
            return List.of();
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object e : l) {
            if (e instanceof Map<?, ?> m) {
                out.add((Map<String, Object>) m);
            }
        }
        return out;
    }

    private static String str(Object o) {
        return o == null ? "" : String.valueOf(o);
    }
}
