package io.redwire.nodes.thrift.codec;

import java.util.List;

/**
 * A service method: its arguments and result as the structs they travel in. The result struct holds `success`
 * (id 0, absent for void methods) and one field per declared exception.
 */
public record MethodDef(String service, String name, boolean oneway, TypeDef returnType, StructDef args,
                        StructDef result) {

    /** The declared exceptions, as fields of the result struct. */
    public List<FieldDef> exceptions() {
        return result.fields().stream().filter(f -> f.id() != 0 || returnType == null).toList();
    }

    public boolean returnsVoid() {
        return returnType == null;
    }

    /** The result field for a declared exception named by its type (e.g. "InvalidOperation") or field, or null. */
    public FieldDef exception(String typeOrField) {
        for (FieldDef f : exceptions()) {
            if (f.type().idlName().equals(typeOrField) || f.name().equals(typeOrField)) {
                return f;
            }
        }
        return null;
    }

    public String qualifiedName() {
        return service + "." + name;
    }
}
