package io.redwire.yaml;

import io.redwire.js.JsValues;
import io.redwire.msg.NodeError;
import io.redwire.js.Undefined;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
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

    /**
     * yaml.load(text): the single document's value, Undefined for none; a NodeError with js-yaml's text, or when
     * aliases would copy in more than {@code maxAliasValues} values.
     */
    public static Object load(String text, int maxAliasValues) {
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
        } catch (NumberFormatException e) {
            throw new NodeError(YamlErrorText.unfinishedEscape(text));
        } catch (StackOverflowError e) {
            throw new NodeError("YAML nesting is too deep");
        }
        return new MessageValues(maxAliasValues).of(value);
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

    /**
     * snakeyaml's values as message values: string keys (JavaScript's property names), doubles, lists. An alias is
     * the very object of its anchor in snakeyaml's result; here each alias gets a copy, and the values those copies
     * hold are counted against the limit, so a few hundred bytes of nested aliases cannot expand to billions. An
     * alias inside its own anchor stays a reference back to it, a cycle as in js-yaml's result.
     */
    private static final class MessageValues {
        private final Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        private final Map<Object, Object> open = new IdentityHashMap<>();
        private final int maxAliasValues;
        private int insideAlias;
        private int aliasValues;

        MessageValues(int maxAliasValues) {
            this.maxAliasValues = maxAliasValues;
        }

        Object of(Object v) {
            if (!(v instanceof Map || v instanceof Collection)) {
                count();
                return v instanceof Number n && !(v instanceof Double) && !(v instanceof Integer)
                        ? JsYamlScalars.whole(n.doubleValue()) : v;
            }
            Object cycle = open.get(v);
            if (cycle != null) {
                return cycle;
            }
            boolean alias = !seen.add(v);
            if (alias) {
                insideAlias++;
            }
            count();
            try {
                return container(v);
            } finally {
                open.remove(v);
                if (alias) {
                    insideAlias--;
                }
            }
        }

        private void count() {
            if (insideAlias > 0 && ++aliasValues > maxAliasValues) {
                throw new NodeError("Error: YAML aliases expand to more than " + maxAliasValues
                        + " values (setting yamlMaxAliasExpansion)");
            }
        }

        private Object container(Object v) {
            if (v instanceof Map<?, ?> m) {
                Map<String, Object> out = new LinkedHashMap<>();
                open.put(v, out);
                m.forEach((k, val) -> {
                    if (MERGE.equals(k)) {
                        merge(out, of(val));
                    } else {
                        out.put(k == null ? "null" : JsValues.toJsString(of(k)), of(val));
                    }
                });
                return out;
            }
            if (v instanceof Set<?> s) {
                Map<String, Object> out = new LinkedHashMap<>();
                open.put(v, out);
                s.forEach(k -> out.put(JsValues.toJsString(of(k)), null));
                return out;
            }
            Collection<?> c = (Collection<?>) v;
            List<Object> out = new ArrayList<>(c.size());
            open.put(v, out);
            c.forEach(x -> out.add(of(x)));
            return out;
        }
    }
}
