package io.redwire.nodes.thrift.codec;

import org.apache.thrift.protocol.TType;

import java.util.Locale;

/**
 * A resolved IDL type (typedefs already replaced by what they name), as the codec walks it. Built once per IDL by
 * {@link ModelBuilder}; immutable afterwards.
 */
public sealed interface TypeDef permits TypeDef.Scalar, TypeDef.ListOf, TypeDef.SetOf, TypeDef.MapOf, EnumDef,
        StructDef {

    /** The wire type (TType) values of this type travel as. */
    byte ttype();

    /** The type as the IDL spells it, for error messages. */
    String idlName();

    /** Base types, named as the IDL spells them in lower case. byte and i8 are the same type. */
    enum Scalar implements TypeDef {
        BOOL(TType.BOOL), BYTE(TType.BYTE), I16(TType.I16), I32(TType.I32), I64(TType.I64), DOUBLE(TType.DOUBLE),
        STRING(TType.STRING), BINARY(TType.STRING);

        private final byte ttype;

        Scalar(byte ttype) {
            this.ttype = ttype;
        }

        @Override
        public byte ttype() {
            return ttype;
        }

        @Override
        public String idlName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    record ListOf(TypeDef element) implements TypeDef {
        @Override
        public byte ttype() {
            return TType.LIST;
        }

        @Override
        public String idlName() {
            return "list<" + element.idlName() + ">";
        }
    }

    record SetOf(TypeDef element) implements TypeDef {
        @Override
        public byte ttype() {
            return TType.SET;
        }

        @Override
        public String idlName() {
            return "set<" + element.idlName() + ">";
        }
    }

    record MapOf(TypeDef key, TypeDef value) implements TypeDef {
        @Override
        public byte ttype() {
            return TType.MAP;
        }

        @Override
        public String idlName() {
            return "map<" + key.idlName() + "," + value.idlName() + ">";
        }
    }

    /** The IDL name of a wire type, for "expected X, got Y" messages. */
    static String wireName(byte ttype) {
        return switch (ttype) {
            case TType.BOOL -> "bool";
            case TType.BYTE -> "byte";
            case TType.I16 -> "i16";
            case TType.I32 -> "i32";
            case TType.I64 -> "i64";
            case TType.DOUBLE -> "double";
            case TType.STRING -> "string";
            case TType.STRUCT -> "struct";
            case TType.MAP -> "map";
            case TType.SET -> "set";
            case TType.LIST -> "list";
            case TType.ENUM -> "enum";
            default -> "wire type " + ttype;
        };
    }
}
