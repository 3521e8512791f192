package io.redwire.nodes.parsers;

import io.redwire.msg.Json;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JsonSchemasTest {
    @Test
    void theSameSchemaIsCompiledOnceAndAFailureIsRemembered() throws Exception {
        JsonSchemas schemas = new JsonSchemas();
        String schema = "{\"properties\":{\"price\":{\"type\":\"number\"}}}";
        JsonSchemas.Compiled first = schemas.compile(Json.parse(schema));
        assertSame(first, schemas.compile(Json.parse(schema)), "an equal schema in a later message");
        List<Map<String, Object>> errors = first.errors(Json.parse("{\"price\":\"100\"}"));
        assertEquals("data/price must be number", AjvErrors.text(errors));
        assertEquals(List.of(), first.errors(Json.parse("{\"price\":100}")));
        Object unknownKeyword = Json.parse("{\"typo\":1}");
        assertThrows(JsonSchemas.CompileFailure.class, () -> schemas.compile(unknownKeyword));
        assertThrows(JsonSchemas.CompileFailure.class, () -> schemas.compile(unknownKeyword));
    }
}
