package io.redwire.nodes.thrift.codec;

import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;

import java.util.List;

/** A struct, union or exception; also a method's argument list and result, which travel as structs. */
public final class StructDef implements TypeDef {
    public enum Kind { STRUCT, UNION, EXCEPTION, ARGS, RESULT }

    private final String name;
    private final Kind kind;
    private final TStruct wireHeader;
    private FieldDef[] fields = new FieldDef[0];

    StructDef(String name, Kind kind) {
        this.name = name;
        this.kind = kind;
        this.wireHeader = new TStruct(name);
    }

    @Override
    public byte ttype() {
        return TType.STRUCT;
    }

    @Override
    public String idlName() {
        return name;
    }

    public Kind kind() {
        return kind;
    }

    public List<FieldDef> fields() {
        return List.of(fields);
    }

    /** The field with this id, or null (unknown fields are skipped when read). */
    public FieldDef field(short id) {
        for (FieldDef f : fields) {
            if (f.id() == id) {
                return f;
            }
        }
        return null;
    }

    public FieldDef field(String fieldName) {
        for (FieldDef f : fields) {
            if (f.name().equals(fieldName)) {
                return f;
            }
        }
        return null;
    }

    FieldDef[] fieldArray() {
        return fields;
    }

    TStruct wireHeader() {
        return wireHeader;
    }

    // filled after construction so that recursive types can refer to themselves
    void fields(List<FieldDef> all) {
        this.fields = all.toArray(new FieldDef[0]);
    }
}
