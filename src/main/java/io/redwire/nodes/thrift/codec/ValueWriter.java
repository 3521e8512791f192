package io.redwire.nodes.thrift.codec;

import io.redwire.js.Undefined;
import io.redwire.msg.Json;

import org.apache.thrift.TException;
import org.apache.thrift.protocol.TList;
import org.apache.thrift.protocol.TMap;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TSet;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Writes message values by a {@link ThriftModel} on any libthrift TProtocol, with no generated classes. Accepts
 * what {@link ValueReader} produces, plus the looser forms a flow is likely to hold (see docs/thrift.md).
 */
public final class ValueWriter {
    static final Pattern INTEGER = Pattern.compile("-?\\d+");

    private ValueWriter() {
    }

    /**
     * Writes a struct from an object keyed by field name. Absent (null/undefined) fields take their IDL default or
     * are left out; unknown keys are ignored. Throws {@link ValueException} naming the path of a value that does
     * not fit (protocol state is then undefined, so discard the output).
     */
    public static void writeStruct(TProtocol out, StructDef s, Object value) throws TException {
        write(out, s, value, 0);
    }

    /** Writes a method result holding one field: `success` or a declared exception (null for a void success). */
    public static void writeResult(TProtocol out, StructDef result, FieldDef field, Object value) throws TException {
        out.writeStructBegin(result.wireHeader());
        if (field != null) {
            out.writeFieldBegin(field.wireHeader());
            try {
                write(out, field.type(), value, 1);
            } catch (ValueException e) {
                throw e.within(field.name());
            }
            out.writeFieldEnd();
        }
        out.writeFieldStop();
        out.writeStructEnd();
    }

    private static boolean absent(Object v) {
        return v == null || v == Undefined.VALUE;
    }

    private static void writeFields(TProtocol out, StructDef s, Map<?, ?> map, int depth) throws TException {
        if (s.kind() == StructDef.Kind.UNION) {
            checkUnion(s, map);
        }
        out.writeStructBegin(s.wireHeader());
        for (FieldDef f : s.fieldArray()) {
            Object v = map.get(f.name());
            if (absent(v)) {
                v = f.defaultValue();
                if (v == null) {
                    if (f.required()) {
                        throw new ValueException("required field is missing").within(f.name());
                    }
                    continue;
                }
            }
            out.writeFieldBegin(f.wireHeader());
            try {
                write(out, f.type(), v, depth + 1);
            } catch (ValueException e) {
                throw e.within(f.name());
            }
            out.writeFieldEnd();
        }
        out.writeFieldStop();
        out.writeStructEnd();
    }

    private static void checkUnion(StructDef s, Map<?, ?> map) {
        List<String> set = new ArrayList<>(2);
        for (FieldDef f : s.fieldArray()) {
            if (!absent(map.get(f.name()))) {
                set.add(f.name());
            }
        }
        if (set.size() != 1) {
            throw new ValueException("union " + s.idlName() + " needs exactly one field set, got "
                    + (set.isEmpty() ? "none" : set.size() + " (" + String.join(", ", set) + ")"));
        }
    }

    private static void write(TProtocol out, TypeDef t, Object v, int depth) throws TException {
        if (depth > ValueReader.MAX_DEPTH) {
            throw new ValueException("values nested deeper than " + ValueReader.MAX_DEPTH);
        }
        if (t instanceof TypeDef.Scalar s) {
            writeScalar(out, s, v);
        } else if (t instanceof EnumDef e) {
            out.writeI32(enumValue(e, v));
        } else if (t instanceof StructDef s) {
            if (!(v instanceof Map<?, ?> map)) {
                throw ValueException.expected(s, v);
            }
            writeFields(out, s, map, depth);
        } else if (t instanceof TypeDef.ListOf l) {
            Collection<?> items = collection(t, v);
            out.writeListBegin(new TList(l.element().ttype(), items.size()));
            writeElements(out, l.element(), items, depth);
            out.writeListEnd();
        } else if (t instanceof TypeDef.SetOf st) {
            Collection<?> items = collection(t, v);
            out.writeSetBegin(new TSet(st.element().ttype(), items.size()));
            writeElements(out, st.element(), items, depth);
            out.writeSetEnd();
        } else {
            TypeDef.MapOf m = (TypeDef.MapOf) t;
            if (!(v instanceof Map<?, ?> map)) {
                throw ValueException.expected(m, v);
            }
            out.writeMapBegin(new TMap(m.key().ttype(), m.value().ttype(), map.size()));
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String key = String.valueOf(e.getKey());
                try {
                    write(out, m.key(), MapKeys.fromKey(m.key(), key), depth + 1);
                    write(out, m.value(), e.getValue(), depth + 1);
                } catch (ValueException x) {
                    throw x.within("[" + Json.stringify(key) + "]");
                }
            }
            out.writeMapEnd();
        }
    }

    private static Collection<?> collection(TypeDef t, Object v) {
        if (v instanceof Collection<?> c) {
            return c;
        }
        throw ValueException.expected(t, v);
    }

    private static void writeElements(TProtocol out, TypeDef element, Collection<?> items, int depth)
            throws TException {
        int i = 0;
        for (Object item : items) {
            try {
                write(out, element, item, depth + 1);
            } catch (ValueException e) {
                throw e.within("[" + i + "]");
            }
            i++;
        }
    }

    private static void writeScalar(TProtocol out, TypeDef.Scalar s, Object v) throws TException {
        switch (s) {
            case BOOL -> {
                if (!(v instanceof Boolean b)) {
                    throw ValueException.expected(s, v);
                }
                out.writeBool(b);
            }
            case BYTE -> out.writeByte((byte) integral(s, v, Byte.MIN_VALUE, Byte.MAX_VALUE));
            case I16 -> out.writeI16((short) integral(s, v, Short.MIN_VALUE, Short.MAX_VALUE));
            case I32 -> out.writeI32((int) integral(s, v, Integer.MIN_VALUE, Integer.MAX_VALUE));
            case I64 -> out.writeI64(v instanceof String str && INTEGER.matcher(str).matches()
                    ? parseLong(str) : integral(s, v, Long.MIN_VALUE, Long.MAX_VALUE));
            case DOUBLE -> {
                if (!(v instanceof Number n)) {
                    throw ValueException.expected(s, v);
                }
                out.writeDouble(n.doubleValue());
            }
            case STRING -> {
                if (!(v instanceof String str)) {
                    throw ValueException.expected(s, v);
                }
                out.writeString(str);
            }
            case BINARY -> out.writeBinary(ByteBuffer.wrap(binary(v)));
        }
    }

    /** An integer that fits the type: integral numbers only (1.0 is fine, 1.5 is not). */
    private static long integral(TypeDef.Scalar s, Object v, long min, long max) {
        long n;
        if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            n = ((Number) v).longValue();
        } else if (v instanceof Number num && Double.isFinite(num.doubleValue())
                && num.doubleValue() == Math.rint(num.doubleValue())
                && Math.abs(num.doubleValue()) <= 0x1p63) {
            n = (long) num.doubleValue();
        } else {
            throw ValueException.expected(s, v);
        }
        return checkRange(n, min, max, s);
    }

    static long checkRange(long n, long min, long max, TypeDef.Scalar s) {
        if (n < min || n > max) {
            throw new ValueException(n + " is out of range for " + s.idlName());
        }
        return n;
    }

    static long parseLong(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new ValueException(s + " is out of range for i64");
        }
    }

    /** Binary accepts a Buffer (byte[]), a string (its UTF-8 bytes) or Buffer JSON ({type:"Buffer",data:[..]}). */
    private static byte[] binary(Object v) {
        if (v instanceof byte[] b) {
            return b;
        }
        if (v instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        if (v instanceof Map<?, ?> m && "Buffer".equals(m.get("type")) && m.get("data") instanceof List<?> data) {
            byte[] out = new byte[data.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = (byte) integral(TypeDef.Scalar.I16, data.get(i), 0, 255);
            }
            return out;
        }
        throw ValueException.expected(TypeDef.Scalar.BINARY, v);
    }

    private static int enumValue(EnumDef e, Object v) {
        if (v instanceof String name) {
            Integer n = e.valueOf(name);
            if (n == null) {
                throw new ValueException("'" + name + "' is not a member of enum " + e.idlName() + " ("
                        + String.join(", ", e.members().keySet()) + ")");
            }
            return n;
        }
        if (v instanceof Number) {
            int n = (int) integral(TypeDef.Scalar.I32, v, Integer.MIN_VALUE, Integer.MAX_VALUE);
            if (e.nameOf(n) == null) {
                throw new ValueException(n + " is not a value of enum " + e.idlName());
            }
            return n;
        }
        throw ValueException.expected(e, v);
    }

}
