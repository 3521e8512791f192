package io.redwire.api;

import io.redwire.js.JsValues;
import io.redwire.msg.Messages;

import io.vertx.core.Future;
import io.vertx.core.Promise;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * The calls one node has out to link in nodes, each waiting for a return-mode link out to answer: Node-RED's link
 * call protocol, where the caller pushes {id, node} onto msg._linkSource and the link out pops it and hands the
 * msg back to that node. Used by the link call node and by node.linkcall in function code, two families, so it lives
 * here and knows a link in node by its type only. On the flow loop only.
 */
public final class LinkCalls {
    private record Pending(long timer, Promise<Map<String, Object>> answer) {
    }

    private final Node caller;
    private final Map<String, Pending> pending = new HashMap<>();

    public LinkCalls(Node caller) {
        this.caller = caller;
    }

    /**
     * The link in node called: by id, or when {@code dynamic} also by name (the one in the caller's flow, else
     * the only one there is).
     *
     * @throws IllegalArgumentException naming the target when there is no such link in, or several of that name
     */
    public Node target(Object wanted, boolean dynamic) {
        String t = wanted == null ? "" : JsValues.toJsString(wanted);
        Node byId = caller.engine().node(t);
        if (isLinkIn(byId)) {
            return byId;
        }
        if (dynamic) {
            List<Node> named = new ArrayList<>();
            for (Node n : caller.engine().runningNodes()) {
                if (isLinkIn(n) && n.name().equals(t)) {
                    if (n.inSameFlowAs(caller)) {
                        return n;
                    }
                    named.add(n);
                }
            }
            if (named.size() > 1) {
                throw new IllegalArgumentException("Multiple link-in nodes named '" + t + "' found");
            }
            if (named.size() == 1) {
                return named.get(0);
            }
        }
        boolean none = wanted == null || "".equals(wanted) || Boolean.FALSE.equals(wanted);
        throw new IllegalArgumentException("target link-in node '" + (none ? "" : t) + "' not found");
    }

    private static boolean isLinkIn(Node n) {
        return n != null && "link in".equals(n.type());
    }

    /** msg._linkSource, made an empty list when the msg has none yet. */
    @SuppressWarnings("unchecked")
    public static List<Object> linkSource(Map<String, Object> msg) {
        if (msg.get("_linkSource") instanceof List<?> l) {
            return (List<Object>) l;
        }
        List<Object> stack = new ArrayList<>();
        msg.put("_linkSource", stack);
        return stack;
    }

    /**
     * Hands msg to the link in; the answer is the msg its return-mode link out sends back, or a
     * {@link TimeoutException} after {@code timeoutMs}.
     */
    public Future<Map<String, Object>> call(Node linkIn, Map<String, Object> msg, long timeoutMs) {
        String eventId = Messages.newId();
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("id", eventId);
        entry.put("node", caller.id());
        linkSource(msg).add(entry);
        Promise<Map<String, Object>> answer = Promise.promise();
        long timer = caller.vertx().setTimer(Math.max(1, timeoutMs), t -> {
            Pending p = pending.remove(eventId);
            if (p != null) {
                p.answer.fail(new TimeoutException("timeout"));
            }
        });
        pending.put(eventId, new Pending(timer, answer));
        linkIn.receive(msg);
        return answer.future();
    }

    /** A return-mode link out answered the call {@code eventId}; an answer after the timeout is dropped. */
    public void returned(String eventId, Map<String, Object> msg) {
        Pending p = pending.remove(eventId);
        if (p != null) {
            caller.vertx().cancelTimer(p.timer);
            p.answer.complete(msg);
        }
    }

    /** The caller stops: no answer is awaited any more. */
    public void close() {
        pending.values().forEach(p -> caller.vertx().cancelTimer(p.timer));
        pending.clear();
    }

    /** A node that calls link in nodes: a return-mode link out hands its answers to {@link #linkCalls()}. */
    public interface Caller {
        LinkCalls linkCalls();
    }
}
