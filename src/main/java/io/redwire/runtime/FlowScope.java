package io.redwire.runtime;

import io.redwire.api.FlowEventNode;
import io.redwire.api.Node;
import io.redwire.flow.FlowDef;
import io.redwire.flow.FlowSet;
import io.redwire.msg.ContextScope;
import io.redwire.msg.ErrorValue;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A running flow: a tab or a subflow instance. Owns the flow context, env levels and the catch/status/complete
 * routing of its nodes; what it does not handle bubbles to the parent flow through the subflow instance node.
 */
public final class FlowScope {
    private static final int MAX_CATCHES = 10;

    private final FlowDef unit;
    private final FlowScope parent;
    private final Engine engine;
    private final ContextScope context;
    private final EnvScope env;
    private final Map<String, EnvScope> groupEnv = new HashMap<>();
    private final List<FlowEventNode> catchers = new ArrayList<>();
    private final List<FlowEventNode> statusNodes = new ArrayList<>();
    private final Map<String, List<FlowEventNode>> completeBySource = new HashMap<>();
    private Node instanceNode;
    private boolean statusPort;
    private boolean starting;

    FlowScope(FlowDef unit, FlowScope parent, Engine engine, ContextScope context, EnvScope parentEnv) {
        this.unit = unit;
        this.parent = parent;
        this.engine = engine;
        this.context = context;
        this.env = EnvScope.of(parentEnv, unit.envLayers(), context, engine.globalContext(), engine.log());
    }

    public String id() {
        return unit.id();
    }

    public FlowDef unit() {
        return unit;
    }

    public ContextScope context() {
        return context;
    }

    public FlowScope parent() {
        return parent;
    }

    void instanceNode(Node n) {
        this.instanceNode = n;
    }

    /** The env level a node in group {@code g} (or no group) reads first. */
    public EnvScope envFor(String g) {
        if (g == null || !unit.groups().containsKey(g)) {
            return env;
        }
        EnvScope cached = groupEnv.get(g);
        if (cached != null) {
            return cached;
        }
        Map<String, Object> group = unit.groups().get(g);
        EnvScope parentLevel = envFor(group.get("g") instanceof String pg ? pg : null);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> entries = group.get("env") instanceof List<?> l ? (List<Map<String, Object>>) l
                : List.of();
        EnvScope level = EnvScope.of(parentLevel, List.of(entries), context, engine.globalContext(), engine.log());
        groupEnv.put(g, level);
        return level;
    }

    public EnvLookup env() {
        return new EnvLookup();
    }

    /** Env lookup for one node: Node-RED's built-ins, then its groups, flow, parents, global-config, process. */
    public final class EnvLookup {
        public Object lookup(Node node, String name) {
            return lookup(node.id(), node.name(), node.group(), name);
        }

        public Object lookup(String nodeId, String nodeName, String g, String name) {
            switch (name) {
                case "NR_NODE_ID":
                    return nodeId;
                case "NR_NODE_NAME":
                    return nodeName;
                case "NR_NODE_PATH":
                    return path() + "/" + nodeId;
                case "NR_GROUP_ID":
                    return g;
                case "NR_GROUP_NAME":
                    return g == null ? null : unit.groups().get(g).get("name");
                case "NR_FLOW_ID":
                    return tab().unit.id();
                case "NR_FLOW_NAME":
                    return tab().unit.label();
                case "NR_SUBFLOW_ID":
                    return unit.isSubflow() ? unit.id() : null;
                case "NR_SUBFLOW_NAME":
                    return unit.isSubflow() ? unit.subflowName() : null;
                case "NR_SUBFLOW_PATH":
                    return unit.isSubflow() ? path() : null;
                default:
                    return envFor(g).get(name);
            }
        }
    }

    private FlowScope tab() {
        FlowScope f = this;
        while (f.parent != null) {
            f = f.parent;
        }
        return f;
    }

    private String path() {
        return parent == null ? unit.id() : parent.path() + "/" + unit.id();
    }

    /** A partial deploy keeps this scope: its catch, status and complete nodes are registered again. */
    void forgetEventNodes() {
        catchers.clear();
        statusNodes.clear();
        completeBySource.clear();
    }

    void register(FlowEventNode n) {
        switch (n.kind()) {
            case CATCH -> catchers.add(n);
            case STATUS -> statusNodes.add(n);
            case COMPLETE -> {
                for (String src : n.scopeIds() == null ? List.<String>of() : n.scopeIds()) {
                    completeBySource.computeIfAbsent(src, k -> new ArrayList<>()).add(n);
                }
            }
        }
    }

    // ---- errors ---------------------------------------------------------------------------------------------

    /** Routes node.error(err, msg) to catch nodes; unhandled errors bubble out of subflows. */
    public boolean handleError(Node reporter, Object err, Map<String, Object> msg) {
        return handleError(reporter, reporter, err, msg);
    }

    /**
     * @param reporter the node catch scopes are matched against (a subflow instance when bubbling)
     * @param source   the node that raised the error, named in msg.error.source
     */
    private boolean handleError(Node reporter, Node source, Object err, Map<String, Object> msg) {
        int count = 1;
        if (msg != null && msg.get("error") instanceof Map<?, ?> prev && prev.get("source") instanceof Map<?, ?> src
                && source.id().equals(src.get("id"))) {
            count = src.get("count") instanceof Number c ? c.intValue() + 1 : 1;
            if (count >= MAX_CATCHES) {
                engine.log().warn(source, "Message exceeded maximum number of catches");
                return false;
            }
        }
        boolean handled = false;
        boolean handledByUncaught = false;
        for (FlowEventNode c : candidates(catchers, reporter)) {
            if (c.uncaught() && !handledByUncaught) {
                if (handled) {
                    continue;
                }
                handledByUncaught = true;
            }
            Map<String, Object> m = msg == null ? Messages.create() : Messages.cloneMessage(msg);
            if (m.containsKey("error")) {
                m.put("_error", m.get("error"));
            }
            m.put("error", errorObject(source, err, count));
            c.deliverEvent(m);
            handled = true;
        }
        if (!handled && parent != null && instanceNode != null) {
            handled = parent.handleError(instanceNode, source, err, msg);
        }
        return handled;
    }

    private static Map<String, Object> errorObject(Node reporter, Object err, int count) {
        Map<String, Object> e = new LinkedHashMap<>();
        String text = Node.errorText(err);
        e.put("message", text);
        Map<String, Object> source = sourceOf(reporter);
        source.put("count", count);
        e.put("source", source);
        if (err instanceof NodeError ne) {
            if (ne.stack() != null) {
                e.put("stack", ne.stack());
            } else if (ErrorValue.looksLikeError(text)) {
                e.put("stack", text); // an Error object's toString: Node-RED's msg.error carries that Error's stack
            }
            if (ne.code() != null) {
                e.put("code", ne.code());
            }
            if (ne.causeValue() != null) {
                e.put("cause", ne.causeValue());
            }
        } else if (err instanceof Throwable) {
            e.put("stack", text);
        } else if (err instanceof Map<?, ?> m) {
            for (String k : List.of("stack", "code", "cause")) {
                if (m.containsKey(k)) {
                    e.put(k, m.get(k));
                }
            }
        }
        return e;
    }

    /** Node-RED's {id, type, name} of an error's or status's source; no name where Node-RED's is undefined. */
    private static Map<String, Object> sourceOf(Node n) {
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("id", n.id());
        source.put("type", n.type());
        if (n.nodeRedName() != null) {
            source.put("name", n.nodeRedName());
        }
        return source;
    }

    /** Catch/status candidates ordered by group distance, closest first (Node-RED's Flow.handleError). */
    private List<FlowEventNode> candidates(List<FlowEventNode> nodes, Node reporter) {
        record Candidate(int distance, FlowEventNode node) {
        }
        if (nodes.isEmpty()) {
            return List.of(); // the common case, on every node.status and node.error
        }
        List<Candidate> found = new ArrayList<>();
        String rg = reporter.group();
        for (FlowEventNode n : nodes) {
            if (n.group() != null && n.groupScope() && rg == null) {
                continue;
            }
            if (n.scopeIds() != null && !n.scopeIds().contains(reporter.id())) {
                continue;
            }
            int distance = 0;
            if (rg != null) {
                String g = rg;
                while (g != null && !g.equals(n.group())) {
                    distance++;
                    Map<String, Object> group = unit.groups().get(g);
                    g = group != null && group.get("g") instanceof String pg ? pg : null;
                }
                if (g == null && n.group() != null && n.groupScope()) {
                    continue;
                }
            }
            found.add(new Candidate(distance, n));
        }
        found.sort(Comparator.comparingInt(Candidate::distance));
        return found.stream().map(Candidate::node).toList();
    }

    // ---- status and complete --------------------------------------------------------------------------------

    public boolean handleStatus(Node reporter, Map<String, Object> status) {
        if (parent != null && instanceNode != null && FlowSet.SUBFLOW_STATUS.equals(reporter.type())) {
            return parent.handleStatus(instanceNode, instanceSource(), status, false); // the status output's
        }
        return handleStatus(reporter, sourceOf(reporter), status, false);
    }

    /**
     * Node-RED's Flow.handleStatus: status nodes are matched against {@code reporter} (the subflow instance when a
     * status bubbles out of one) and told the original {@code source}; a bubbled status is not shown on the
     * instance. A subflow with a status output keeps its inner statuses to itself.
     */
    private boolean handleStatus(Node reporter, Map<String, Object> source, Map<String, Object> status,
                                 boolean muted) {
        if (!muted) {
            engine.publishStatus(reporter, status);
        }
        if (starting) {
            return false;
        }
        boolean handled = false;
        for (FlowEventNode s : candidates(statusNodes, reporter)) {
            if (s.id().equals(source.get("id"))) {
                continue;
            }
            Map<String, Object> st = new LinkedHashMap<>(status);
            st.put("source", new LinkedHashMap<>(source));
            Map<String, Object> m = Messages.create();
            m.put("status", st);
            m.put("_msgid", Messages.newId()); // after status, as Node-RED's receive adds it
            s.deliverEvent(m);
            handled = true;
        }
        if (!handled && parent != null && instanceNode != null && !statusPort) {
            handled = parent.handleStatus(instanceNode, source, status, true);
        }
        return handled;
    }

    /** This subflow instance as a status source: Node-RED names its type subflow:&lt;definition id&gt;. */
    private Map<String, Object> instanceSource() {
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("id", instanceNode.id());
        source.put("type", "subflow:" + unit.subflowId());
        if (!instanceNode.name().isEmpty()) {
            source.put("name", instanceNode.name());
        }
        return source;
    }

    /**
     * Set while the deployment runs its nodes' start(): Node-RED gathers a flow's status nodes only once all its
     * nodes are built, so a status set while starting (the debug node's grey ring) is shown but reaches none.
     */
    void starting(boolean on) {
        this.starting = on;
    }

    /** The subflow has a status output: set while the deployment wires its nodes. */
    void statusPort() {
        this.statusPort = true;
    }

    public void handleComplete(Node node, Map<String, Object> msg) {
        List<FlowEventNode> targets = completeBySource.get(node.id());
        if (targets == null) {
            return;
        }
        for (FlowEventNode c : targets) {
            c.deliverEvent(Messages.cloneMessage(msg));
        }
    }
}
