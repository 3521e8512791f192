package io.redwire.yaml;

import org.snakeyaml.engine.v2.api.ConstructNode;
import org.snakeyaml.engine.v2.constructor.ConstructScalar;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.resolver.ScalarResolver;
import org.snakeyaml.engine.v2.schema.CoreSchema;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * snakeyaml-engine's core schema with js-yaml's plain-scalar typing ({@link JsYamlScalars}) and the timestamp
 * type js-yaml's default schema adds; explicit !!int, !!float and !!timestamp tags read the same way.
 */
final class JsYamlSchema extends CoreSchema {
    /** Every plain scalar gets this tag; its constructor applies js-yaml's implicit typing. */
    private static final Tag PLAIN = new Tag("tag:redwire.io,2026:js-yaml-plain");
    private static final Tag TIMESTAMP = new Tag(Tag.PREFIX + "timestamp");

    @Override
    public ScalarResolver getScalarResolver() {
        return (value, implicit) -> Boolean.TRUE.equals(implicit) ? PLAIN : Tag.STR;
    }

    @Override
    public Map<Tag, ConstructNode> getSchemaTagConstructors() {
        Map<Tag, ConstructNode> all = new HashMap<>(super.getSchemaTagConstructors());
        all.put(PLAIN, scalar(JsYamlScalars::resolvePlain));
        all.put(Tag.INT, scalar(JsYamlScalars::integer));
        all.put(Tag.FLOAT, scalar(JsYamlScalars::floating));
        all.put(TIMESTAMP, scalar(JsYamlScalars::timestamp));
        return all;
    }

    private static ConstructNode scalar(Function<String, Object> read) {
        return new ConstructScalar() {
            @Override
            public Object construct(Node node) {
                return read.apply(constructScalar(node));
            }
        };
    }
}
