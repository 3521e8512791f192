package io.redwire.nodes.thrift.codec;

import io.redwire.msg.Messages;

import com.microsoft.thrifty.schema.Constant;
import com.microsoft.thrifty.schema.parser.ConstValueElement;
import com.microsoft.thrifty.schema.parser.DoubleValueElement;
import com.microsoft.thrifty.schema.parser.IdentifierValueElement;
import com.microsoft.thrifty.schema.parser.IntValueElement;
import com.microsoft.thrifty.schema.parser.ListValueElement;
import com.microsoft.thrifty.schema.parser.LiteralValueElement;
import com.microsoft.thrifty.schema.parser.MapValueElement;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Turns IDL constant values (defaults and `const` declarations) into message values of a given type: enum members
 * become names, i64 becomes Long, binary becomes byte[], struct literals become maps, and identifiers refer to
 * constants or enum members.
 */
final class ConstantResolver {
    private final Map<String, Constant> byName = new HashMap<>();
    private final Function<com.microsoft.thrifty.schema.ThriftType, TypeDef> types;
    private final Map<Constant, Object> resolved = new HashMap<>();
    private final Set<Constant> resolving = new HashSet<>();

    ConstantResolver(List<Constant> constants, Function<com.microsoft.thrifty.schema.ThriftType, TypeDef> types) {
        this.types = types;
        for (Constant c : constants) {
            byName.putIfAbsent(c.getName(), c);
            byName.put(c.getLocation().getProgramName() + "." + c.getName(), c);
        }
    }

    /** The constant's value; later uses get their own copy. */
    Object constant(Constant c) {
        Object v = resolved.get(c);
        if (v == null) {
            if (!resolving.add(c)) {
                throw new IdlProblem(c.getLocation(), "constant " + c.getName() + " refers to itself");
            }
            v = value(c.getValue(), types.apply(c.getType()));
            resolving.remove(c);
            resolved.put(c, v);
        }
        return Messages.deepCopy(v);
    }

    Object value(ConstValueElement e, TypeDef type) {
        if (e instanceof IdentifierValueElement id) {
            return identifier(id, type);
        }
        if (type instanceof TypeDef.Scalar s) {
            return scalar(e, s);
        }
        if (type instanceof EnumDef en && e instanceof IntValueElement i) {
            String member = en.nameOf((int) i.getValue());
            if (member == null) {
                throw mismatch(e, type);
            }
            return member;
        }
        if (type instanceof TypeDef.ListOf l && e instanceof ListValueElement list) {
            return elements(list, l.element());
        }
        if (type instanceof TypeDef.SetOf s && e instanceof ListValueElement list) {
            return elements(list, s.element());
        }
        if (type instanceof TypeDef.MapOf m && e instanceof MapValueElement map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.getValue().forEach((k, v) -> out.put(MapKeys.toKey(value(k, m.key())), value(v, m.value())));
            return out;
        }
        if (type instanceof StructDef s && e instanceof MapValueElement map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.getValue().forEach((k, v) -> {
                FieldDef f = k instanceof LiteralValueElement name ? s.field(name.getValue()) : null;
                if (f == null) {
                    throw new IdlProblem(k.getLocation(), s.idlName() + " has no field " + k.getThriftText());
                }
                out.put(f.name(), value(v, f.type()));
            });
            return out;
        }
        throw mismatch(e, type);
    }

    private List<Object> elements(ListValueElement list, TypeDef element) {
        List<Object> out = new ArrayList<>();
        for (ConstValueElement v : list.getValue()) {
            out.add(value(v, element));
        }
        return out;
    }

    private Object scalar(ConstValueElement e, TypeDef.Scalar s) {
        if (e instanceof IntValueElement i) {
            long v = i.getValue();
            switch (s) {
                case BOOL:
                    return v != 0;
                case BYTE:
                    return (int) ValueWriter.checkRange(v, Byte.MIN_VALUE, Byte.MAX_VALUE, s);
                case I16:
                    return (int) ValueWriter.checkRange(v, Short.MIN_VALUE, Short.MAX_VALUE, s);
                case I32:
                    return (int) ValueWriter.checkRange(v, Integer.MIN_VALUE, Integer.MAX_VALUE, s);
                case I64:
                    return v;
                case DOUBLE:
                    return (double) v;
                default:
                    throw mismatch(e, s);
            }
        }
        if (e instanceof DoubleValueElement d && s == TypeDef.Scalar.DOUBLE) {
            return d.getValue();
        }
        if (e instanceof LiteralValueElement l && (s == TypeDef.Scalar.STRING || s == TypeDef.Scalar.BINARY)) {
            return s == TypeDef.Scalar.STRING ? l.getValue() : l.getValue().getBytes(StandardCharsets.UTF_8);
        }
        throw mismatch(e, s);
    }

    private Object identifier(IdentifierValueElement id, TypeDef type) {
        String ref = id.getValue();
        if (type == TypeDef.Scalar.BOOL && ("true".equals(ref) || "false".equals(ref))) {
            return Boolean.parseBoolean(ref);
        }
        if (type instanceof EnumDef en) {
            String member = ref.substring(ref.lastIndexOf('.') + 1);
            if (en.valueOf(member) != null && !byName.containsKey(ref)) {
                return member;
            }
        }
        Constant c = byName.get(ref);
        if (c == null) {
            throw new IdlProblem(id.getLocation(), "unknown constant or enum member '" + ref + "'");
        }
        return constant(c);
    }

    private static IdlProblem mismatch(ConstValueElement e, TypeDef type) {
        return new IdlProblem(e.getLocation(), "value " + e.getThriftText() + " is not a " + type.idlName());
    }
}
