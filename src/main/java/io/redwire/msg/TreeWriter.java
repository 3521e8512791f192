package io.redwire.msg;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectWriter;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Writes a message value's maps and lists through a generator with a stack of its own instead of recursion, so the
 * depth a value may have is the generator's nesting limit, not what is left of the calling thread's stack (Jackson's
 * serialisers recurse: about 750 levels fit the launcher's 512 kB stacks, where V8's JSON.stringify takes over
 * 4 000). A cycle simply runs into that limit. Everything else is written by the mapper's own serialisers.
 */
final class TreeWriter {
    private TreeWriter() {
    }

    /** @param leaves writes what is neither map nor list (without flushing after each value) */
    static void write(ObjectWriter leaves, JsonGenerator g, Object root) throws IOException {
        ArrayDeque<Open> open = new ArrayDeque<>();
        Object next = root;
        while (true) {
            if (next instanceof ErrorValue e) {
                next = e.properties(); // JSON.stringify writes an Error's own enumerable properties only
            }
            if (next instanceof Map<?, ?> m && !(next instanceof SharedRef)) {
                g.writeStartObject();
                open.push(new Open(m.entrySet().iterator(), true));
            } else if (next instanceof List<?> l) {
                g.writeStartArray();
                open.push(new Open(l.iterator(), false));
            } else {
                writeLeaf(leaves, g, next);
            }
            Open top = open.peek();
            while (top != null && !top.items.hasNext()) {
                if (top.object) {
                    g.writeEndObject();
                } else {
                    g.writeEndArray();
                }
                open.pop();
                top = open.peek();
            }
            if (top == null) {
                return;
            }
            if (top.object) {
                Map.Entry<?, ?> e = (Map.Entry<?, ?>) top.items.next();
                g.writeFieldName(String.valueOf(e.getKey()));
                next = e.getValue();
            } else {
                next = top.items.next();
            }
        }
    }

    /** A map or list being written: its entries or elements still to come. */
    private record Open(Iterator<?> items, boolean object) {
    }

    private static void writeLeaf(ObjectWriter leaves, JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Integer i) {
            g.writeNumber(i);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Double d) {
            Json.writeNumber(d, g);
        } else {
            leaves.writeValue(g, v); // bytes, dates, longs, ... through the mapper's module
        }
    }
}
