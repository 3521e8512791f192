package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.proto.ProtoSchema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageOrBuilder;
import com.google.protobuf.util.JsonFormat;

import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Protobuf's canonical JSON mapping (lowerCamel names, 64-bit integers as strings, enums by name, the well-known
 * types' own forms) for the messages of one compiled schema: protobuf-java-util's JsonFormat, with a type registry
 * holding every message of the schema so {@code google.protobuf.Any} resolves. As the mapping's spec asks, parsing
 * refuses unknown fields (JsonFormat's lenient mode would also drop unknown enum names without a word). A refused
 * text names the field that broke it, which JsonFormat itself does not.
 */
public final class ProtoJson {
    /** Why a JSON text is not a message of the type: the text names the field (path) and the problem. */
    public static final class Invalid extends Exception {
        Invalid(String message) {
            super(message);
        }
    }

    private static final ObjectMapper TREES = new ObjectMapper();
    private static final Map<ProtoSchema, ProtoJson> BY_SCHEMA = Collections.synchronizedMap(new WeakHashMap<>());

    private final JsonFormat.Parser parser;
    private final JsonFormat.Printer printer;

    private ProtoJson(JsonFormat.TypeRegistry registry) {
        this.parser = JsonFormat.parser().usingTypeRegistry(registry);
        this.printer = JsonFormat.printer().usingTypeRegistry(registry).omittingInsignificantWhitespace();
    }

    /** The mapping for a schema's messages; built once per compiled schema. */
    public static ProtoJson of(ProtoSchema schema) {
        return BY_SCHEMA.computeIfAbsent(schema, s -> {
            JsonFormat.TypeRegistry.Builder registry = JsonFormat.TypeRegistry.newBuilder();
            for (FileDescriptor f : s.files().values()) {
                if (!f.getMessageTypes().isEmpty()) {
                    registry.add(f.getMessageTypes().get(0)); // adds the whole file and its imports
                }
            }
            return new ProtoJson(registry.build());
        });
    }

    /** A message of {@code type} from its JSON text. */
    public DynamicMessage parse(Descriptor type, String json) throws Invalid {
        DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
        try {
            parser.merge(json, b);
            return b.build();
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            throw new Invalid(explain(type, json, e));
        }
    }

    /** The message's JSON text, compact; fields with their default value are left out. */
    public String print(MessageOrBuilder message) {
        try {
            return printer.print(message);
        } catch (InvalidProtocolBufferException e) { // an Any whose type the schema does not have
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    // ---- naming the field, only on the error path ------------------------------------------------------------

    private String explain(Descriptor type, String json, Exception e) {
        JsonNode tree;
        try {
            tree = TREES.readTree(json);
        } catch (JsonProcessingException notJson) {
            return "not JSON: " + notJson.getOriginalMessage();
        }
        if (tree == null || tree.isMissingNode()) {
            return type.getFullName() + " is a JSON object, got nothing";
        }
        if (!tree.isObject() && !isWellKnown(type)) {
            return type.getFullName() + " is a JSON object, got " + tree;
        }
        String path = tree.isObject() ? failingField(type, (ObjectNode) tree, "") : null;
        return path == null ? reason(e) : "field '" + path + "': " + reason(e);
    }

    /** The path of the first member that fails on its own, descending into plain sub-messages. */
    private String failingField(Descriptor type, ObjectNode object, String prefix) {
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> member = it.next();
            ObjectNode alone = TREES.createObjectNode();
            alone.set(member.getKey(), member.getValue());
            if (!fails(type, alone.toString())) {
                continue;
            }
            FieldDescriptor f = field(type, member.getKey());
            String path = prefix + member.getKey();
            JsonNode v = member.getValue();
            String inner = null;
            if (f != null && f.getJavaType() == FieldDescriptor.JavaType.MESSAGE && !f.isMapField()
                    && !isWellKnown(f.getMessageType())) {
                if (!f.isRepeated() && v.isObject()) {
                    inner = failingField(f.getMessageType(), (ObjectNode) v, path + ".");
                } else if (f.isRepeated() && v.isArray()) {
                    for (int i = 0; i < v.size() && inner == null; i++) {
                        if (v.get(i).isObject()) {
                            inner = failingField(f.getMessageType(), (ObjectNode) v.get(i), path + "[" + i + "].");
                        }
                    }
                }
            }
            return inner != null ? inner : path;
        }
        return null;
    }

    private boolean fails(Descriptor type, String json) {
        try {
            parser.merge(json, DynamicMessage.newBuilder(type));
            return false;
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            return true;
        }
    }

    private static FieldDescriptor field(Descriptor type, String jsonKey) {
        for (FieldDescriptor f : type.getFields()) {
            if (f.getJsonName().equals(jsonKey) || f.getName().equals(jsonKey)) {
                return f;
            }
        }
        return null;
    }

    private static boolean isWellKnown(Descriptor type) {
        return type.getFullName().startsWith("google.protobuf.");
    }

    private static String reason(Throwable e) {
        Throwable t = e;
        while (t.getMessage() == null && t.getCause() != null) {
            t = t.getCause();
        }
        return String.valueOf(t.getMessage());
    }
}
