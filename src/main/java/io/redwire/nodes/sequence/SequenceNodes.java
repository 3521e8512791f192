package io.redwire.nodes.sequence;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** Message sequences: split, join, batch, sort. */
public final class SequenceNodes extends DeclaredFamily {
    public SequenceNodes() {
        super("sequence", List.of("split", "join", "batch", "sort"),
                () -> List.of(SplitNode.TYPE, JoinNode.TYPE, BatchNode.TYPE, SortNode.TYPE));
    }
}
