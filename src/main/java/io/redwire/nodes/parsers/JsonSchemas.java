package io.redwire.nodes.parsers;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.redwire.msg.Json;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The json node's msg.schema, compiled as Node-RED 5.0.7's ajv (default options, strict) compiles it: JSON Schema
 * draft-07 only (a $schema naming another draft fails, as does 2020-12), an unknown keyword or any "format" (no
 * formats are registered) fails, the schema must be valid against the draft-07 meta-schema and its $refs must
 * resolve locally. Each node keeps the schemas it compiled, keyed by their JSON text, so a flow sending the same
 * schema with every message compiles it once.
 */
final class JsonSchemas {
    private static final String DRAFT_07 = "http://json-schema.org/draft-07/schema";

    /** The validator and its draft-07 meta-schema, loaded at the first msg.schema (not with every json node). */
    private static final class Draft07 {
        static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7,
                b -> b.schemaLoader(l -> l.fetchRemoteResources(false)));
        static final Schema META = REGISTRY.getSchema(SchemaLocation.of(DRAFT_07 + "#"));
    }
    private static final int CACHED = 16;
    /** The keywords of ajv's draft-07 vocabularies (core, validation, applicator, metadata, content). */
    private static final Set<String> KEYWORDS = Set.of("$id", "$schema", "$ref", "$comment", "definitions", "$defs",
            "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "maxLength", "minLength",
            "pattern", "maxProperties", "minProperties", "required", "maxItems", "minItems", "uniqueItems", "const",
            "enum", "type", "additionalItems", "items", "contains", "dependencies", "propertyNames",
            "additionalProperties", "properties", "patternProperties", "not", "anyOf", "oneOf", "allOf", "if", "then",
            "else", "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
            "contentMediaType", "contentEncoding", "contentSchema");
    private static final Set<String> SUBSCHEMA = Set.of("additionalItems", "contains", "propertyNames",
            "additionalProperties", "not", "if", "then", "else", "contentSchema");
    private static final Set<String> SUBSCHEMA_MAPS = Set.of("properties", "patternProperties", "definitions",
            "$defs", "dependencies");

    /** A schema ajv would refuse to compile. */
    static final class CompileFailure extends Exception {
        CompileFailure() {
            super("failed to compile schema", null, false, false);
        }
    }

    /** A compiled schema (null when it did not compile) and the schema's own JSON. */
    record Compiled(Schema schema, JsonNode node) {
        /** ajv's errors validating {@code value}; empty when valid. */
        List<Map<String, Object>> errors(Object value) {
            JsonNode instance = Json.MAPPER.valueToTree(value);
            return AjvErrors.of(schema.validate(instance), schema, node, instance);
        }
    }

    private final Map<String, Compiled> cache = new LinkedHashMap<>(CACHED, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Compiled> eldest) {
            return size() > CACHED;
        }
    };

    /** The compiled schema, from the cache when this node compiled the same schema before. */
    Compiled compile(Object schema) throws CompileFailure {
        Compiled c = cache.computeIfAbsent(Json.stringify(schema), text -> compileNew(schema));
        if (c.schema() == null) {
            throw new CompileFailure();
        }
        return c;
    }

    private static Compiled compileNew(Object schema) {
        JsonNode node = Json.MAPPER.valueToTree(schema);
        if (!Draft07.META.validate(node).isEmpty() || !draft07(node) || !knownKeywords(node)) {
            return new Compiled(null, node);
        }
        try {
            Schema compiled = Draft07.REGISTRY.getSchema(node);
            compiled.initializeValidators(); // resolves $refs now, as ajv's compile does
            return new Compiled(compiled, node);
        } catch (RuntimeException e) { // an unresolvable $ref, a pattern that is no regular expression
            return new Compiled(null, node);
        }
    }

    private static boolean draft07(JsonNode node) {
        JsonNode id = node.get("$schema");
        return id == null || id.asText().equals(DRAFT_07) || id.asText().equals(DRAFT_07 + "#");
    }

    /** ajv's strict mode: every keyword of every subschema is known (and "format" has no format to check). */
    private static boolean knownKeywords(JsonNode schema) {
        if (!schema.isObject()) {
            return true; // a boolean schema
        }
        for (var it = schema.fields(); it.hasNext(); ) {
            var field = it.next();
            String keyword = field.getKey();
            JsonNode value = field.getValue();
            if (!KEYWORDS.contains(keyword)) {
                return false;
            }
            boolean ok = true;
            if (SUBSCHEMA.contains(keyword) || keyword.equals("items") && value.isObject()) {
                ok = knownKeywords(value);
            } else if (keyword.equals("items") || keyword.equals("allOf") || keyword.equals("anyOf")
                    || keyword.equals("oneOf")) {
                for (JsonNode sub : value) {
                    ok &= knownKeywords(sub);
                }
            } else if (SUBSCHEMA_MAPS.contains(keyword)) {
                for (JsonNode sub : value) {
                    ok &= sub.isArray() || knownKeywords(sub); // a dependency may be a list of names
                }
            }
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
