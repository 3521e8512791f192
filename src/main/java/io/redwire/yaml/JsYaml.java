package io.redwire.yaml;

import io.redwire.js.JsValues;
import io.redwire.msg.NodeError;
import io.redwire.js.Undefined;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * YAML as Node-RED's js-yaml 4 reads and writes it: {@link #load} on snakeyaml-engine with js-yaml's typing, giving
 * message values (maps with string keys, lists, numbers as doubles, Dates); {@link #dump} writes js-yaml's layout.
 * Errors carry js-yaml's wording, position and source excerpt ({@link YamlErrorText}).
 */
public final class JsYaml {
    private static final LoadSettings SETTINGS = LoadSettings.builder()
            .setSchema(new JsYamlSchema())
            .setAllowDuplicateKeys(false)
            .setMaxAliasesForCollections(1000)
            .setUseMarks(true)
            .build();

    private static final String MERGE = "<<";

    private JsYaml() {
    }

    /** yaml.load(text): the single document's value, Undefined for none; a NodeError with js-yaml's text. */
    public static Object load(String text) {
        Iterator<Object> docs;
        Object value;
        try {
            docs = new Load(SETTINGS).loadAllFromString(text).iterator();
            if (!docs.hasNext()) {
                return Undefined.VALUE;
            }
            value = docs.next();
            if (docs.hasNext()) {
                docs.next();
                throw new NodeError("expected a single document in the stream, but found more");
            }
        } catch (YamlEngineException e) {
            throw new NodeError(YamlErrorText.of(e, text));
        } catch (StackOverflowError e) {
            throw new NodeError("YAML nesting is too deep");
        }
        return toMessageValue(value);
    }

    /** yaml.dump(value) with js-yaml's defaults. */
    public static String dump(Object value) {
        return JsYamlDumper.dump(value);
    }

    /**
     * A merge key ({@code <<: *base} or a list of them), which js-yaml's default schema applies and
     * snakeyaml-engine (YAML 1.2 only) leaves as an ordinary key: keys already present win, later ones override.
     */
    private static void merge(Map<String, Object> into, Object source) {
        if (source instanceof List<?> many) {
            many.forEach(one -> merge(into, one));
        } else if (source instanceof Map<?, ?> m) {
            m.forEach((k, val) -> into.putIfAbsent(String.valueOf(k), val));
        } else {
            throw new NodeError("cannot merge mappings; the provided source object is unacceptable");
        }
    }

    /** snakeyaml's values as message values: string keys (JavaScript's property names), doubles, lists. */
    private static Object toMessageValue(Object v) {
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, val) -> {
                if (MERGE.equals(k)) {
                    merge(out, toMessageValue(val));
                } else {
                    out.put(k == null ? "null" : JsValues.toJsString(toMessageValue(k)), toMessageValue(val));
                }
            });
            return out;
        }
        if (v instanceof Set<?> s) {
            Map<String, Object> out = new LinkedHashMap<>();
            s.forEach(k -> out.put(JsValues.toJsString(toMessageValue(k)), null));
            return out;
        }
        if (v instanceof Collection<?> c) {
            List<Object> out = new ArrayList<>(c.size());
            c.forEach(x -> out.add(toMessageValue(x)));
            return out;
        }
        if (v instanceof Number n && !(v instanceof Double) && !(v instanceof Integer)) {
            return JsYamlScalars.whole(n.doubleValue());
        }
        return v;
    }
}
