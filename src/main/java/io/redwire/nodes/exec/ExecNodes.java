package io.redwire.nodes.exec;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** The exec node, the core palette's way to run programs. */
public final class ExecNodes extends DeclaredFamily {
    public ExecNodes() {
        super("exec", List.of("exec"),
                () -> List.of(ExecNode.TYPE));
    }
}
