package io.redwire.nodes.parsers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.path.NodePath;
import io.redwire.msg.Json;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The json node's schema errors as ajv 8 (Node-RED 5.0.7's validator, allErrors on) reports them, made from the
 * errors networknt's validator finds: ajv's records (instancePath, schemaPath, keyword, params, message), in ajv's
 * order ({@link AjvErrorOrder}), with the errors ajv adds that networknt has no record for (anyOf, if, oneOf with
 * no passing branch, the subschema errors of propertyNames and contains), and errorsText's "data/path message, ..."
 * text.
 */
final class AjvErrors {
    /** One ajv error, where it sits for ordering, and the errors ajv reports just before it (from its subschema). */
    private record Found(Map<String, Object> record, List<String> steps, List<Map<String, Object>> before) {
        Found(Map<String, Object> record, List<String> steps) {
            this(record, steps, List.of());
        }
    }

    private AjvErrors() {
    }

    /** ajv's errors for what networknt found validating {@code instance} against {@code schema}. */
    static List<Map<String, Object>> of(List<Error> errors, Schema compiled, JsonNode schema, JsonNode instance) {
        List<Found> found = new ArrayList<>();
        Map<String, Found> combinators = new LinkedHashMap<>();
        Map<String, Integer> dependencyIndex = new HashMap<>();
        Set<String> once = new LinkedHashSet<>();
        for (Error e : errors) {
            List<String> steps = AjvErrorOrder.steps(e);
            Map<String, Object> record = record(e, schema, instance, dependencyIndex, once);
            if (record != null) {
                found.add(new Found(record, steps, subschemaErrors(e, record, compiled, schema, instance)));
            }
            combinatorErrors(e, steps, combinators);
        }
        found.addAll(combinators.values()); // after every branch error: first seen last among their siblings
        List<Map<String, Object>> out = new ArrayList<>();
        for (Found f : AjvErrorOrder.sorted(found, Found::steps)) {
            out.addAll(f.before());
            out.add(f.record());
        }
        return out;
    }

    /**
     * ajv keeps the errors of a failed propertyNames (per property name, marked with it) and contains (per item)
     * subschema before the keyword's own error; networknt reports only the keyword.
     */
    private static List<Map<String, Object>> subschemaErrors(Error e, Map<String, Object> record, Schema compiled,
                                                             JsonNode schema, JsonNode instance) {
        boolean names = e.getKeyword().equals("propertyNames");
        if (!names && !e.getKeyword().equals("contains")) {
            return List.of();
        }
        Schema sub = compiled.getSubSchema(e.getSchemaLocation().getFragment());
        String at = (String) record.get("instancePath");
        List<Map<String, Object>> out = new ArrayList<>();
        if (names) {
            JsonNode name = TextNode.valueOf(e.getProperty());
            for (Map<String, Object> inner : of(sub.validate(name), compiled, schema, name)) {
                inner.put("instancePath", at + inner.get("instancePath"));
                inner.put("propertyName", e.getProperty());
                out.add(inner);
            }
            return out;
        }
        JsonNode items = at(instance, e.getInstanceLocation());
        for (int i = 0; i < items.size(); i++) {
            for (Map<String, Object> inner : of(sub.validate(items.get(i)), compiled, schema, items.get(i))) {
                inner.put("instancePath", at + "/" + i + inner.get("instancePath"));
                out.add(inner);
            }
        }
        return out;
    }

    /** ajv's errorsText: each error as "data" + instancePath + " " + message, joined by ", ". */
    static String text(List<Map<String, Object>> errors) {
        List<String> parts = new ArrayList<>();
        for (Map<String, Object> e : errors) {
            parts.add("data" + e.get("instancePath") + " " + e.get("message"));
        }
        return String.join(", ", parts);
    }

    /**
     * ajv reports a failed anyOf, and a failed then/else as an "if" error, after the branches' errors; networknt
     * reports only the branches. One such error per combinator and instance position.
     */
    private static void combinatorErrors(Error e, List<String> steps, Map<String, Found> combinators) {
        NodePath eval = e.getEvaluationPath();
        NodePath location = e.getSchemaLocation().getFragment();
        int s = 0;
        for (int i = 0; i < eval.getNameCount(); i++, s++) {
            String keyword = eval.getName(i);
            boolean anyOf = keyword.equals("anyOf");
            boolean conditional = keyword.equals("then") || keyword.equals("else");
            if ((anyOf || conditional) && !combinators.containsKey(steps.get(s))) {
                // the location up to this keyword: as many names fewer as the evaluation path has after it
                List<String> path = names(location, location.getNameCount() - (eval.getNameCount() - i - 1));
                List<String> own = new ArrayList<>(steps.subList(0, s + 1));
                Map<String, Object> record;
                if (anyOf) {
                    record = ajv(e, path, "anyOf", Map.of(), "must match a schema in anyOf");
                } else {
                    path.set(path.size() - 1, "if");
                    own.set(s, "if\u0001" + steps.get(s));
                    record = ajv(e, path, "if", Map.of("failingKeyword", keyword),
                            "must match \"" + keyword + "\" schema");
                }
                combinators.put(steps.get(s), new Found(record, own));
            }
            if (AjvErrorOrder.hasBranch(eval, i)) {
                i++;
                s++;
            }
            if (AjvErrorOrder.descends(keyword) && s + 1 < steps.size() && AjvErrorOrder.isBranch(steps.get(s + 1))) {
                s++;
            }
        }
    }

    private static List<String> names(NodePath path, int count) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < Math.max(0, count); i++) {
            names.add(path.getName(i));
        }
        return names;
    }

    /** The ajv record for one networknt error, or null when ajv has none (uniqueItems, additionalItems: once). */
    private static Map<String, Object> record(Error e, JsonNode rootSchema, JsonNode root,
                                              Map<String, Integer> dependencyIndex, Set<String> once) {
        JsonNode schema = e.getSchemaNode();
        List<String> location = names(e.getSchemaLocation().getFragment(),
                e.getSchemaLocation().getFragment().getNameCount());
        String keyword = e.getKeyword();
        return switch (keyword) {
            case "type" -> ajv(e, location, keyword, Map.of("type", Json.MAPPER.convertValue(schema, Object.class)),
                    "must be " + (schema.isArray() ? String.join(",", texts(schema)) : schema.asText()));
            case "required" -> ajv(e, location, keyword, Map.of("missingProperty", e.getProperty()),
                    "must have required property '" + e.getProperty() + "'");
            case "additionalProperties" -> ajv(e, location, keyword, Map.of("additionalProperty", e.getProperty()),
                    "must NOT have additional properties");
            case "enum" -> ajv(e, location, keyword, Map.of("allowedValues", value(schema)),
                    "must be equal to one of the allowed values");
            case "const" -> ajv(e, location, keyword, Map.of("allowedValue", value(schema)),
                    "must be equal to constant");
            case "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum" -> {
                String comparison = switch (keyword) {
                    case "maximum" -> "<=";
                    case "minimum" -> ">=";
                    case "exclusiveMaximum" -> "<";
                    default -> ">";
                };
                Map<String, Object> params = new LinkedHashMap<>();
                params.put("comparison", comparison);
                params.put("limit", value(schema));
                yield ajv(e, location, keyword, params, "must be " + comparison + " " + number(schema));
            }
            case "multipleOf" -> ajv(e, location, keyword, Map.of("multipleOf", value(schema)),
                    "must be multiple of " + number(schema));
            case "maxLength", "minLength" -> limit(e, location, keyword, schema, "characters");
            case "maxItems", "minItems" -> limit(e, location, keyword, schema, "items");
            case "maxProperties", "minProperties" -> limit(e, location, keyword, schema, "properties");
            case "pattern" -> ajv(e, location, keyword, Map.of("pattern", schema.asText()),
                    "must match pattern \"" + schema.asText() + "\"");
            case "uniqueItems" -> once.add(e.getEvaluationPath() + "@" + e.getInstanceLocation())
                    ? uniqueItems(e, location, root, parentSchema(rootSchema, location).get("items")) : null;
            case "additionalItems" -> {
                int limit = parentSchema(rootSchema, location).path("items").size();
                yield once.add(e.getEvaluationPath() + "@" + e.getInstanceLocation()) ? ajv(e, location, keyword,
                        Map.of("limit", limit), "must NOT have more than " + limit + " items") : null;
            }
            case "dependencies" -> dependency(e, location, root, dependencyIndex);
            case "not" -> ajv(e, location, keyword, Map.of(), "must NOT be valid");
            case "oneOf" -> {
                Map<String, Object> params = new LinkedHashMap<>();
                params.put("passingSchemas", passing(e));
                yield ajv(e, location, keyword, params, "must match exactly one schema in oneOf");
            }
            case "contains" -> ajv(e, location, keyword, Map.of("minContains", 1),
                    "must contain at least 1 valid item(s)");
            case "propertyNames" -> once.add(e.getEvaluationPath() + "@" + e.getInstanceLocation() + "\u0000"
                    + e.getProperty()) ? ajv(e, location, keyword, Map.of("propertyName", e.getProperty()),
                    "property name must be valid") : null;
            case "false" -> {
                List<String> path = new ArrayList<>(location.subList(0, Math.max(0, location.size() - 1)));
                path.add("false schema");
                yield ajv(e, path, "false schema", Map.of(), "boolean schema is false");
            }
            default -> ajv(e, location, keyword, Map.of(), e.getMessage());
        };
    }

    private static Map<String, Object> limit(Error e, List<String> location, String keyword, JsonNode schema,
                                             String what) {
        return ajv(e, location, keyword, Map.of("limit", value(schema)), "must NOT have "
                + (keyword.startsWith("max") ? "more" : "fewer") + " than " + number(schema) + " " + what);
    }

    /** ajv's duplicate pair: with scalar item types, the last two equal items; else from the end, pair by pair. */
    private static Map<String, Object> uniqueItems(Error e, List<String> location, JsonNode root, JsonNode items) {
        JsonNode data = at(root, e.getInstanceLocation());
        int[] pair = {0, 0};
        outer:
        for (int i = data.size() - 1; i > 0; i--) {
            for (int j = i - 1; j >= 0; j--) {
                if (data.get(i).equals(data.get(j))) {
                    pair = new int[] {i, j};
                    break outer;
                }
            }
        }
        if (items != null && items.isObject() && scalarTypes(items)) {
            Map<JsonNode, Integer> seen = new HashMap<>();
            for (int i = data.size() - 1; i >= 0; i--) {
                Integer later = seen.put(data.get(i), i);
                if (later != null) {
                    pair = new int[] {i, later};
                    break;
                }
            }
        }
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("i", pair[0]);
        params.put("j", pair[1]);
        return ajv(e, location, "uniqueItems", params, "must NOT have duplicate items (items ## " + pair[1]
                + " and " + pair[0] + " are identical)");
    }

    /** The schema object holding the keyword at {@code location} (a path from the schema's root). */
    private static JsonNode parentSchema(JsonNode rootSchema, List<String> location) {
        JsonNode n = rootSchema;
        for (int i = 0; i < location.size() - 1 && n != null; i++) {
            n = n.isArray() ? n.get(Integer.parseInt(location.get(i))) : n.get(location.get(i));
        }
        return n == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : n;
    }

    private static boolean scalarTypes(JsonNode items) {
        JsonNode type = items.get("type");
        if (type == null) {
            return false;
        }
        for (String t : type.isArray() ? texts(type) : List.of(type.asText())) {
            if (t.equals("object") || t.equals("array")) {
                return false;
            }
        }
        return true;
    }

    /** ajv: one error per missing property of an array dependency, naming them all. */
    private static Map<String, Object> dependency(Error e, List<String> location, JsonNode root,
                                                  Map<String, Integer> index) {
        String property = e.getProperty();
        JsonNode deps = e.getSchemaNode().get(property);
        JsonNode data = at(root, e.getInstanceLocation());
        List<String> all = texts(deps);
        List<String> missing = all.stream().filter(d -> !data.has(d)).toList();
        int k = index.merge(e.getInstanceLocation() + "\u0000" + property, 1, Integer::sum) - 1;
        String deps2 = String.join(", ", all);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("property", property);
        params.put("missingProperty", k < missing.size() ? missing.get(k) : "");
        params.put("depsCount", all.size());
        params.put("deps", deps2);
        return ajv(e, location, "dependencies", params, "must have " + (all.size() == 1 ? "property" : "properties")
                + " " + deps2 + " when property " + property + " is present");
    }

    private static Object passing(Error e) {
        Object[] args = e.getArguments();
        if (args == null || args.length < 2 || !"oneOf.indexes".equals(e.getMessageKey())) {
            return null;
        }
        List<Integer> indexes = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            for (String s : String.valueOf(args[i]).split(",\\s*")) {
                if (!s.isBlank()) {
                    indexes.add(Integer.parseInt(s.trim()));
                }
            }
        }
        return indexes;
    }

    private static Map<String, Object> ajv(Error e, List<String> schemaPath, String keyword,
                                           Map<String, Object> params, String message) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("instancePath", instancePath(e.getInstanceLocation()));
        StringBuilder sp = new StringBuilder("#");
        for (String name : schemaPath) {
            sp.append('/').append(name.equals("false schema") ? name : uriComponent(escape(name)));
        }
        r.put("schemaPath", sp.toString());
        r.put("keyword", keyword);
        r.put("params", new LinkedHashMap<>(params));
        r.put("message", message);
        return r;
    }

    private static String instancePath(NodePath path) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            sb.append('/').append(escape(path.getName(i)));
        }
        return sb.toString();
    }

    private static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }

    /** JavaScript's encodeURIComponent, as ajv escapes schema path segments. */
    private static String uriComponent(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20").replace("%21", "!")
                .replace("%27", "'").replace("%28", "(").replace("%29", ")").replace("%7E", "~").replace("%2A", "*");
    }

    private static JsonNode at(JsonNode root, NodePath path) {
        JsonNode n = root;
        for (int i = 0; i < path.getNameCount() && n != null; i++) {
            Object el = path.getElement(i);
            n = el instanceof Integer idx ? n.get(idx) : n.get(path.getName(i));
        }
        return n == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : n;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static Object value(JsonNode node) {
        return Json.MAPPER.convertValue(node, Object.class);
    }

    /** A number as JavaScript prints it in ajv's message (5, 0.5, 1e+21). */
    private static String number(JsonNode node) {
        return io.redwire.js.JsValues.toJsString(value(node));
    }
}
