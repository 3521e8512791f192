package io.redwire.nodes.function;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** The function node: JavaScript on GraalJS (an optional dependency: without it this family is skipped). */
public final class FunctionNodes extends DeclaredFamily {
    public FunctionNodes() {
        super("function", List.of("function"), () -> List.of(FunctionNode.TYPE));
        declares(FunctionSettings.ALL);
        needs("org.graalvm.polyglot.Context",
                "GraalJS (org.graalvm.polyglot:polyglot and org.graalvm.polyglot:js-community)");
    }
}
