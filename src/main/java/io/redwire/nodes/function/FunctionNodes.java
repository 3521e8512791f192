package io.redwire.nodes.function;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** The function node: JavaScript on GraalJS. Optional: without GraalJS on the class path this family is skipped. */
public final class FunctionNodes implements NodeFamily {
    @Override
    public String name() {
        return "function";
    }

    @Override
    public List<NodeType> types() {
        return List.of(FunctionNode.TYPE);
    }
}
