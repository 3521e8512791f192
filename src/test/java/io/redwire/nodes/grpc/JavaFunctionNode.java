package io.redwire.nodes.grpc;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;

/**
 * Test-only node standing in for a function node: runs the Java function registered under its {@code fn} field
 * and sends what it returns (a msg, a list per output, or null), as node.send would.
 */
final class JavaFunctionNode extends Node {
    static final Map<String, BiFunction<Node, Map<String, Object>, Object>> FUNCTIONS = new ConcurrentHashMap<>();

    static final Field FN = Field.str("fn", "");

    static final NodeType TYPE = NodeType.builder("test-java-function", "test").ports(1, 1)
            .field(FN)
            .factory(JavaFunctionNode::new);

    static final List<NodeType> TYPES = List.of(TYPE);

    private final String fn;

    private JavaFunctionNode(NodeConfig c) {
        super(c);
        this.fn = c.str(FN);
        if (!FUNCTIONS.containsKey(fn)) {
            throw c.error(FN, "no test function registered as '" + fn + "'");
        }
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        send(FUNCTIONS.get(fn).apply(this, msg));
        done.done();
    }
}
