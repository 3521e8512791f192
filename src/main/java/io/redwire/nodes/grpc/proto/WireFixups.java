package io.redwire.nodes.grpc.proto;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MethodDescriptorProto;
import com.google.protobuf.DescriptorProtos.MethodOptions;
import com.google.protobuf.DescriptorProtos.ServiceDescriptorProto;
import com.squareup.wire.schema.EnumType;
import com.squareup.wire.schema.Extend;
import com.squareup.wire.schema.Field;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.Rpc;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.Service;
import com.squareup.wire.schema.Type;
import com.squareup.wire.schema.internal.parser.ReservedElement;

import kotlin.ranges.IntRange;

import java.util.List;

/**
 * Completes the FileDescriptorProto that Wire's SchemaEncoder writes, so it matches what protoc produces:
 * json_name on every field (custom names were lost), reserved ranges and names (missing), defaults in
 * protoc's spelling (Wire keeps them as written), and the empty options protoc records for an rpc written with a
 * "{}" body. Checked against protoc by the golden test.
 */
final class WireFixups {
    private WireFixups() {
    }

    static FileDescriptorProto apply(FileDescriptorProto encoded, Schema schema, ProtoFile file, String text) {
        FileDescriptorProto.Builder b = encoded.toBuilder();
        for (ServiceDescriptorProto.Builder s : b.getServiceBuilderList()) {
            Service service = file.getServices().stream().filter(x -> x.name().equals(s.getName())).findFirst()
                    .orElse(null);
            for (MethodDescriptorProto.Builder m : s.getMethodBuilderList()) {
                Rpc rpc = service == null ? null : service.rpc(m.getName());
                if (!m.hasOptions() && rpc != null && hasBody(text, rpc.getLocation())) {
                    m.setOptions(MethodOptions.getDefaultInstance());
                }
            }
        }
        String prefix = file.getPackageName() == null ? "" : file.getPackageName() + ".";
        for (DescriptorProto.Builder m : b.getMessageTypeBuilderList()) {
            fixMessage(m, prefix + m.getName(), schema);
        }
        for (EnumDescriptorProto.Builder e : b.getEnumTypeBuilderList()) {
            fixEnum(e, prefix + e.getName(), schema);
        }
        for (FieldDescriptorProto.Builder f : b.getExtensionBuilderList()) {
            fixField(f, extensionField(file.getExtendList(), f));
        }
        return b.build();
    }

    /** Whether the rpc declared at {@code at} ends with a "{...}" body rather than ";". */
    private static boolean hasBody(String text, Location at) {
        if (text == null) {
            return false;
        }
        int offset = 0;
        for (int line = 1; line < at.getLine() && offset >= 0; line++) {
            offset = text.indexOf('\n', offset) + 1;
            if (offset == 0) {
                return false;
            }
        }
        int returns = text.indexOf("returns", offset + at.getColumn() - 1);
        int close = returns < 0 ? -1 : text.indexOf(')', returns);
        for (int i = close + 1; close >= 0 && i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{' || c == ';') {
                return c == '{';
            }
        }
        return false;
    }

    private static void fixMessage(DescriptorProto.Builder m, String fullName, Schema schema) {
        Type type = schema.getType(fullName);
        MessageType message = type instanceof MessageType mt ? mt : null;
        for (FieldDescriptorProto.Builder f : m.getFieldBuilderList()) {
            fixField(f, message == null ? null : declared(message, f.getName()));
        }
        for (FieldDescriptorProto.Builder f : m.getExtensionBuilderList()) {
            fixField(f, message == null ? null : extensionField(message.getNestedExtendList(), f));
        }
        if (message != null) {
            for (ReservedElement r : message.toElement().getReserveds()) {
                for (Object v : r.getValues()) {
                    if (v instanceof String name) {
                        m.addReservedName(name);
                    } else {
                        int[] range = range(v);
                        // message ranges are end-exclusive, enum ranges end-inclusive
                        m.addReservedRangeBuilder().setStart(range[0]).setEnd(range[1] + 1);
                    }
                }
            }
        }
        for (DescriptorProto.Builder nested : m.getNestedTypeBuilderList()) {
            if (!nested.getOptions().getMapEntry()) {
                fixMessage(nested, fullName + "." + nested.getName(), schema);
            }
        }
        for (EnumDescriptorProto.Builder e : m.getEnumTypeBuilderList()) {
            fixEnum(e, fullName + "." + e.getName(), schema);
        }
    }

    private static void fixEnum(EnumDescriptorProto.Builder e, String fullName, Schema schema) {
        if (!(schema.getType(fullName) instanceof EnumType en)) {
            return;
        }
        for (ReservedElement r : en.toElement().getReserveds()) {
            for (Object v : r.getValues()) {
                if (v instanceof String name) {
                    e.addReservedName(name);
                } else {
                    int[] range = range(v);
                    e.addReservedRangeBuilder().setStart(range[0]).setEnd(range[1]);
                }
            }
        }
    }

    private static int[] range(Object v) {
        if (v instanceof IntRange r) {
            return new int[] {r.getFirst(), r.getLast()};
        }
        int n = ((Number) v).intValue();
        return new int[] {n, n};
    }

    private static Field declared(MessageType message, String name) {
        for (Field f : message.getFieldsAndOneOfFields()) {
            if (f.getName().equals(name)) {
                return f;
            }
        }
        return null;
    }

    private static Field extensionField(List<Extend> extendList, FieldDescriptorProto.Builder f) {
        for (Extend e : extendList) {
            for (Field field : e.getFields()) {
                if (field.getName().equals(f.getName()) && field.getTag() == f.getNumber()) {
                    return field;
                }
            }
        }
        return null;
    }

    private static void fixField(FieldDescriptorProto.Builder f, Field wire) {
        String declaredJson = wire == null ? null : wire.getDeclaredJsonName();
        f.setJsonName(declaredJson != null ? declaredJson : jsonName(f.getName()));
        if (!f.hasDefaultValue()) {
            return;
        }
        String d = f.getDefaultValue();
        switch (f.getType()) {
            case TYPE_INT32, TYPE_INT64, TYPE_UINT32, TYPE_UINT64, TYPE_SINT32, TYPE_SINT64, TYPE_FIXED32,
                    TYPE_FIXED64, TYPE_SFIXED32, TYPE_SFIXED64 -> f.setDefaultValue(DefaultSpelling.integer(d));
            case TYPE_FLOAT, TYPE_DOUBLE -> f.setDefaultValue(DefaultSpelling.floating(d));
            case TYPE_BYTES -> f.setDefaultValue(DefaultSpelling.bytes(d));
            default -> {
            }
        }
    }

    /** protoc's ToJsonName: drop underscores, upper-casing the letter after each. */
    static String jsonName(String name) {
        StringBuilder sb = new StringBuilder(name.length());
        boolean upper = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '_') {
                upper = true;
            } else if (upper) {
                sb.append(c >= 'a' && c <= 'z' ? (char) (c - 'a' + 'A') : c);
                upper = false;
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
