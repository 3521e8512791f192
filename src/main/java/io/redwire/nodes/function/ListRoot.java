package io.redwire.nodes.function;

import io.redwire.js.Undefined;
import io.redwire.msg.Messages;

import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;

import java.util.ArrayList;
import java.util.List;

/** A Java list (a context value) seen by JavaScript as an array (see {@link GuestRoot}). */
final class ListRoot extends GuestRoot<List<Object>> implements ProxyArray {
    ListRoot(GuestValues values, List<Object> list) {
        super(values, list);
    }

    @Override
    public Object get(long index) {
        if (index < 0 || index >= target.size()) {
            return values.undefined();
        }
        return toGuest(target.get((int) index), guest -> target.set((int) index, guest));
    }

    @Override
    public void set(long index, Value value) {
        Object stored = values.toStored(value);
        if (stored instanceof Value || stored == Undefined.VALUE) {
            markDirty();
        }
        int i = (int) index;
        while (target.size() <= i) {
            target.add(null); // JS arrays grow on assignment (push)
        }
        target.set(i, stored);
    }

    @Override
    public boolean remove(long index) {
        if (index < 0 || index >= target.size()) {
            return false;
        }
        target.remove((int) index);
        return true;
    }

    @Override
    public long getSize() {
        return target.size();
    }

    @Override
    void convertStored() {
        for (int i = 0; i < target.size(); i++) {
            Object v = target.get(i);
            if (v instanceof Value g) {
                Object j = values.toJava(g, false);
                target.set(i, j == GuestValues.SKIP ? null : j);
            } else if (v == Undefined.VALUE) {
                target.set(i, null);
            }
        }
    }

    @Override
    Object copy() {
        List<Object> out = new ArrayList<>(target.size());
        for (Object v : target) {
            Object c = v instanceof Value g ? values.toJava(g, true) : Messages.deepCopy(v);
            out.add(c == GuestValues.SKIP || c == Undefined.VALUE ? null : c);
        }
        return out;
    }
}
