package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.proto.ProtoCompiler;
import io.redwire.nodes.grpc.proto.ProtoSchema;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Protobuf's canonical JSON mapping over rich.v1.Order: names, 64-bit integers, enums, well-known types, Any. */
class ProtoJsonTest {
    private static final ProtoSchema SCHEMA = ProtoCompiler.compileFile(Path.of("protos"), "rich/service.proto");
    private static final Descriptor ORDER = SCHEMA.root().findMessageTypeByName("Order");
    private final ProtoJson json = ProtoJson.of(SCHEMA);

    @Test
    void canonicalJsonRoundTrips() throws Exception {
        String text = "{\"id\":\"9007199254740993\",\"label\":\"Ada\",\"status\":\"STATUS_OPEN\","
                + "\"lines\":[{\"sku\":\"A-1\",\"quantity\":2}],\"attributes\":{\"k\":\"v\"},"
                + "\"pickupStore\":\"Berlin\",\"createdAt\":\"2026-12-02T01:00:00Z\",\"extra\":{\"a\":[true,\"x\"]},"
                + "\"note\":\"hi\",\"ttl\":\"1.500s\",\"bigNumbers\":[\"18446744073709551615\"],\"blob\":\"AQI=\","
                + "\"attachment\":{\"@type\":\"type.googleapis.com/rich.v1.GetOrderRequest\",\"id\":\"7\"}}";
        DynamicMessage m = json.parse(ORDER, text);
        assertEquals(9007199254740993L, m.getField(ORDER.findFieldByName("id")));
        assertEquals(text, json.print(m));
    }

    @Test
    void protoFieldNamesAreAcceptedAndUnknownFieldsRefused() throws Exception {
        DynamicMessage m = json.parse(ORDER, "{\"customer_name\":\"Bo\"}");
        assertEquals("{\"label\":\"Bo\"}", json.print(m));
        assertEquals("field 'no_such': Cannot find field: no_such in message rich.v1.Order",
                assertThrows(ProtoJson.Invalid.class, () -> json.parse(ORDER, "{\"label\":\"a\",\"no_such\":1}"))
                        .getMessage());
    }

    @Test
    void aRefusedTextNamesTheField() {
        assertEquals("field 'id': Not an int64 value: \"x\"",
                assertThrows(ProtoJson.Invalid.class, () -> json.parse(ORDER, "{\"label\":\"a\",\"id\":\"x\"}"))
                        .getMessage());
        assertEquals("field 'lines[1].quantity': Out of range uint32 value: -1",
                assertThrows(ProtoJson.Invalid.class,
                        () -> json.parse(ORDER, "{\"lines\":[{\"quantity\":1},{\"sku\":\"b\",\"quantity\":-1}]}"))
                        .getMessage());
        assertEquals("field 'status': Invalid enum value: \"NOPE\" for enum type: rich.v1.Status",
                assertThrows(ProtoJson.Invalid.class, () -> json.parse(ORDER, "{\"status\":\"NOPE\"}")).getMessage());
        assertEquals("field 'createdAt': Failed to parse timestamp: \"yesterday\"",
                assertThrows(ProtoJson.Invalid.class, () -> json.parse(ORDER, "{\"createdAt\":\"yesterday\"}"))
                        .getMessage());
    }

    @Test
    void textThatIsNoJsonObjectIsRefused() {
        assertTrue(assertThrows(ProtoJson.Invalid.class, () -> json.parse(ORDER, "{\"id\":")).getMessage()
                .startsWith("not JSON: Unexpected end-of-input"));
        assertEquals("rich.v1.Order is a JSON object, got nothing",
                assertThrows(ProtoJson.Invalid.class, () -> json.parse(ORDER, "")).getMessage());
        assertEquals("rich.v1.Order is a JSON object, got [1]",
                assertThrows(ProtoJson.Invalid.class, () -> json.parse(ORDER, "[1]")).getMessage());
    }

    @Test
    void oneMappingPerSchema() {
        assertSame(json, ProtoJson.of(SCHEMA));
    }
}
