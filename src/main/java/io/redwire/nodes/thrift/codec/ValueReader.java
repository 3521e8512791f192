package io.redwire.nodes.thrift.codec;

import io.redwire.msg.Messages;

import org.apache.thrift.TException;
import org.apache.thrift.protocol.TList;
import org.apache.thrift.protocol.TMap;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolException;
import org.apache.thrift.protocol.TProtocolUtil;
import org.apache.thrift.protocol.TSet;
import org.apache.thrift.protocol.TType;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads message values by a {@link ThriftModel} from any libthrift TProtocol, with no generated classes:
 * bool → Boolean, byte/i16/i32 → Integer, i64 → Long, double → Double, string → String, binary → byte[],
 * enum → member name, list/set → List, map → object keyed by {@link MapKeys}, struct/union/exception → object
 * keyed by field name.
 */
public final class ValueReader {
    static final int MAX_DEPTH = 64;

    private ValueReader() {
    }

    /**
     * Reads a struct. Fields whose wire type does not match the IDL are skipped and recorded in problems; unknown
     * fields are skipped; absent fields with an IDL default get it.
     */
    public static Map<String, Object> readStruct(TProtocol in, StructDef s, ReadProblems problems)
            throws TException {
        return readStruct(in, s, problems, 0);
    }

    private static Map<String, Object> readStruct(TProtocol in, StructDef s, ReadProblems problems, int depth)
            throws TException {
        if (depth > MAX_DEPTH) {
            throw new TProtocolException(TProtocolException.DEPTH_LIMIT, "values nested deeper than " + MAX_DEPTH);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        in.readStructBegin();
        while (true) {
            org.apache.thrift.protocol.TField header = in.readFieldBegin();
            if (header.type == TType.STOP) {
                break;
            }
            FieldDef f = s.field(header.id);
            if (f == null) {
                TProtocolUtil.skip(in, header.type);
            } else if (f.type().ttype() != header.type) {
                problems.add(s.idlName() + "." + f.name() + ": expected " + f.type().idlName() + ", got "
                        + TypeDef.wireName(header.type));
                TProtocolUtil.skip(in, header.type);
            } else {
                out.put(f.name(), read(in, f.type(), problems, depth + 1, s.idlName() + "." + f.name()));
            }
            in.readFieldEnd();
        }
        in.readStructEnd();
        for (FieldDef f : s.fieldArray()) {
            if (!out.containsKey(f.name())) {
                if (f.defaultValue() != null) {
                    out.put(f.name(), Messages.deepCopy(f.defaultValue()));
                } else if (f.required()) {
                    problems.add(s.idlName() + "." + f.name() + ": required field is missing");
                }
            }
        }
        return out;
    }

    private static Object read(TProtocol in, TypeDef t, ReadProblems problems, int depth, String where)
            throws TException {
        if (t instanceof TypeDef.Scalar s) {
            return switch (s) {
                case BOOL -> in.readBool();
                case BYTE -> (int) in.readByte();
                case I16 -> (int) in.readI16();
                case I32 -> in.readI32();
                case I64 -> in.readI64();
                case DOUBLE -> in.readDouble();
                case STRING -> in.readString();
                case BINARY -> bytes(in.readBinary());
            };
        }
        if (t instanceof EnumDef e) {
            int v = in.readI32();
            String name = e.nameOf(v);
            return name != null ? name : v; // a newer peer's member: keep the number rather than fail
        }
        if (t instanceof StructDef s) {
            return readStruct(in, s, problems, depth);
        }
        if (t instanceof TypeDef.ListOf l) {
            TList h = in.readListBegin();
            List<Object> out = readElements(in, l.element(), h.elemType, h.size, problems, depth, where);
            in.readListEnd();
            return out;
        }
        if (t instanceof TypeDef.SetOf st) {
            TSet h = in.readSetBegin();
            List<Object> out = readElements(in, st.element(), h.elemType, h.size, problems, depth, where);
            in.readSetEnd();
            return out;
        }
        TypeDef.MapOf m = (TypeDef.MapOf) t;
        TMap h = in.readMapBegin();
        Map<String, Object> out = new LinkedHashMap<>();
        // an empty map may carry no element types at all (compact protocol)
        if (h.size > 0 && (h.keyType != m.key().ttype() || h.valueType != m.value().ttype())) {
            problems.add(where + ": expected " + m.idlName() + ", got map<" + TypeDef.wireName(h.keyType) + ","
                    + TypeDef.wireName(h.valueType) + ">");
            for (int i = 0; i < h.size; i++) {
                TProtocolUtil.skip(in, h.keyType);
                TProtocolUtil.skip(in, h.valueType);
            }
        } else {
            for (int i = 0; i < h.size; i++) {
                String key = MapKeys.toKey(read(in, m.key(), problems, depth + 1, where));
                out.put(key, read(in, m.value(), problems, depth + 1, where + "[" + key + "]"));
            }
        }
        in.readMapEnd();
        return out;
    }

    private static List<Object> readElements(TProtocol in, TypeDef element, byte wireType, int size,
                                             ReadProblems problems, int depth, String where) throws TException {
        List<Object> out = new ArrayList<>(Math.min(size, 1024));
        if (size > 0 && wireType != element.ttype()) {
            problems.add(where + ": expected elements of type " + element.idlName() + ", got "
                    + TypeDef.wireName(wireType));
            for (int i = 0; i < size; i++) {
                TProtocolUtil.skip(in, wireType);
            }
            return out;
        }
        for (int i = 0; i < size; i++) {
            out.add(read(in, element, problems, depth + 1, where));
        }
        return out;
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

}
