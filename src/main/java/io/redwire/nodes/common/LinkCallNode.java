package io.redwire.nodes.common;

import io.redwire.js.JsValues;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;
import io.redwire.spi.Done;
import io.redwire.spi.Field;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;

import io.vertx.core.Future;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** link call: calls a link in (static or msg.target) and emits what a return-mode link out sends back. */
public final class LinkCallNode extends Node {
    static final Field LINKS = Field.json("links", List.of());
    static final Field LINK_TYPE = Field.select("linkType", "static", "static", "dynamic");
    static final Field TIMEOUT = Field.num("timeout", 30);

    public static final NodeType TYPE = NodeType.builder("link call", "common").icon("link-call")
            .label("name || (linkType === \"dynamic\" ? \"Dynamic\" : \"link call\")")
            .help("Calls a link in node's flow and waits for its link out in return mode to answer.")
            .color("#dddddd").ports(1, 1)
            .fields(LINKS, LINK_TYPE, TIMEOUT)
            .factory(LinkCallNode::new);

    private record Pending(long timer, Map<String, Object> original) {
    }

    private final List<String> links;
    private final boolean dynamic;
    private final long timeoutMs;
    private final Map<String, Pending> pending = new HashMap<>();

    LinkCallNode(NodeConfig c) {
        super(c);
        this.links = c.list(LINKS).stream().map(String::valueOf).toList();
        this.dynamic = "dynamic".equals(c.str(LINK_TYPE));
        double t = c.num(TIMEOUT);
        this.timeoutMs = (long) ((t > 0 ? t : 30) * 1000);
    }

    @Override
    @SuppressWarnings("unchecked")
    protected void onInput(Map<String, Object> msg, Done done) {
        Node target;
        try {
            target = dynamic ? findDynamic(msg.get("target")) : links.isEmpty() ? null : engine().node(links.get(0));
        } catch (NodeError e) {
            done.done(e);
            return;
        }
        if (!(target instanceof LinkInNode)) {
            Object wanted = dynamic ? msg.get("target") : links.isEmpty() ? null : links.get(0);
            boolean none = wanted == null || "".equals(wanted) || Boolean.FALSE.equals(wanted);
            done.done(new NodeError("Error: target link-in node '" + (none ? "" : JsValues.toJsString(wanted))
                    + "' not found"));
            return;
        }
        String eventId = Messages.newId();
        List<Object> stack = msg.get("_linkSource") instanceof List<?> l ? (List<Object>) l : new ArrayList<>();
        msg.put("_linkSource", stack);
        Map<String, Object> original = Messages.cloneMessage(msg); // reported on timeout, as it was when called
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("id", eventId);
        entry.put("node", id());
        stack.add(entry);
        long timer = vertx().setTimer(timeoutMs, t -> {
            Pending p = pending.remove(eventId);
            if (p != null) {
                error(new NodeError("timeout"), p.original);
            }
        });
        pending.put(eventId, new Pending(timer, original));
        target.receive(msg);
        done.done();
    }

    private Node findDynamic(Object target) {
        String t = target == null ? "" : String.valueOf(target);
        Node byId = engine().node(t);
        if (byId instanceof LinkInNode) {
            return byId;
        }
        List<Node> named = new ArrayList<>();
        for (Node n : engine().runningNodes()) {
            if (n instanceof LinkInNode && n.name().equals(t)) {
                if (n.inSameFlowAs(this)) {
                    return n;
                }
                named.add(n);
            }
        }
        if (named.size() > 1) {
            throw new NodeError("Error: Multiple link-in nodes named '" + t + "' found");
        }
        return named.isEmpty() ? null : named.get(0);
    }

    /** A return-mode link out answered the call {@code eventId}. */
    void returned(String eventId, Map<String, Object> msg) {
        Pending p = pending.remove(eventId);
        if (p == null) {
            return; // timed out already
        }
        vertx().cancelTimer(p.timer);
        send(msg);
    }

    @Override
    public Future<Void> close() {
        pending.values().forEach(p -> vertx().cancelTimer(p.timer));
        pending.clear();
        return Future.succeededFuture();
    }
}
