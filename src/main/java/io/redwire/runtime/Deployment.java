package io.redwire.runtime;

import io.redwire.api.FlowEventNode;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.flow.FlowDef;
import io.redwire.flow.FlowSet;
import io.redwire.flow.NodeDef;
import io.redwire.msg.ContextScope;
import io.redwire.msg.FlowException;
import io.redwire.msg.NodeError;

import io.vertx.core.Future;
import io.vertx.core.Promise;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One deployed flow set: every node built (side-effect free) and wired, then started together. Building collects
 * every problem so a refused deploy names them all.
 */
final class Deployment {
    private static final Pattern WHOLE_ENV = Pattern.compile("^\\$(?:\\{([^}\\s]+)}|\\(([^)\\s]+)\\))$");

    private final Engine engine;
    private final FlowSet set;
    private final Map<String, FlowScope> flows = new LinkedHashMap<>();
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final Map<String, NodeDef> defs = new HashMap<>();
    private final List<String> problems = new ArrayList<>();
    private final EnvScope globalEnv;
    /** Nodes taken over running from the previous deployment: never started or bound again here. */
    private final Set<String> kept = new java.util.HashSet<>();
    /** Flow scopes built by this deployment (the others are the previous deployment's, kept with their nodes). */
    private final List<FlowScope> freshFlows = new ArrayList<>();

    Deployment(Engine engine, FlowSet set, Map<String, ContextScope> flowContexts) {
        this(engine, set, flowContexts, null, null);
    }

    /**
     * @param previous  the running deployment whose nodes may be kept; null builds every node
     * @param restarted flows-file ids whose nodes are rebuilt (see {@link FlowSet#originOf}); null rebuilds all
     */
    Deployment(Engine engine, FlowSet set, Map<String, ContextScope> flowContexts, Deployment previous,
               Set<String> restarted) {
        this.engine = engine;
        this.set = set;
        this.globalEnv = previous != null && restarted != null ? previous.globalEnv
                : EnvScope.of(EnvScope.process(), List.of(set.globalEnv()), null, engine.globalContext(),
                        engine.log());
        for (FlowDef u : set.units().values()) {
            FlowScope parent = u.parentId() == null ? null : flows.get(u.parentId());
            FlowScope same = restarted == null ? null : previous.flows.get(u.id());
            if (same != null && sameScope(same.unit(), u) && same.parent() == parent) {
                flows.put(u.id(), same); // the nodes kept in it still report into it
                continue;
            }
            ContextScope parentCtx = parent == null ? null : parent.context();
            ContextScope ctx = flowContexts.computeIfAbsent(u.id(),
                    k -> new ContextScope(parentCtx, engine.contextStores(), u.id()));
            EnvScope parentEnv = parent == null ? globalEnv : parent.envFor(groupOf(u.instanceNodeId()));
            FlowScope fresh = new FlowScope(u, parent, engine, ctx, parentEnv);
            flows.put(u.id(), fresh);
            freshFlows.add(fresh);
        }
        set.configNodes().forEach(d -> defs.put(d.id(), d));
        set.flowNodes().forEach(d -> defs.put(d.id(), d));
        if (restarted != null) {
            keepUnchanged(previous, restarted);
        }
        for (NodeDef d : set.configNodes()) {
            construct(d);
        }
        for (NodeDef d : set.flowNodes()) {
            construct(d);
        }
        if (!problems.isEmpty()) {
            throw new FlowException(String.join("\n", problems));
        }
        wire();
    }

    /**
     * Whether a kept scope still fits: the same unit, env and groups, a group's look (style, size) aside — what its
     * nodes read at run time (env, names) is all that must match.
     */
    private static boolean sameScope(FlowDef a, FlowDef b) {
        return a.id().equals(b.id()) && java.util.Objects.equals(a.label(), b.label())
                && java.util.Objects.equals(a.parentId(), b.parentId())
                && java.util.Objects.equals(a.instanceNodeId(), b.instanceNodeId())
                && java.util.Objects.equals(a.subflowId(), b.subflowId())
                && java.util.Objects.equals(a.subflowName(), b.subflowName())
                && a.envLayers().equals(b.envLayers()) && groupsAtRunTime(a).equals(groupsAtRunTime(b));
    }

    private static Map<String, List<Object>> groupsAtRunTime(FlowDef u) {
        Map<String, List<Object>> out = new HashMap<>();
        u.groups().forEach((id, g) -> out.put(id, java.util.Arrays.asList(g.get("name"), g.get("env"), g.get("g"))));
        return out;
    }

    /** Takes over the running nodes a partial deploy leaves alone: same id, type and flow, and nothing restarts them. */
    private void keepUnchanged(Deployment previous, Set<String> restarted) {
        for (NodeDef d : defs.values()) {
            Node running = previous.nodes.get(d.id());
            NodeDef was = previous.defs.get(d.id());
            if (running != null && was != null && was.type().equals(d.type())
                    && java.util.Objects.equals(was.unitId(), d.unitId())
                    && (d.unitId() == null || previous.flows.get(d.unitId()) == flows.get(d.unitId()))
                    && !restarted.contains(set.originOf(d))) {
                nodes.put(d.id(), running);
                kept.add(d.id());
            }
        }
    }

    private String groupOf(String nodeId) {
        if (nodeId == null) {
            return null;
        }
        for (NodeDef d : set.flowNodes()) {
            if (d.id().equals(nodeId)) {
                return d.raw().get("g") instanceof String g ? g : null;
            }
        }
        return null;
    }

    List<Map<String, Object>> source() {
        return set.source();
    }

    Set<String> unitIds() {
        return flows.keySet();
    }

    Node node(String id) {
        return nodes.get(id);
    }

    java.util.Collection<Node> nodes() {
        return nodes.values();
    }

    boolean contains(Node n) {
        return nodes.get(n.id()) == n;
    }

    private final Set<String> constructing = new java.util.HashSet<>();
    /** Nodes whose construction failed: built once, their problem listed once, whoever references them. */
    private final Set<String> failed = new java.util.HashSet<>();

    private Node construct(NodeDef d) {
        Node existing = nodes.get(d.id());
        if (existing != null || failed.contains(d.id()) || !constructing.add(d.id())) {
            return existing;
        }
        NodeType type = engine.registry().get(d.type());
        String where = "node " + d.id() + " (" + d.type() + ")";
        try {
            if (type == null) { // a subflow instance with no tab: nothing expanded it into nodes
                throw new FlowException(where + ": a subflow instance must be on a flow tab (z names none)");
            }
            FlowScope flow = d.unitId() == null ? null : flows.get(d.unitId());
            Map<String, Object> raw = substituteEnv(d.raw(), flow, d);
            if (!d.wires().isEmpty()) {
                raw.put("wires", d.wires());
            }
            List<String> refused = type.validate(raw);
            if (!refused.isEmpty()) { // building it would repeat, or trip over, what its declaration refused
                refused.forEach(p -> problems.add(where + " " + p));
                failed.add(d.id());
                return null;
            }
            Node n = type.create(new NodeConfig(type, raw, new Services(flow, d)));
            nodes.put(d.id(), n);
            return n;
        } catch (BrokenConfigNode e) {
            failed.add(d.id()); // the config node's own problem is already listed
        } catch (FlowException e) {
            failed.add(d.id());
            problems.add(e.getMessage());
        } catch (Throwable e) {
            if (!Failures.isRecoverable(e)) {
                throw e;
            }
            // a library's assertion or a class missing from an optional dependency names the node, never hangs
            failed.add(d.id());
            problems.add(where + ": " + NodeError.textOf(e));
        } finally {
            constructing.remove(d.id());
        }
        return null;
    }

    /**
     * Deploy-time ${VAR} / $(VAR) substitution of whole string values, at any depth, except the keys that place
     * the node (id, type, z, g, wires): those were resolved when the flow set was built and must stay as built.
     */
    private Map<String, Object> substituteEnv(Map<String, Object> raw, FlowScope flow, NodeDef d) {
        String g = raw.get("g") instanceof String s ? s : null;
        java.util.function.Function<String, Object> env = name -> flow == null ? globalEnv.get(name)
                : flow.env().lookup(d.id(), String.valueOf(raw.getOrDefault("name", "")), g, name);
        Map<String, Object> out = new LinkedHashMap<>();
        raw.forEach((k, v) -> out.put(k, PLACEMENT_KEYS.contains(k) ? v : substitute(v, env)));
        return out;
    }

    private static final Set<String> PLACEMENT_KEYS = Set.of("id", "type", "z", "g", "wires");

    private static Object substitute(Object v, java.util.function.Function<String, Object> env) {
        if (v instanceof String s && s.length() > 3 && s.charAt(0) == '$') {
            Matcher m = WHOLE_ENV.matcher(s);
            if (m.matches()) {
                Object value = env.apply(m.group(1) != null ? m.group(1) : m.group(2));
                return value == null ? s : value;
            }
            return s;
        }
        if (v instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, val) -> out.put(String.valueOf(k), substitute(val, env)));
            return out;
        }
        if (v instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(e -> out.add(substitute(e, env)));
            return out;
        }
        return v;
    }

    private void wire() {
        flows.values().forEach(FlowScope::forgetEventNodes);
        for (Node n : nodes.values()) {
            NodeDef d = defs.get(n.id());
            FlowScope flow = d.unitId() == null ? firstFlow() : flows.get(d.unitId());
            Node[][] targets = new Node[d.wires().size()][];
            for (int p = 0; p < targets.length; p++) {
                List<Node> to = new ArrayList<>();
                for (String id : d.wires().get(p)) {
                    Node t = nodes.get(id);
                    if (t != null) {
                        to.add(t);
                    }
                }
                targets[p] = to.toArray(new Node[0]);
            }
            String scopeId = n.id() + ":" + (d.unitId() == null ? "global" : d.unitId());
            if (kept.contains(n.id())) {
                ((EngineBinding) n.binding()).retarget(targets);
            } else {
                n.bind(new EngineBinding(engine, flow, targets,
                        new ContextScope(null, engine.contextStores(), scopeId), engine.metrics().forType(d.type())));
            }
            if (n instanceof FlowEventNode e && flow != null) {
                flow.register(e);
            }
            if (FlowSet.SUBFLOW_STATUS.equals(d.type()) && flow != null) {
                flow.statusPort();
            }
        }
        for (FlowScope f : flows.values()) {
            if (f.unit().isSubflow()) {
                f.instanceNode(nodes.get(f.unit().instanceNodeId()));
            }
        }
    }

    /** Global config nodes report into the first flow, as Node-RED delegates their errors to a user's flow. */
    private FlowScope firstFlow() {
        if (flows.isEmpty()) {
            FlowDef none = new FlowDef("global", "global", null, null, null, null, List.of(), Map.of());
            flows.put("global", new FlowScope(none, null, engine, new ContextScope(null), globalEnv));
        }
        return flows.values().iterator().next();
    }

    /** How long a stop waits for nodes still finishing their start (a function node's close waits as long). */
    private static final long READY_LIMIT_MS = 15_000;

    /** A node whose start() takes longer is named in the start-up timeline. */
    private static final long SLOW_START_NS = 20_000_000;

    /** Whether this node was taken over running from the previous deployment. */
    boolean kept(Node n) {
        return kept.contains(n.id()) && contains(n);
    }

    /** The nodes this deployment built (a full deploy: all of them). */
    private List<Node> own() {
        return nodes.values().stream().filter(n -> !kept.contains(n.id())).toList();
    }

    Future<Void> start() {
        List<Future<Void>> started = new ArrayList<>();
        List<Node> own = own();
        freshFlows.forEach(f -> f.starting(true));
        for (Node n : own) {
            long t0 = System.nanoTime();
            try {
                started.add(n.start().recover(e -> Future.failedFuture(
                        new FlowException("node " + n.id() + " (" + n.type() + "): " + e.getMessage(), e))));
                if (StartupTimeline.enabled() && System.nanoTime() - t0 > SLOW_START_NS) {
                    StartupTimeline.mark("start() of " + n.type() + " " + n.id());
                }
            } catch (RuntimeException e) {
                started.add(Future.failedFuture(new FlowException("node " + n.id() + " (" + n.type() + "): "
                        + NodeError.textOf(e), e)));
            }
        }
        freshFlows.forEach(f -> f.starting(false));
        return Future.join(started).<Void>mapEmpty().onSuccess(v -> own.forEach(this::announceStarted))
                .recover(e -> {
            List<String> errors = new ArrayList<>();
            for (Future<Void> f : started) {
                if (f.failed()) {
                    errors.add(f.cause().getMessage());
                }
            }
            return Future.failedFuture(new FlowException(String.join("\n", errors)));
        });
    }

    private void announceStarted(Node n) {
        tell(n, Node::started);
    }

    /** A graceful stop began: every node hears {@link Node#draining()}. */
    void draining() {
        nodes.values().forEach(n -> tell(n, Node::draining));
    }

    /** Calls a lifecycle hook; what it throws is logged naming the node and does not stop the others. */
    private void tell(Node n, java.util.function.Consumer<Node> hook) {
        try {
            hook.accept(n);
        } catch (RuntimeException e) {
            engine.log().error("[" + n.label() + "] " + NodeError.textOf(e));
        }
    }

    /**
     * Waits until the nodes that stop unless {@code next} keeps them (null: all) have finished what their start left
     * running in the background ({@link Node#ready()}: a function node's sandbox, the messages it queued meanwhile),
     * at most {@link #READY_LIMIT_MS}; then on the flow loop, outside whatever call completed the last of them.
     */
    Future<Void> readyToStop(Deployment next) {
        List<Future<Void>> ready = new ArrayList<>();
        for (Node n : nodes.values()) {
            if (next == null || !next.kept(n)) {
                ready.add(n.ready());
            }
        }
        Promise<Void> onLoop = Promise.promise();
        Future.join(ready).timeout(READY_LIMIT_MS, TimeUnit.MILLISECONDS)
                .onComplete(r -> engine.loop().runOnContext(v -> onLoop.complete()));
        return onLoop.future();
    }

    Future<Void> stop() {
        return close(n -> true);
    }

    /** Closes every node but those {@code next} takes over running. */
    Future<Void> stopAllBut(Deployment next) {
        return close(n -> !next.kept(n));
    }

    /** Closes the nodes this deployment built, leaving those it took over running (a refused partial deploy). */
    Future<Void> stopOwn() {
        return close(n -> !kept(n));
    }

    private Future<Void> close(java.util.function.Predicate<Node> which) {
        List<Future<Void>> closed = new ArrayList<>();
        for (Node n : nodes.values()) {
            if (!which.test(n)) {
                continue;
            }
            try {
                closed.add(n.close().recover(e -> {
                    engine.log().error(n, "error closing: " + e.getMessage());
                    return Future.succeededFuture();
                }));
            } catch (RuntimeException e) {
                engine.log().error(n, "error closing: " + e.getMessage());
            }
        }
        return Future.join(closed).<Void>mapEmpty().otherwiseEmpty();
    }

    /** A node references a config node that exists but could not be built; that node's problem says why. */
    private static final class BrokenConfigNode extends FlowException {
        BrokenConfigNode(String id) {
            super("config node " + id + " has errors");
        }
    }

    /** What a node may use while being built. */
    private final class Services extends PreparingServices {
        private final FlowScope flow;
        private final NodeDef def;

        Services(FlowScope flow, NodeDef def) {
            super(engine);
            this.flow = flow;
            this.def = def;
        }

        @Override
        public Node configNode(String id) {
            Node n = nodes.get(id);
            if (n == null && defs.containsKey(id)) {
                n = construct(defs.get(id));
                if (n == null && failed.contains(id)) {
                    throw new BrokenConfigNode(id);
                }
            }
            return n;
        }

        @Override
        public Object env(String nodeId, String name) {
            String g = def.raw().get("g") instanceof String s ? s : null;
            return flow == null ? globalEnv.get(name)
                    : flow.env().lookup(nodeId, String.valueOf(def.raw().getOrDefault("name", "")), g, name);
        }
    }
}
