package io.redwire.nodes.grpc;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.NodeError;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import com.google.protobuf.Timestamp;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.Comparator;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Protobuf messages ⇄ msg values, the way node-red-contrib-grpc's proto-loader options (keepCase, longs: String,
 * enums: String, defaults, oneofs) make protobuf.js convert them, so flows see the same shapes:
 * proto field names, 64-bit integers as decimal strings, enums as names, every field present with its default
 * (sub-messages null, repeated [], maps {}), a oneof's name holding its populated member, bytes as Buffers.
 * Building a message is as lenient as protobuf.js' fromObject (numbers from strings, unknown keys ignored) and
 * fails with its TypeErrors.
 */
public final class MessageCodec {
    private MessageCodec() {
    }

    // ---- message → msg value -------------------------------------------------------------------------------

    /** A message type's fields by number, split as protobuf.js fills defaults; computed once per type. */
    private record Layout(FieldDescriptor[] byNumber, FieldDescriptor[] repeated, FieldDescriptor[] maps,
                          FieldDescriptor[] singular, Object[] singularDefaults) {
        static Layout of(Descriptor type) {
            List<FieldDescriptor> fields = new ArrayList<>(type.getFields());
            fields.sort(Comparator.comparingInt(FieldDescriptor::getNumber));
            List<FieldDescriptor> repeated = new ArrayList<>();
            List<FieldDescriptor> maps = new ArrayList<>();
            List<FieldDescriptor> singular = new ArrayList<>();
            for (FieldDescriptor f : fields) {
                if (f.getContainingOneof() == null) {
                    (f.isMapField() ? maps : f.isRepeated() ? repeated : singular).add(f);
                }
            }
            FieldDescriptor[] none = new FieldDescriptor[0];
            Object[] defaults = new Object[singular.size()];
            for (int i = 0; i < defaults.length; i++) {
                FieldDescriptor f = singular.get(i);
                defaults[i] = f.getJavaType() == FieldDescriptor.JavaType.BYTE_STRING ? null : defaultOf(f);
            }
            return new Layout(fields.toArray(none), repeated.toArray(none), maps.toArray(none),
                    singular.toArray(none), defaults);
        }
    }

    private static final Map<Descriptor, Layout> LAYOUTS = Collections.synchronizedMap(new WeakHashMap<>());

    public static Map<String, Object> toObject(Message m) {
        Layout layout = LAYOUTS.computeIfAbsent(m.getDescriptorForType(), Layout::of);
        Map<String, Object> d = new LinkedHashMap<>(Math.max(4, layout.byNumber().length * 2));
        // protobuf.js fills defaults group by group (repeated, maps, the rest), then overwrites with set values
        for (FieldDescriptor f : layout.repeated()) {
            d.put(f.getName(), new ArrayList<>());
        }
        for (FieldDescriptor f : layout.maps()) {
            d.put(f.getName(), new LinkedHashMap<>());
        }
        FieldDescriptor[] singular = layout.singular();
        for (int i = 0; i < singular.length; i++) {
            FieldDescriptor f = singular[i];
            // defaults are immutable (strings, numbers, null) except a Buffer, which each msg gets fresh
            d.put(f.getName(), f.getJavaType() == FieldDescriptor.JavaType.BYTE_STRING ? new byte[0]
                    : layout.singularDefaults()[i]);
        }
        for (FieldDescriptor f : layout.byNumber()) {
            if (f.isMapField()) {
                if (m.getRepeatedFieldCount(f) > 0) {
                    d.put(f.getName(), mapToObject(m, f));
                }
            } else if (f.isRepeated()) {
                int n = m.getRepeatedFieldCount(f);
                if (n > 0) {
                    List<Object> list = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        list.add(value(f, m.getRepeatedField(f, i)));
                    }
                    d.put(f.getName(), list);
                }
            } else if (m.hasField(f)) {
                d.put(f.getName(), value(f, m.getField(f)));
                if (f.getContainingOneof() != null) {
                    d.put(f.getContainingOneof().getName(), f.getName());
                }
            }
        }
        return d;
    }

    private static Map<String, Object> mapToObject(Message m, FieldDescriptor f) {
        Descriptor entry = f.getMessageType();
        FieldDescriptor keyField = entry.findFieldByNumber(1);
        FieldDescriptor valueField = entry.findFieldByNumber(2);
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0, n = m.getRepeatedFieldCount(f); i < n; i++) {
            Message e = (Message) m.getRepeatedField(f, i);
            out.put(String.valueOf(value(keyField, e.getField(keyField))), value(valueField, e.getField(valueField)));
        }
        return out;
    }

    private static Object defaultOf(FieldDescriptor f) {
        return switch (f.getJavaType()) {
            case MESSAGE -> null;
            case BYTE_STRING -> new byte[0];
            default -> value(f, f.getDefaultValue());
        };
    }

    private static Object value(FieldDescriptor f, Object v) {
        return switch (f.getType()) {
            case MESSAGE, GROUP -> toObject((Message) v);
            case ENUM -> {
                EnumValueDescriptor e = (EnumValueDescriptor) v;
                yield f.getEnumType().findValueByNumber(e.getNumber()) != null ? e.getName() : e.getNumber();
            }
            case INT64, SINT64, SFIXED64 -> Long.toString((Long) v);
            case UINT64, FIXED64 -> Long.toUnsignedString((Long) v);
            case UINT32, FIXED32 -> {
                long u = Integer.toUnsignedLong((Integer) v);
                yield u <= Integer.MAX_VALUE ? (Object) (int) u : (Object) u;
            }
            case FLOAT -> (double) (Float) v;
            case BYTES -> ((ByteString) v).toByteArray();
            default -> v; // Integer, Double, Boolean, String
        };
    }

    // ---- msg value → message -------------------------------------------------------------------------------

    /** Builds a message of {@code type} from a msg value; null/undefined make the empty message. */
    public static DynamicMessage fromObject(Descriptor type, Object value) {
        if (value == null || value == Undefined.VALUE) {
            return DynamicMessage.getDefaultInstance(type);
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw typeError("." + type.getFullName() + ": object expected");
        }
        return build(type, map);
    }

    private static DynamicMessage build(Descriptor type, Map<?, ?> d) {
        DynamicMessage.Builder m = DynamicMessage.newBuilder(type);
        for (FieldDescriptor f : type.getFields()) {
            Object v = d.get(f.getName());
            if (f.isMapField()) {
                if (JsValues.truthy(v)) {
                    if (!(v instanceof Map<?, ?> entries)) {
                        throw typeError(fullName(f) + ": object expected");
                    }
                    putEntries(m, f, entries);
                }
            } else if (f.isRepeated()) {
                if (JsValues.truthy(v)) {
                    if (!(v instanceof List<?> list)) {
                        throw typeError(fullName(f) + ": array expected");
                    }
                    for (Object item : list) {
                        Object converted = convert(f, item, true);
                        if (converted != null) {
                            m.addRepeatedField(f, converted);
                        }
                    }
                }
            } else if (v != null && v != Undefined.VALUE) {
                Object converted = convert(f, v, false);
                if (converted != null) {
                    m.setField(f, converted);
                }
            }
        }
        return m.build();
    }

    private static void putEntries(DynamicMessage.Builder m, FieldDescriptor f, Map<?, ?> entries) {
        Descriptor entryType = f.getMessageType();
        FieldDescriptor keyField = entryType.findFieldByNumber(1);
        FieldDescriptor valueField = entryType.findFieldByNumber(2);
        for (Map.Entry<?, ?> e : entries.entrySet()) {
            Object key = convert(keyField, String.valueOf(e.getKey()), false);
            Object val = convert(valueField, e.getValue(), true);
            DynamicMessage.Builder entry = DynamicMessage.newBuilder(entryType);
            entry.setField(keyField, key);
            if (val != null) {
                entry.setField(valueField, val);
            }
            m.addRepeatedField(f, entry.build());
        }
    }

    /** One value for field {@code f}; null when protobuf.js would leave the field unset. */
    private static Object convert(FieldDescriptor f, Object v, boolean enumDefaultsToFirst) {
        switch (f.getType()) {
            case MESSAGE, GROUP:
                if (v instanceof Date date && f.getMessageType().getFullName().equals("google.protobuf.Timestamp")) {
                    long ms = date.getTime();
                    return Timestamp.newBuilder().setSeconds(Math.floorDiv(ms, 1000))
                            .setNanos((int) Math.floorMod(ms, 1000) * 1_000_000).build();
                }
                if (!(v instanceof Map<?, ?> map)) {
                    throw typeError(fullName(f) + ": object expected");
                }
                return build(f.getMessageType(), map);
            case ENUM:
                return enumValue(f.getEnumType(), v, enumDefaultsToFirst);
            case DOUBLE:
                return JsValues.toNumber(v);
            case FLOAT:
                return (float) JsValues.toNumber(v);
            case INT32, SINT32, SFIXED32, UINT32, FIXED32:
                return toInt32(JsValues.toNumber(v));
            case INT64, SINT64, SFIXED64, UINT64, FIXED64:
                return toLong(f, v);
            case BOOL:
                return JsValues.truthy(v);
            case STRING:
                return JsValues.toJsString(v);
            case BYTES:
                return bytes(v);
            default:
                throw new IllegalStateException("unexpected field type " + f.getType());
        }
    }

    private static EnumValueDescriptor enumValue(EnumDescriptor type, Object v, boolean defaultToFirst) {
        EnumValueDescriptor found = null;
        if (v instanceof String s) {
            found = type.findValueByName(s);
        } else if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            found = type.findValueByNumber(n.intValue());
        }
        if (found == null && defaultToFirst) {
            found = type.getValues().get(0);
        }
        return found;
    }

    /** JavaScript's ToInt32 (what {@code x|0} and {@code x>>>0} store). */
    static int toInt32(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return 0;
        }
        return (int) (long) (d % 4294967296.0);
    }

    private static long toLong(FieldDescriptor f, Object v) {
        if (v instanceof String s) {
            try {
                return s.length() < 19 ? Long.parseLong(s.trim()) : new BigInteger(s.trim()).longValue();
            } catch (NumberFormatException e) {
                throw typeError(fullName(f) + ": not an integer: " + s);
            }
        }
        if (v instanceof Long l) {
            return l;
        }
        return (long) JsValues.toNumber(v); // saturates, NaN → 0, as Long.fromNumber
    }

    private static ByteString bytes(Object v) {
        if (v instanceof byte[] b) {
            return ByteString.copyFrom(b);
        }
        if (v instanceof String s) {
            return ByteString.copyFrom(Base64.getMimeDecoder().decode(s));
        }
        if (v instanceof Map<?, ?> buffer && "Buffer".equals(buffer.get("type"))) {
            v = buffer.get("data"); // a Buffer after a JSON round trip
        }
        if (v instanceof List<?> list) {
            byte[] b = new byte[list.size()];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) toInt32(JsValues.toNumber(list.get(i)));
            }
            return ByteString.copyFrom(b);
        }
        return null;
    }

    private static String fullName(FieldDescriptor f) {
        return "." + f.getFullName();
    }

    private static NodeError typeError(String text) {
        return new NodeError("TypeError: " + text);
    }
}
