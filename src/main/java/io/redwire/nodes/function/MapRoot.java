package io.redwire.nodes.function;

import io.redwire.js.Undefined;
import io.redwire.msg.Messages;
import io.redwire.msg.SharedRef;

import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.graalvm.polyglot.proxy.ProxyObject;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/** A Java map seen by JavaScript as an object (see {@link GuestRoot}). */
final class MapRoot extends GuestRoot<Map<String, Object>> implements ProxyObject {
    MapRoot(GuestValues values, Map<String, Object> map) {
        super(values, map);
    }

    @Override
    public Object getMember(String key) {
        Object v = target.get(key);
        if (v == null) {
            return target.containsKey(key) ? null : values.undefined();
        }
        return toGuest(v, guest -> target.put(key, guest));
    }

    @Override
    public Object getMemberKeys() {
        return ProxyArray.fromArray(target.keySet().toArray());
    }

    @Override
    public boolean hasMember(String key) {
        return target.containsKey(key);
    }

    @Override
    public void putMember(String key, Value value) {
        Object stored = values.toStored(value);
        if (stored instanceof Value || stored == Undefined.VALUE) {
            markDirty();
        }
        target.put(key, stored);
    }

    @Override
    public boolean removeMember(String key) {
        if (!target.containsKey(key)) {
            return false;
        }
        target.remove(key);
        return true;
    }

    @Override
    void convertStored() {
        for (Iterator<Map.Entry<String, Object>> it = target.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Object> e = it.next();
            if (e.getValue() instanceof Value v) {
                Object j = values.toJava(v, false);
                if (j == GuestValues.SKIP) {
                    it.remove();
                } else {
                    e.setValue(j);
                }
            } else if (e.getValue() == Undefined.VALUE) {
                it.remove();
            }
        }
    }

    @Override
    Object copy() {
        if (target instanceof SharedRef) {
            return materialize();
        }
        Map<String, Object> out = new LinkedHashMap<>(Math.max(4, target.size() * 2));
        target.forEach((k, v) -> {
            Object c = v instanceof Value g ? values.toJava(g, true) : Messages.deepCopy(v);
            if (c != GuestValues.SKIP && c != Undefined.VALUE) {
                out.put(k, c);
            }
        });
        return out;
    }
}
