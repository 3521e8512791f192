package io.redwire.nodes.common;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** Node-RED's common nodes: inject, debug, comment, junction, catch, status, complete, links. */
public final class CommonNodes extends DeclaredFamily {
    public CommonNodes() {
        super("common", List.of("inject", "debug", "comment", "junction", "catch", "status", "complete",
                        "link in", "link out", "link call"),
                () -> List.of(InjectNode.TYPE, DebugNode.TYPE, CommentNode.TYPE, JunctionNode.TYPE,
                CatchNode.TYPE, StatusNode.TYPE, CompleteNode.TYPE, LinkInNode.TYPE, LinkOutNode.TYPE,
                LinkCallNode.TYPE));
    }
}
