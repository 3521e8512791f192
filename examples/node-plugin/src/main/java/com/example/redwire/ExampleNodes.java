package com.example.redwire;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** The plugin's node family, found through META-INF/services/io.redwire.spi.NodeFamily. */
public final class ExampleNodes implements NodeFamily {
    @Override
    public String name() {
        return "example";
    }

    @Override
    public List<NodeType> types() {
        return List.of(UpperCaseNode.TYPE);
    }
}
