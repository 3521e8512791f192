package io.redwire.nodes.parsers;

import io.redwire.testing.BothEngines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The json node's msg.schema validation in the real Node-RED 5.0.7 and in Redwire: one flows file
 * (src/test/resources/parity/json-schema-flows.json) whose POST /js sets msg.payload, msg.schema and the json
 * node's action from the body; the answer is what passed (payload, what is left of msg.schema) or what a catch
 * node got (msg.error, msg.schemaError, payload). Skipped when Node-RED is not installed.
 */
class JsonSchemaNodeRedParityTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @RegisterExtension
    static final BothEngines ENGINES = new BothEngines("src/test/resources/parity/json-schema-flows.json");

    private static String answer(String base, String body) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/js"))
                .timeout(Duration.ofSeconds(10))
                .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return r.statusCode() + " " + r.body();
    }

    /** Each body as {"payload": …, "schema": …, "action": …}; payload a JSON string unless stated. */
    private static void sameAnswers(String... bodies) throws Exception {
        ENGINES.assertSameAnswers(JsonSchemaNodeRedParityTest::answer, bodies);
    }

    private static String body(String payload, String schema) {
        return "{\"payload\":" + payload + ",\"schema\":" + schema + "}";
    }

    /** Node-RED's "Validate input JSON string" example: price 100 passes, price "100" fails. */
    @Test
    void theExampleValidAndInvalidMessages() throws Exception {
        String schema = "{\"type\":\"object\",\"properties\":{\"kind\":{\"type\":\"string\"},"
                + "\"price\":{\"type\":\"number\"},\"origin\":{\"type\":\"string\"}}}";
        sameAnswers(body("\"{\\\"kind\\\":\\\"Apple\\\",\\\"price\\\":100,\\\"origin\\\":\\\"Canada\\\"}\"", schema),
                body("\"{\\\"kind\\\":\\\"Apple\\\",\\\"price\\\":\\\"100\\\",\\\"origin\\\":\\\"Canada\\\"}\"", schema));
    }

    @Test
    void errorsTextParamsAndOrderPerKeyword() throws Exception {
        sameAnswers(
                body("\"{\\\"a\\\":1}\"", "{\"type\":\"object\",\"required\":[\"b\",\"c\"],"
                        + "\"properties\":{\"a\":{\"type\":\"string\",\"minLength\":3}}}"),
                body("\"{\\\"a\\\":1,\\\"x\\\":2}\"", "{\"type\":\"object\",\"additionalProperties\":false,"
                        + "\"properties\":{\"a\":{\"minimum\":5,\"enum\":[7,8]}}}"),
                body("\"{\\\"a\\\":\\\"xyz\\\",\\\"n\\\":{\\\"m\\\":[1,\\\"2\\\"]}}\"", "{\"properties\":{\"a\":"
                        + "{\"pattern\":\"^b\"},\"n\":{\"properties\":{\"m\":{\"items\":{\"type\":\"integer\"}}}}}}"),
                body("\"[5,3,5,3]\"", "{\"uniqueItems\":true,\"maxItems\":1,\"minItems\":5}"),
                body("\"[1,1,\\\"x\\\"]\"", "{\"items\":{\"type\":\"number\"},\"uniqueItems\":true}"),
                body("\"{\\\"a\\\":1,\\\"bb\\\":2}\"", "{\"minProperties\":3,\"maxProperties\":1,"
                        + "\"dependencies\":{\"a\":[\"c\",\"d\"],\"bb\":{\"required\":[\"z\"]}}}"),
                body("\"\\\"abc\\\"\"", "{\"minLength\":5,\"maxLength\":1,\"const\":\"x\",\"not\":{\"type\":\"string\"}}"),
                body("\"7\"", "{\"multipleOf\":2,\"exclusiveMinimum\":8,\"exclusiveMaximum\":6,\"maximum\":5,"
                        + "\"anyOf\":[{\"type\":\"string\"},{\"minimum\":100}],\"oneOf\":[{\"type\":\"number\"},"
                        + "{\"type\":\"integer\"}]}"),
                body("\"\\\"x\\\"\"", "{\"oneOf\":[{\"type\":\"number\"},{\"minLength\":3}]}"),
                body("\"7\"", "{\"if\":{\"type\":\"number\"},\"then\":{\"type\":\"string\"},\"else\":{\"type\":\"null\"},"
                        + "\"allOf\":[{\"type\":\"string\"}]}"),
                body("\"[1,\\\"a\\\",3,4]\"", "{\"items\":[{\"type\":\"number\"},{\"type\":\"number\"}],"
                        + "\"additionalItems\":false}"),
                body("\"{\\\"a\\\":1}\"", "{\"type\":[\"string\",\"null\"]}"),
                body("\"{\\\"a\\\":1}\"", "{\"definitions\":{\"s\":{\"type\":\"string\"}},"
                        + "\"properties\":{\"a\":{\"$ref\":\"#/definitions/s\"}}}"),
                body("\"{\\\"a\\\":1,\\\"xa\\\":2,\\\"a~/b\\\":3}\"", "{\"patternProperties\":{\"^x\":{\"type\":\"string\"}},"
                        + "\"properties\":{\"a\":false,\"a~/b\":{\"type\":\"string\"}}}"),
                body("\"{\\\"a\\\":{\\\"b\\\":1},\\\"c\\\":[{\\\"d\\\":1,\\\"e\\\":2},{\\\"d\\\":\\\"x\\\",\\\"e\\\":3}]}\"",
                        "{\"properties\":{\"c\":{\"items\":{\"properties\":{\"e\":{\"type\":\"string\"},"
                        + "\"d\":{\"type\":\"string\"}}}},\"a\":{\"properties\":{\"b\":{\"type\":\"string\"}},"
                        + "\"required\":[\"q\"]}}}"),
                body("\"{\\\"a\\\":1}\"", "{\"additionalProperties\":{\"type\":\"string\"},\"properties\":{\"b\":{}}}"),
                body("\"[1,\\\"x\\\",[2]]\"", "{\"contains\":{\"type\":\"boolean\"},\"items\":{\"not\":{\"type\":\"array\"}}}"),
                body("\"{\\\"o\\\":{\\\"bb\\\":1,\\\"a\\\":2,\\\"ccc\\\":3}}\"", "{\"properties\":{\"o\":"
                        + "{\"propertyNames\":{\"maxLength\":1,\"pattern\":\"^a\"}}}}"));
    }

    @Test
    void schemasAjvRefusesToCompile() throws Exception {
        String payload = "\"{\\\"a\\\":\\\"x\\\"}\"";
        sameAnswers(body(payload, "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\"}"),
                body(payload, "{\"$schema\":\"http://json-schema.org/draft-04/schema#\"}"),
                body(payload, "{\"$schema\":\"http://json-schema.org/draft-07/schema\",\"type\":\"string\"}"),
                body(payload, "{\"properties\":{\"a\":{\"format\":\"email\"}}}"),
                body(payload, "{\"properties\":{\"a\":{\"foo\":1}}}"),
                body(payload, "{\"type\":\"bogus\"}"),
                body(payload, "{\"minimum\":\"x\"}"),
                body(payload, "{\"$ref\":\"#/definitions/nope\"}"),
                body(payload, "\"str\""),
                body(payload, "[]"));
    }

    @Test
    void whenValidationRunsAndWhatPasses() throws Exception {
        String schema = "{\"properties\":{\"a\":{\"type\":\"number\"}}}";
        sameAnswers(body("\"{\\\"a\\\":1}\"", "true"), body("\"{\\\"a\\\":1}\"", "false"),
                body("\"{\\\"a\\\":1}\"", "{}"), body("\"{\\\"a\\\":1}\"", "null"), body("\"{\\\"a\\\":1}\"", "0"),
                body("{\"a\":\"x\"}", schema), body("{\"a\":1}", schema), body("5", "{\"type\":\"number\"}"),
                body("\"{bad\"", schema),
                "{\"payload\":{\"a\":1},\"schema\":" + schema + ",\"action\":\"str\"}",
                "{\"payload\":{\"a\":\"x\"},\"schema\":" + schema + ",\"action\":\"str\"}",
                "{\"payload\":\"{\\\"a\\\":\\\"x\\\"}\",\"schema\":" + schema + ",\"action\":\"str\"}",
                "{\"payload\":\"{\\\"a\\\":1}\",\"schema\":" + schema + ",\"action\":\"str\"}",
                "{\"payload\":\"{\\\"a\\\":\\\"x\\\"}\",\"schema\":" + schema + ",\"action\":\"obj\"}",
                "{\"payload\":{\"a\":1},\"schema\":" + schema + ",\"action\":\"obj\"}",
                "{\"payload\":true,\"schema\":{\"type\":\"string\"},\"action\":\"obj\"}");
    }
}
