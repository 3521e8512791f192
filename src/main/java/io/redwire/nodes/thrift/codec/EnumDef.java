package io.redwire.nodes.thrift.codec;

import org.apache.thrift.protocol.TType;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** An IDL enum. Values travel as i32 and appear in messages as member names. */
public final class EnumDef implements TypeDef {
    private final String name;
    private final Map<String, Integer> byName;
    private final Map<Integer, String> byValue = new LinkedHashMap<>();

    EnumDef(String name, Map<String, Integer> members) {
        this.name = name;
        this.byName = Collections.unmodifiableMap(new LinkedHashMap<>(members));
        members.forEach((member, value) -> byValue.putIfAbsent(value, member));
    }

    @Override
    public byte ttype() {
        return TType.I32;
    }

    @Override
    public String idlName() {
        return name;
    }

    /** The member's number, or null when the enum has no such member. */
    public Integer valueOf(String member) {
        return byName.get(member);
    }

    /** The member's name, or null for a number the IDL does not declare. */
    public String nameOf(int value) {
        return byValue.get(value);
    }

    public Map<String, Integer> members() {
        return byName;
    }
}
