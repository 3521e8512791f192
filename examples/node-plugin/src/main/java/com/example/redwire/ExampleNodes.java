package com.example.redwire;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** The plugin's node family, found through META-INF/services/io.redwire.api.NodeFamily, and its setting. */
public final class ExampleNodes extends DeclaredFamily {
    public ExampleNodes() {
        super("example", () -> List.of(UpperCaseNode.TYPE));
        declares(List.of(UpperCaseNode.LOCALE));
    }
}
