package io.redwire.nodes.sequence;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** Message sequences: split, join, batch, sort. */
public final class SequenceNodes implements NodeFamily {
    @Override
    public String name() {
        return "sequence";
    }

    @Override
    public List<NodeType> types() {
        return List.of(SplitNode.TYPE, JoinNode.TYPE, BatchNode.TYPE, SortNode.TYPE);
    }
}
