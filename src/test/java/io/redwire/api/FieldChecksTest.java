package io.redwire.api;

import io.redwire.msg.Json;
import io.redwire.runtime.NodeFamilies;
import io.redwire.runtime.NodeRegistry;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one validator over the declarations: rows (each row's sub-fields, only those in use for the row), row counts,
 * ranges, patterns, required-when rules and strict options, each problem naming the field and, in rows, the row and
 * sub-field; what a declaration leaves to the editor ({@link Field#checkedByEditorOnly()}) the deploy accepts.
 */
class FieldChecksTest {
    private static final Field RULES = Field.rows("rules", Field.row("t", "set", "p", "payload", "to", "", "tot", "str"),
            Field.select("t", "set", "set", "delete", "swap").label("action"),
            Field.str("p", "").asRequired(),
            Field.typed("to", "tot", "str", List.of("str", "json")).shownWhen("t", "set"),
            Field.select("op", "a", "a", "b").onlyOptions()).rowsBetween(1, 3);
    private static final Field IDS = Field.list("ids", Field.str("id", "").asRequired());
    private static final Field PORT = Field.num("port", 1).wholeNumber(0, 65535);
    private static final Field QOS = Field.num("qos", 0).wholeNumber(0, 2).checkedByEditorOnly();
    private static final Field SSL = Field.bool("ssl", false);
    private static final Field KEY = Field.code("key", "pem", "").pattern("-----BEGIN ", "must be PEM text")
            .requiredWhen("ssl needs the key", "ssl", "true");
    private static final Field HEADERS = Field.entries("hdrs", Field.str("name", "").asRequired(),
            Field.str("value", ""));
    private static final NodeType TYPE = NodeType.builder("checked", "test")
            .fields(RULES, IDS, PORT, QOS, SSL, KEY, HEADERS).factory(c -> null);

    @SuppressWarnings("unchecked")
    private static List<String> problems(String json) throws Exception {
        return TYPE.validate((Map<String, Object>) Json.parse(json));
    }

    @Test
    void aValidNodeAndTheDeclaredDefaultRowHaveNoProblems() throws Exception {
        assertEquals(List.of(), problems("""
                {"rules":[{"t":"set","p":"a","to":"{}","tot":"json","extra":1}],"ids":["n1"],"port":"8080",
                 "qos":1,"ssl":true,"key":"-----BEGIN PRIVATE KEY-----"}"""));
        assertEquals(List.of(), TYPE.validate(Map.of("rules", List.of(RULES.rows().defaultRow()))));
    }

    @Test
    void rowProblemsNameTheRowAndTheSubField() throws Exception {
        assertEquals(List.of("field 'rules' row 1 'p' is required",
                        "field 'rules' row 2 'to' (json): Unexpected end of JSON input",
                        "field 'rules' row 3: must be an object, got 5"),
                problems("""
                        {"rules":[{"t":"set","p":""},{"t":"set","p":"a","to":"{","tot":"json"},5]}""").stream()
                        .map(p -> p.replaceAll("\\(json\\): .*", "(json): Unexpected end of JSON input")).toList());
    }

    @Test
    void aSubFieldNotInUseForItsRowIsNotChecked() throws Exception {
        assertEquals(List.of(), problems("""
                {"rules":[{"t":"delete","p":"a","to":"{","tot":"json"}]}"""), "a delete rule has no value");
    }

    @Test
    void rowCountsAndStrictOptionsAreChecked() throws Exception {
        assertEquals(List.of("field 'rules' needs at least 1 row"), problems("{\"rules\":[]}"));
        assertEquals(List.of("field 'rules' takes at most 3 rows"), problems("""
                {"rules":[{"p":"a"},{"p":"b"},{"p":"c"},{"p":"d"}]}"""));
        assertEquals(List.of("field 'rules' row 1 'op' must be one of a, b, got \"c\""), problems("""
                {"rules":[{"p":"a","op":"c"}]}"""));
        assertEquals(List.of(), problems("{\"rules\":[{\"t\":\"unknown\",\"p\":\"a\"}]}"),
                "options without onlyOptions are what the form offers, others pass");
    }

    @Test
    void aScalarListChecksEachValueAsItsElement() throws Exception {
        assertEquals(List.of("field 'ids' row 2 'id' is required"), problems("{\"ids\":[\"n1\",\"\"]}"));
    }

    @Test
    void anEntriesFieldIsAnObjectWhoseEntriesAreCheckedAsRows() throws Exception {
        assertEquals(List.of(), problems("{\"hdrs\":{\"X-A\":\"1\",\"X-B\":\"2\"}}"));
        assertEquals(List.of("field 'hdrs' row 2 'name' is required"), problems("{\"hdrs\":{\"X-A\":\"1\",\"\":\"2\"}}"));
        assertEquals(List.of("field 'hdrs' must be an object, got [{\"name\":\"X-A\"}]"),
                problems("{\"hdrs\":[{\"name\":\"X-A\"}]}"), "a list of rows is not what the node reads");
    }

    @Test
    void rangesRefuseTheDeployUnlessTheEditorAloneChecksThem() throws Exception {
        assertEquals(List.of("field 'port' must be a whole number from 0 to 65535, got 70000"),
                problems("{\"port\":70000}"));
        assertEquals(List.of("field 'port' must be a whole number from 0 to 65535, got \"1.5\""),
                problems("{\"port\":\"1.5\"}"));
        assertEquals(List.of(), problems("{\"qos\":7}"), "the runtime reads an out-of-range qos its own way");
        assertEquals(List.of("field 'qos' must be a number, got \"x\""), problems("{\"qos\":\"x\"}"),
                "the kind's own check stays");
    }

    @Test
    void aLowerBoundAloneIsCheckedAndServedWithoutAMax() {
        NodeRegistry registry = NodeFamilies.discover(getClass().getClassLoader(), p -> { });
        assertTrue(registry.get("thrift-call").validate(Map.of("timeout", -1))
                .contains("field 'timeout' must be a number of at least 0, got -1"));
        assertTrue(registry.get("function").validate(Map.of("timeout", "-5"))
                .contains("field 'timeout' must be a number of at least 0, got \"-5\""));
        assertTrue(registry.get("grpc-server").validate(Map.of("corsMaxAge", 1.5))
                .contains("field 'corsMaxAge' must be a whole number of at least 0, got 1.5"));
        assertEquals(List.of(), registry.get("thrift-call").validate(Map.of("timeout", 1e12)).stream()
                .filter(p -> p.contains("timeout")).toList(), "no upper bound");
        assertEquals(Map.of("min", 0.0, "integer", false),
                FieldDescription.of(Field.num("t", 0).atLeast(0), null, null).get("range"));
    }

    @Test
    void theBuiltInDeclarationsRefuseWhatTheirNodesRefusedAndKeepNodeRedsFallbacks() {
        NodeRegistry registry = NodeFamilies.discover(getClass().getClassLoader(), p -> { });
        assertEquals(List.of(), registry.get("mqtt in").validate(Map.of("topic", "a", "qos", "7", "rh", "5", "broker", "mb")),
                "mqtt in reads an out-of-range qos as 2 and rh as 0, as Node-RED does");
        assertEquals(List.of("field 'port' must be a whole number from 0 to 65535, got \"65536\""),
                registry.get("thrift-server").validate(Map.of("port", "65536")));
        assertEquals(List.of("field 'key': ssl needs the server private key (PEM)"), registry.get("grpc-server")
                .validate(Map.of("port", "0", "localServer", true, "ssl", true, "chain", "-----BEGIN CERTIFICATE",
                        "protoFile", "syntax = \"proto3\";")));
        assertEquals(List.of("field 'protoFile': a local server needs the .proto text (or the name of a file under "
                + "protos/)"), registry.get("grpc-server").validate(Map.of("localServer", true, "protoFile", " ")));
        assertEquals(List.of(), registry.get("grpc-server").validate(Map.of("port", "0", "ssl", true)),
                "a client target needs no server key");
    }

    @Test
    void aFieldRequiredInOneModeIsCheckedOnlyInThatMode() throws Exception {
        assertEquals(List.of("field 'key': ssl needs the key"), problems("{\"ssl\":true}"));
        assertEquals(List.of("field 'key': ssl needs the key"), problems("{\"ssl\":true,\"key\":\"not pem\"}"));
        assertEquals(List.of(), problems("{\"ssl\":false,\"key\":\"not pem\"}"));
        assertEquals(List.of(), problems("{\"key\":\"not pem\"}"), "a left-out ssl is its default, false");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theDeclarationIsServedWithItsRowShapeAndRules() throws Exception {
        Map<String, Object> served = (Map<String, Object>) Json.parse(Json.stringify(TYPE.describe()));
        List<Map<String, Object>> fields = (List<Map<String, Object>>) served.get("fields");
        Map<String, Object> rules = fields.get(0);
        assertEquals("rows", rules.get("kind"));
        assertEquals(Map.of("t", "set", "p", "payload", "to", "", "tot", "str"), rules.get("defaultRow"));
        assertEquals(List.of(rules.get("defaultRow")), rules.get("default"));
        assertEquals(1, rules.get("minRows"));
        assertEquals(3, rules.get("maxRows"));
        assertEquals(List.of("t", "p", "to", "op"), ((List<Map<String, Object>>) rules.get("row")).stream()
                .map(r -> r.get("name")).toList());
        assertEquals(Map.of("t", List.of("set")), ((List<Map<String, Object>>) rules.get("row")).get(2)
                .get("shownWhen"));
        assertEquals(Boolean.TRUE, fields.get(1).get("scalar"));
        assertEquals(Map.of("min", 0, "max", 65535, "integer", true), fields.get(2).get("range"));
        assertEquals(Boolean.TRUE, fields.get(3).get("editorOnly"));
        assertEquals(List.of(Map.of("when", Map.of("ssl", List.of("true")), "problem", "ssl needs the key")),
                fields.get(5).get("requiredWhen"));
        assertEquals(Map.of("regex", "-----BEGIN ", "problem", "must be PEM text"), fields.get(5).get("pattern"));
        assertEquals(Boolean.TRUE, fields.get(6).get("entries"));
        assertEquals(Map.of(), fields.get(6).get("default"), "a new node's headers are an empty object");
        assertEquals(List.of("name", "value"), ((List<Map<String, Object>>) fields.get(6).get("row")).stream()
                .map(r -> r.get("name")).toList());
    }
}
