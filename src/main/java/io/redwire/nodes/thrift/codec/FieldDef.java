package io.redwire.nodes.thrift.codec;

import org.apache.thrift.protocol.TField;

/** One field of a struct, union, exception, argument list or result. */
public final class FieldDef {
    private final short id;
    private final String name;
    private final TypeDef type;
    private final boolean required;
    private final TField wireHeader;
    private Object defaultValue;

    FieldDef(short id, String name, TypeDef type, boolean required) {
        this.id = id;
        this.name = name;
        this.type = type;
        this.required = required;
        this.wireHeader = new TField(name, type.ttype(), id);
    }

    public short id() {
        return id;
    }

    public String name() {
        return name;
    }

    public TypeDef type() {
        return type;
    }

    /** Declared `required`: must be present when written and when read. */
    public boolean required() {
        return required;
    }

    /** The IDL default (constants resolved), or null; shared, so copy before handing it out. */
    public Object defaultValue() {
        return defaultValue;
    }

    TField wireHeader() {
        return wireHeader;
    }

    // set after every type exists, because a default may be a constant of a struct type declared later
    void defaultValue(Object value) {
        this.defaultValue = value;
    }
}
