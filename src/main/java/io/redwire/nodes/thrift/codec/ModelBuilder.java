package io.redwire.nodes.thrift.codec;

import com.microsoft.thrifty.schema.BuiltinType;
import com.microsoft.thrifty.schema.Constant;
import com.microsoft.thrifty.schema.EnumMember;
import com.microsoft.thrifty.schema.EnumType;
import com.microsoft.thrifty.schema.Field;
import com.microsoft.thrifty.schema.ListType;
import com.microsoft.thrifty.schema.MapType;
import com.microsoft.thrifty.schema.Schema;
import com.microsoft.thrifty.schema.ServiceMethod;
import com.microsoft.thrifty.schema.ServiceType;
import com.microsoft.thrifty.schema.SetType;
import com.microsoft.thrifty.schema.StructType;
import com.microsoft.thrifty.schema.ThriftType;
import com.microsoft.thrifty.schema.parser.ConstValueElement;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Converts thrifty's resolved schema into the codec's own compact model, once per IDL. */
final class ModelBuilder {
    private final Map<String, StructDef> structs = new HashMap<>();
    private final Map<String, EnumDef> enums = new HashMap<>();
    private final Map<String, ServiceDef> servicesByKey = new HashMap<>();
    private final Deque<Runnable> pendingDefaults = new ArrayDeque<>();
    private final ConstantResolver constants;

    private ModelBuilder(Schema schema) {
        this.constants = new ConstantResolver(schema.getConstants(), this::type);
    }

    /** The model of a schema; services of the main program are found by their simple name first. */
    static ThriftModel build(Schema schema, String mainProgram) {
        ModelBuilder b = new ModelBuilder(schema);
        List<ServiceType> ordered = new ArrayList<>();
        schema.getServices().stream().filter(s -> mainProgram.equals(program(s))).forEach(ordered::add);
        schema.getServices().stream().filter(s -> !mainProgram.equals(program(s))).forEach(ordered::add);
        Map<String, ServiceDef> services = new LinkedHashMap<>();
        for (ServiceType s : ordered) {
            ServiceDef def = b.service(s);
            services.putIfAbsent(s.getName(), def);
            services.put(program(s) + "." + s.getName(), def);
        }
        Map<String, Object> consts = new LinkedHashMap<>();
        for (Constant c : schema.getConstants()) {
            Object v = b.constants.constant(c);
            consts.putIfAbsent(c.getName(), v);
            consts.put(c.getLocation().getProgramName() + "." + c.getName(), v);
        }
        b.resolveDefaults();
        return new ThriftModel(services, consts);
    }

    private static String program(com.microsoft.thrifty.schema.UserElement e) {
        return e.getLocation().getProgramName();
    }

    private ServiceDef service(ServiceType s) {
        String key = program(s) + "." + s.getName();
        ServiceDef done = servicesByKey.get(key);
        if (done != null) {
            return done;
        }
        Map<String, MethodDef> methods = new LinkedHashMap<>();
        if (s.getExtendsService() instanceof ServiceType parent) {
            methods.putAll(service(parent).methods());
        }
        for (ServiceMethod m : s.getMethods()) {
            methods.put(m.getName(), method(s.getName(), m));
        }
        ServiceDef def = new ServiceDef(s.getName(), methods);
        servicesByKey.put(key, def);
        return def;
    }

    private MethodDef method(String service, ServiceMethod m) {
        ThriftType ret = m.getReturnType().getTrueType();
        TypeDef returnType = isVoid(ret) ? null : type(ret);
        StructDef args = new StructDef(m.getName() + "_args", StructDef.Kind.ARGS);
        fill(args, m.getArgsStruct());
        StructDef result = new StructDef(m.getName() + "_result", StructDef.Kind.RESULT);
        fill(result, m.getResultStruct());
        return new MethodDef(service, m.getName(), m.getOneWay(), returnType, args, result);
    }

    private static boolean isVoid(ThriftType t) {
        return t instanceof BuiltinType b && "void".equals(b.getName());
    }

    TypeDef type(ThriftType declared) {
        ThriftType t = declared.getTrueType();
        if (t instanceof BuiltinType b) {
            return switch (b.getName()) {
                case "bool" -> TypeDef.Scalar.BOOL;
                case "byte", "i8" -> TypeDef.Scalar.BYTE;
                case "i16" -> TypeDef.Scalar.I16;
                case "i32" -> TypeDef.Scalar.I32;
                case "i64" -> TypeDef.Scalar.I64;
                case "double" -> TypeDef.Scalar.DOUBLE;
                case "string" -> TypeDef.Scalar.STRING;
                case "binary" -> TypeDef.Scalar.BINARY;
                default -> throw new IllegalStateException("a value cannot have type " + b.getName());
            };
        }
        if (t instanceof EnumType e) {
            return enums.computeIfAbsent(program(e) + "." + e.getName(), k -> {
                Map<String, Integer> members = new LinkedHashMap<>();
                for (EnumMember m : e.getMembers()) {
                    members.put(m.getName(), m.getValue());
                }
                return new EnumDef(e.getName(), members);
            });
        }
        if (t instanceof ListType l) {
            return new TypeDef.ListOf(type(l.getElementType()));
        }
        if (t instanceof SetType s) {
            return new TypeDef.SetOf(type(s.getElementType()));
        }
        if (t instanceof MapType m) {
            return new TypeDef.MapOf(type(m.getKeyType()), type(m.getValueType()));
        }
        if (t instanceof StructType s) {
            String key = program(s) + "." + s.getName();
            StructDef def = structs.get(key);
            if (def == null) {
                StructDef.Kind kind = s.isUnion() ? StructDef.Kind.UNION
                        : s.isException() ? StructDef.Kind.EXCEPTION : StructDef.Kind.STRUCT;
                def = new StructDef(s.getName(), kind);
                structs.put(key, def); // before its fields: they may refer back to it
                fill(def, s);
            }
            return def;
        }
        throw new IllegalStateException("unsupported type " + t.getName());
    }

    private void fill(StructDef def, StructType source) {
        List<FieldDef> fields = new ArrayList<>();
        boolean user = def.kind() != StructDef.Kind.ARGS && def.kind() != StructDef.Kind.RESULT;
        for (Field f : source.getFields()) {
            // thrifty marks argument fields required; Thrift itself treats them as default-requiredness
            FieldDef fd = new FieldDef((short) f.getId(), f.getName(), type(f.getType()), user && f.getRequired());
            fields.add(fd);
            ConstValueElement dflt = f.getDefaultValue();
            if (dflt != null) {
                pendingDefaults.add(() -> fd.defaultValue(constants.value(dflt, fd.type())));
            }
        }
        def.fields(fields);
    }

    private void resolveDefaults() {
        while (!pendingDefaults.isEmpty()) {
            pendingDefaults.poll().run();
        }
    }
}
