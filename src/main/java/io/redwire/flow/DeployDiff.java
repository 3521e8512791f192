package io.redwire.flow;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What changed between the running flows and a new deploy, node by node (by id, config equality, wires apart),
 * deciding which nodes a {@link DeployMode#NODES} or {@link DeployMode#FLOWS} deploy restarts the way Node-RED's
 * runtime does: a node is changed when any property but its position and wires differs; a node using a changed or
 * removed config node (any property naming its id) is changed too, transitively; a change inside a subflow template
 * changes every instance of it (and the templates holding those); a changed group changes its members; a tab whose
 * env changed, or that was added, removed, enabled or disabled, restarts whole. A change of wires alone only
 * re-wires the node. A changed global-config node (global env) turns any deploy into a full one.
 */
public final class DeployDiff {
    private static final Set<String> PLACEMENT = Set.of("x", "y", "wires");
    private static final Set<String> GROUP_PLACEMENT = Set.of("x", "y", "wires", "nodes", "style", "w", "h");
    private static final Set<String> NOT_REFERENCES = Set.of("id", "z", "wires");

    private final Map<String, Map<String, Object>> before = new HashMap<>();
    private final Map<String, Map<String, Object>> after = new HashMap<>();
    private final Set<String> added = new LinkedHashSet<>();
    private final Set<String> removed = new LinkedHashSet<>();
    private final Set<String> changed = new LinkedHashSet<>();
    private final Set<String> rewired = new LinkedHashSet<>();
    /** Tabs that restart whole: env changed, added, removed, enabled or disabled. */
    private final Set<String> wholeTabs = new LinkedHashSet<>();
    private boolean globalConfigChanged;

    private DeployDiff(List<Map<String, Object>> oldFlows, List<Map<String, Object>> newFlows) {
        oldFlows.forEach(n -> before.put(idOf(n), n));
        newFlows.forEach(n -> after.put(idOf(n), n));
    }

    public static DeployDiff between(List<Map<String, Object>> oldFlows, List<Map<String, Object>> newFlows) {
        DeployDiff d = new DeployDiff(oldFlows, newFlows);
        d.compare();
        d.propagate();
        return d;
    }

    /** Ids (as in the flows file) of nodes whose config changed or that use what changed. */
    public Set<String> changed() {
        return changed;
    }

    public Set<String> added() {
        return added;
    }

    public Set<String> removed() {
        return removed;
    }

    /** Nodes whose config is unchanged but whose wires differ. */
    public Set<String> rewired() {
        return rewired;
    }

    /** The global env (a global-config node) changed: every node may read it, so everything restarts. */
    public boolean globalConfigChanged() {
        return globalConfigChanged;
    }

    /**
     * The flows-file ids whose running nodes a deploy of this mode stops and starts again (a subflow instance's id
     * stands for all the nodes it expands into); null when everything restarts.
     */
    public Set<String> restarted(DeployMode mode) {
        if (mode == DeployMode.FULL || mode == DeployMode.RELOAD || globalConfigChanged) {
            return null;
        }
        Set<String> tabs = new HashSet<>(wholeTabs);
        if (mode == DeployMode.FLOWS) {
            for (Set<String> s : List.of(added, removed, changed, rewired)) {
                s.stream().map(this::tabOf).filter(Objects::nonNull).forEach(tabs::add); // config nodes: no tab
            }
        }
        Set<String> out = new HashSet<>(changed);
        out.addAll(added);
        out.addAll(removed);
        for (Map<String, Map<String, Object>> side : List.of(before, after)) {
            side.values().forEach(n -> {
                if (tabs.contains(zOf(n))) {
                    out.add(idOf(n));
                }
            });
        }
        return out;
    }

    private void compare() {
        for (Map<String, Object> old : before.values()) {
            String id = idOf(old);
            Map<String, Object> now = after.get(id);
            if (now == null) {
                removed.add(id);
                if ("tab".equals(old.get("type"))) {
                    wholeTabs.add(id);
                }
                continue;
            }
            if ("tab".equals(old.get("type"))) {
                if (!Objects.equals(old.get("env"), now.get("env"))
                        || Boolean.TRUE.equals(old.get("disabled")) != Boolean.TRUE.equals(now.get("disabled"))) {
                    wholeTabs.add(id);
                }
                continue;
            }
            if (!sameConfig(old, now)) {
                changed.add(id);
                if ("global-config".equals(now.get("type"))) {
                    globalConfigChanged = true;
                }
            } else if (!Objects.equals(old.get("wires"), now.get("wires"))) {
                rewired.add(id);
            }
        }
        for (Map<String, Object> now : after.values()) {
            String id = idOf(now);
            if (!before.containsKey(id)) {
                added.add(id);
                if ("tab".equals(now.get("type"))) {
                    wholeTabs.add(id);
                } else if ("global-config".equals(now.get("type"))) {
                    globalConfigChanged = true;
                }
            }
        }
        removed.stream().filter(id -> "global-config".equals(before.get(id).get("type")))
                .findAny().ifPresent(id -> globalConfigChanged = true);
    }

    private void propagate() {
        boolean more = true;
        while (more) {
            more = usersOfChanged() | groupMembers();
        }
        // a change inside a subflow template is a change of the template, and so of every instance of it
        Deque<String> templates = new ArrayDeque<>();
        for (Set<String> s : List.of(added, removed, changed, rewired)) {
            s.forEach(id -> {
                String z = zOfAnySide(id);
                if (isSubflow(z)) {
                    templates.add(z);
                }
            });
        }
        changed.stream().filter(this::isSubflow).forEach(templates::add);
        Set<String> seen = new HashSet<>();
        while (!templates.isEmpty()) {
            String sf = templates.pop();
            if (!seen.add(sf)) {
                continue;
            }
            for (Map<String, Object> n : after.values()) {
                if (("subflow:" + sf).equals(n.get("type"))) {
                    changed.add(idOf(n));
                    if (isSubflow(zOf(n))) {
                        templates.add(zOf(n));
                    }
                }
            }
        }
    }

    /** Nodes with a property naming a changed or removed node (a config node, a group) change too. */
    private boolean usersOfChanged() {
        boolean marked = false;
        for (Map<String, Object> n : after.values()) {
            String id = idOf(n);
            if (changed.contains(id)) {
                continue;
            }
            for (Map.Entry<String, Object> e : n.entrySet()) {
                if (NOT_REFERENCES.contains(e.getKey()) || !(e.getValue() instanceof String ref)) {
                    continue;
                }
                boolean refChanged = changed.contains(ref) || removed.contains(ref);
                // a restyled group leaves its members alone unless they moved into or out of it
                boolean sameGroup = e.getKey().equals("g") && before.containsKey(id)
                        && ref.equals(before.get(id).get("g")) && !removed.contains(ref);
                if (refChanged && !sameGroup) {
                    changed.add(id);
                    marked = true;
                    break;
                }
            }
        }
        return marked;
    }

    /** Every member of a changed group (nested groups included) is changed. */
    private boolean groupMembers() {
        boolean marked = false;
        for (Map<String, Object> n : after.values()) {
            if (n.get("g") instanceof String g && changed.contains(g) && isGroup(g) && changed.add(idOf(n))) {
                marked = true;
            }
        }
        return marked;
    }

    private boolean isGroup(String id) {
        Map<String, Object> n = after.get(id);
        return n != null && "group".equals(n.get("type"));
    }

    private boolean isSubflow(String id) {
        Map<String, Object> n = id == null ? null : after.getOrDefault(id, before.get(id));
        return n != null && "subflow".equals(n.get("type"));
    }

    private String tabOf(String id) {
        Map<String, Object> n = after.getOrDefault(id, before.get(id));
        if (n != null && "tab".equals(n.get("type"))) {
            return id;
        }
        return zOfAnySide(id);
    }

    private String zOfAnySide(String id) {
        Map<String, Object> n = after.getOrDefault(id, before.get(id));
        return n == null ? null : zOf(n);
    }

    private static boolean sameConfig(Map<String, Object> a, Map<String, Object> b) {
        Set<String> skip = "group".equals(b.get("type")) ? GROUP_PLACEMENT : PLACEMENT;
        Set<String> keys = new HashSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String k : keys) {
            if (!skip.contains(k) && !Objects.equals(a.get(k), b.get(k))) {
                return false;
            }
        }
        return true;
    }

    private static String idOf(Map<String, Object> n) {
        return String.valueOf(n.get("id"));
    }

    private static String zOf(Map<String, Object> n) {
        return n.get("z") instanceof String z ? z : null;
    }
}
