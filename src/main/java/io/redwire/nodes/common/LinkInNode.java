package io.redwire.nodes.common;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.vertx.core.Future;
import io.vertx.core.eventbus.MessageConsumer;

import java.util.List;
import java.util.Map;

/**
 * link in: the receiving end of link out / link call wires (the runtime resolves the wiring). In a cluster it
 * also receives from the link out nodes of every other member, unless its "cluster" field says local.
 */
public final class LinkInNode extends Node {
    static final Field LINKS = Field.list("links", Field.str("id", "").label("link node id")).refersTo("link out", "links");
    static final Field CLUSTER = Field.select("cluster", "all", "all", "local").label("in a cluster, receive from");

    public static final NodeType TYPE = NodeType.builder("link in", "common").icon("link-in")
            .help("The end of a virtual wire: receives what link out or link call nodes send to it, across flows.")
            .computedPortLabels()
            .color("#dddddd").ports(0, 1)
            .fields(LINKS, CLUSTER)
            .factory(LinkInNode::new);

    private final boolean local;
    private MessageConsumer<byte[]> remote;

    LinkInNode(NodeConfig c) {
        super(c);
        this.local = "local".equals(c.str(CLUSTER));
    }

    @Override
    public Future<Void> start() {
        if (!local) {
            remote = ClusterLinks.listen(this);
        }
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        return remote == null ? Future.succeededFuture() : remote.unregister();
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        send(msg);
        done.done();
    }
}
