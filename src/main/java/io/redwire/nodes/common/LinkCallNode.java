package io.redwire.nodes.common;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.LinkCalls;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;

import io.vertx.core.Future;

import java.util.List;
import java.util.Map;

/** link call: calls a link in (static or msg.target) and emits what a return-mode link out sends back. */
public final class LinkCallNode extends Node implements LinkCalls.Caller {
    static final Field LINKS = Field.list("links", Field.str("id", "").label("link node id"))
            .refersTo("link in", null).rowsBetween(0, 1).checkedByEditorOnly();
    static final Field LINK_TYPE = Field.select("linkType", "static", "static", "dynamic");
    static final Field TIMEOUT = Field.num("timeout", 30);

    public static final NodeType TYPE = NodeType.builder("link call", "common").icon("link-call")
            .label(Label.computed())
            .help("Calls a link in node's flow and waits for its link out in return mode to answer.")
            .computedPortLabels()
            .color("#dddddd").ports(1, 1)
            .fields(LINKS, LINK_TYPE, TIMEOUT)
            .factory(LinkCallNode::new);

    private final List<String> links;
    private final boolean dynamic;
    private final long timeoutMs;
    private final LinkCalls calls = new LinkCalls(this);

    LinkCallNode(NodeConfig c) {
        super(c);
        this.links = c.list(LINKS).stream().map(String::valueOf).toList();
        this.dynamic = "dynamic".equals(c.str(LINK_TYPE));
        double t = c.num(TIMEOUT);
        this.timeoutMs = (long) ((t > 0 ? t : 30) * 1000);
    }

    @Override
    public LinkCalls linkCalls() {
        return calls;
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Node target;
        try {
            target = calls.target(dynamic ? msg.get("target") : links.isEmpty() ? null : links.get(0), dynamic);
        } catch (IllegalArgumentException e) {
            done.done(new NodeError("Error: " + e.getMessage()));
            return;
        }
        LinkCalls.linkSource(msg);
        Map<String, Object> original = Messages.cloneMessage(msg); // reported on timeout, as it was when called
        calls.call(target, msg, timeoutMs).onComplete(answer -> {
            if (answer.succeeded()) {
                send(answer.result());
            } else {
                error(new NodeError("timeout"), original);
            }
        });
        done.done();
    }

    @Override
    public Future<Void> close() {
        calls.close();
        return Future.succeededFuture();
    }
}
