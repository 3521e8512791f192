package io.redwire.nodes.parsers;

import com.networknt.schema.Error;
import com.networknt.schema.path.NodePath;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * ajv 8's order of schema errors (as Node-RED 5.0.7 reports them), for errors networknt found in its own order: at
 * each schema object type comes first, then const/enum and the combinators, then the number, string, array and
 * object keywords; siblings (properties, items, branches) keep the order networknt first met them in, property
 * dependencies come before schema dependencies, and a combinator's own error follows its branches' errors.
 */
final class AjvErrorOrder {
    /** ajv's keyword order within one schema object, as Node-RED 5.0.7 reports errors. */
    private static final List<String> ORDER = List.of("type", "$ref", "const", "enum", "not", "anyOf", "oneOf",
            "allOf", "if", "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "maxLength",
            "minLength", "pattern", "maxItems", "minItems", "additionalItems", "items", "contains", "uniqueItems",
            "maxProperties", "minProperties", "required", "propertyNames", "additionalProperties", "dependencies",
            "properties", "patternProperties");
    /** Keywords whose next evaluation-path segment names a branch (a property name or an index). */
    private static final Set<String> BRANCHED = Set.of("properties", "patternProperties", "dependencies", "anyOf",
            "oneOf", "allOf");
    /** The step kind of a branch taken (a property, an index, an instance member): ordered by first appearance. */
    private static final String BRANCH = "\u0002";
    /** The step of a property dependency (a list of names): before the schema dependencies' branches. */
    private static final String PROPERTY_DEPENDENCY = "\u0003";
    /** Keywords that apply their subschema to a member of the instance (one instance-path segment further). */
    private static final Set<String> DESCENDING = Set.of("properties", "patternProperties", "additionalProperties",
            "items", "additionalItems");

    private AjvErrorOrder() {
    }

    /** {@code items} in ajv's order, each placed by its {@link #steps}. */
    static <T> List<T> sorted(List<T> items, Function<T, List<String>> stepsOf) {
        Map<String, Integer> firstSeen = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            List<String> steps = stepsOf.apply(items.get(i));
            for (int d = 1; d <= steps.size(); d++) {
                firstSeen.putIfAbsent(key(steps, d - 1), i);
            }
        }
        List<T> sorted = new ArrayList<>(items);
        sorted.sort(Comparator.comparing(stepsOf, order(firstSeen)));
        return sorted;
    }

    static boolean descends(String keyword) {
        return DESCENDING.contains(keyword);
    }

    static boolean isBranch(String step) {
        return step.startsWith(BRANCH);
    }

    /**
     * An error's place: a step per schema keyword on its evaluation path and one per branch taken (a property
     * name, an index), each naming the instance path reached, so siblings compare by keyword rank and then by
     * first appearance, and a combinator's own error (fewer steps) comes after its branches' errors.
     */
    static List<String> steps(Error e) {
        NodePath eval = e.getEvaluationPath();
        NodePath at = e.getInstanceLocation();
        List<String> steps = new ArrayList<>();
        StringBuilder prefix = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < eval.getNameCount(); i++) {
            String keyword = eval.getName(i);
            prefix.append('/').append(keyword);
            steps.add(keyword + "\u0001" + prefix + instancePrefix(at, depth));
            if (hasBranch(eval, i)) {
                prefix.append('/').append(eval.getName(++i));
                steps.add(BRANCH + "\u0001" + prefix + instancePrefix(at, depth));
            }
            if (DESCENDING.contains(keyword) && depth < at.getNameCount()) {
                depth++;
                steps.add(BRANCH + "\u0001" + prefix + instancePrefix(at, depth));
            }
        }
        if (e.getKeyword().equals("dependencies")) { // ajv checks property dependencies before schema ones
            steps.add(PROPERTY_DEPENDENCY + "\u0001" + e.getProperty());
        }
        return steps;
    }

    private static String instancePrefix(NodePath at, int depth) {
        StringBuilder sb = new StringBuilder("@");
        for (int i = 0; i < depth; i++) {
            sb.append('/').append(at.getName(i));
        }
        return sb.toString();
    }

    static boolean hasBranch(NodePath eval, int i) {
        String keyword = eval.getName(i);
        return i + 1 < eval.getNameCount() && (BRANCHED.contains(keyword) || keyword.equals("items")
                && isIndex(eval, i + 1));
    }

    private static boolean isIndex(NodePath path, int i) {
        return i < path.getNameCount() && path.getElement(i) instanceof Integer;
    }

    private static Comparator<List<String>> order(Map<String, Integer> firstSeen) {
        return (a, b) -> {
            int n = Math.min(a.size(), b.size());
            for (int d = 0; d < n; d++) {
                String sa = a.get(d);
                String sb = b.get(d);
                if (sa.equals(sb)) {
                    continue;
                }
                int byKeyword = Integer.compare(rank(sa), rank(sb));
                if (byKeyword != 0) {
                    return byKeyword;
                }
                return Integer.compare(firstSeen.get(key(a, d)), firstSeen.get(key(b, d)));
            }
            return Integer.compare(b.size(), a.size()); // a combinator's own error after its branches'
        };
    }

    private static String key(List<String> steps, int d) {
        return String.join("\u0000", steps.subList(0, d + 1));
    }

    private static int rank(String step) {
        String keyword = step.substring(0, step.indexOf('\u0001'));
        if (keyword.equals(BRANCH)) {
            return -1;
        }
        if (keyword.equals(PROPERTY_DEPENDENCY)) {
            return -2;
        }
        if (keyword.equals("then") || keyword.equals("else")) {
            keyword = "if";
        }
        int i = ORDER.indexOf(keyword);
        return i < 0 ? ORDER.size() : i;
    }
}
