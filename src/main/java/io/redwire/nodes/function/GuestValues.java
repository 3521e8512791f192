package io.redwire.nodes.function;

import io.redwire.js.Undefined;
import io.redwire.msg.ErrorValue;
import io.redwire.msg.Json;
import io.redwire.msg.SharedRef;

import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Converts between message values (Map, List, String, Number, Boolean, null, byte[], Date, ErrorValue) and the JavaScript
 * values of one context, and keeps track of the live roots (see {@link GuestRoot}) holding JS values.
 * Not thread-safe: used on the context's thread only.
 */
final class GuestValues {
    /** toJava result for values with no message form (undefined, functions, symbols): the key is left out. */
    static final Object SKIP = new Object();
    private static final long MAX_SAFE_INTEGER = 1L << 53;
    /**
     * From this many values on, a plain-JSON subtree goes to JavaScript as JSON text (Jackson here, one JSON.parse
     * inside GraalJS) instead of one host call per value.
     */
    private static final int JSON_MIN_VALUES = 64;

    private final Value newObject;
    private final Value newArray;
    private final Value newDate;
    private final Value newBuffer;
    private final Value newRegExp;
    private final Value undefined;
    private final Value parse;
    private final Value newError;
    private final Value errorParts;
    private final Set<GuestRoot<?>> dirty = new LinkedHashSet<>();
    /**
     * The JS object made from each message container during the current call into JavaScript: a container reached
     * twice (msg.payload and msg.copy after a change node's set, a cycle) is one JS object, as it is in Node-RED.
     */
    private IdentityHashMap<Object, Value> converted;

    GuestValues(Value helpers) {
        this.newObject = helpers.getMember("object");
        this.newArray = helpers.getMember("array");
        this.newDate = helpers.getMember("date");
        this.newBuffer = helpers.getMember("buffer");
        this.newRegExp = helpers.getMember("regexp");
        this.undefined = helpers.getMember("undefined");
        this.parse = helpers.getMember("parse");
        this.newError = helpers.getMember("error");
        this.errorParts = helpers.getMember("errorParts");
    }

    Value undefined() {
        return undefined;
    }

    /** Values that become native JS objects when read (and are stored back as such). */
    static boolean isContainer(Object v) {
        return (v instanceof Map || v instanceof List || v instanceof byte[] || v instanceof Date
                || v instanceof Pattern) && !(v instanceof SharedRef);
    }

    // ---- Java -> JS -------------------------------------------------------------------------------------------

    /** The input msg: live, keeping JS values until it is sent or the body settles. */
    MapRoot inputRoot(Map<String, Object> msg) {
        MapRoot root = new MapRoot(this, msg);
        root.held = true;
        return root;
    }

    /** A value handed out by reference (context get): maps and lists stay live, as Node-RED's memory store does. */
    @SuppressWarnings("unchecked")
    Object toGuestLive(Object v) {
        if (v instanceof Map<?, ?> m) {
            return new MapRoot(this, (Map<String, Object>) m);
        }
        if (v instanceof List<?> l) {
            return new ListRoot(this, (List<Object>) l);
        }
        return toGuest(v);
    }

    /** A message value as JavaScript sees it; containers become native JS copies. */
    Object toGuest(Object v) {
        if (v == null || v instanceof String || v instanceof Boolean || v instanceof Integer || v instanceof Double
                || v instanceof Long || v instanceof Value) {
            return v;
        }
        if (v == Undefined.VALUE) {
            return undefined;
        }
        if (v instanceof SharedRef) {
            return v instanceof Map<?, ?> ? toGuestLive(v) : new HostRef(v);
        }
        if (isContainer(v)) {
            return toNative(v);
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof Character c) {
            return String.valueOf(c);
        }
        if (v instanceof ErrorValue e) {
            return toNativeError(e);
        }
        return new HostRef(v);
    }

    /** An Error again, of its standard class where it has one, with its stack, cause and own properties. */
    private Value toNativeError(ErrorValue e) {
        Value props = newObject.execute();
        e.properties().forEach((k, v) -> props.putMember(k, toGuest(v)));
        return newError.execute(e.name(), e.message(), e.stack(), e.cause() == null ? undefined : toGuest(e.cause()),
                props);
    }

    Value toNative(Object v) {
        if (converted == null) {
            converted = new IdentityHashMap<>();
        }
        Value done = converted.get(v);
        if (done != null) {
            return done;
        }
        if ((v instanceof Map || v instanceof List) && JsonShape.plainValues(v) >= JSON_MIN_VALUES) {
            Value parsed = parse.execute(Json.stringify(v));
            converted.put(v, parsed);
            return parsed;
        }
        return toNative(v, converted);
    }

    /** Called as each call into JavaScript starts and ends: the message values may change in between. */
    void forgetConversions() {
        converted = null;
    }

    private Value toNative(Object v, IdentityHashMap<Object, Value> seen) {
        Value done = seen.get(v);
        if (done != null) {
            return done;
        }
        if (v instanceof Map<?, ?> m) {
            Value o = newObject.execute();
            seen.put(v, o);
            for (Map.Entry<?, ?> e : m.entrySet()) {
                o.putMember(String.valueOf(e.getKey()), nested(e.getValue(), seen));
            }
            return o;
        }
        if (v instanceof List<?> l) {
            Value a = newArray.execute();
            seen.put(v, a);
            for (int i = 0; i < l.size(); i++) {
                a.setArrayElement(i, nested(l.get(i), seen));
            }
            return a;
        }
        if (v instanceof byte[] b) {
            return newBuffer.execute(ByteBuffer.wrap(b));
        }
        if (v instanceof Date d) {
            return newDate.execute(d.getTime());
        }
        Pattern p = (Pattern) v;
        try {
            return newRegExp.execute(p.pattern());
        } catch (PolyglotException e) {
            return newObject.execute(); // a Java-only pattern syntax: an object, as JSON would show it
        }
    }

    private Object nested(Object v, IdentityHashMap<Object, Value> seen) {
        return isContainer(v) ? toNative(v, seen) : toGuest(v);
    }

    // ---- JS -> Java -------------------------------------------------------------------------------------------

    /**
     * What a live root stores for a JS assignment: primitives as message values, our own proxies unwrapped, and
     * JS objects as they are (converted when the root is materialized).
     */
    Object toStored(Value v) {
        Object primitive = v.as(Object.class); // one host call for the common primitive assignments
        if (primitive == null) {
            return isUndefined(v) ? Undefined.VALUE : null;
        }
        Object scalar = scalar(v, primitive);
        if (scalar != null) {
            return scalar;
        }
        if (v.isProxyObject()) {
            return unwrap(v.asProxyObject(), false);
        }
        return v;
    }

    /** A JS string, boolean or number ({@code v} as {@code primitive}) as a message value; null for anything else. */
    private Object scalar(Value v, Object primitive) {
        if (primitive instanceof String || primitive instanceof Boolean || primitive instanceof Integer
                || primitive instanceof Double) {
            return primitive;
        }
        return primitive instanceof Number ? number(v) : null;
    }

    /** A JS value as a message value (a deep copy when {@code copy}); {@link #SKIP} when it has no message form. */
    Object toJava(Value v, boolean copy) {
        return toJava(v, copy, null);
    }

    /** Like {@link #toJava(Value, boolean)}, with null for values that have no message form. */
    Object toMessageValue(Value v, boolean copy) {
        Object j = toJava(v, copy, null);
        return j == SKIP ? null : j;
    }

    private Object toJava(Value v, boolean copy, Map<Value, Object> seen) {
        if (v.isProxyObject()) {
            return unwrap(v.asProxyObject(), copy);
        }
        Object primitive = v.as(Object.class);
        if (primitive == null) {
            return isUndefined(v) ? SKIP : null;
        }
        Object scalar = scalar(v, primitive);
        if (scalar != null) {
            return scalar;
        }
        if (v.isHostObject()) {
            return SKIP;
        }
        if (v.isDate()) {
            return v.isInstant() ? Date.from(v.asInstant()) : null; // an invalid Date serialises as null
        }
        if (v.canExecute()) {
            return SKIP;
        }
        if (seen == null) {
            seen = new HashMap<>();
        }
        Object prior = seen.get(v);
        if (prior != null) {
            return prior;
        }
        if (v.isException()) {
            seen.put(v, SKIP); // a property referring back to the Error is left out
            ErrorValue e = errorValue(v, copy, seen);
            seen.put(v, e);
            return e;
        }
        if (v.hasArrayElements()) {
            if (v.hasMember("buffer")) {
                return bytes(v);
            }
            long n = v.getArraySize();
            List<Object> list = new ArrayList<>((int) n);
            seen.put(v, list);
            for (long i = 0; i < n; i++) {
                Object e = toJava(v.getArrayElement(i), copy, seen);
                list.add(e == SKIP ? null : e);
            }
            return list;
        }
        if (v.hasMembers()) {
            Map<String, Object> map = new LinkedHashMap<>();
            seen.put(v, map);
            for (String k : v.getMemberKeys()) {
                Object e = toJava(v.getMember(k), copy, seen);
                if (e != SKIP) {
                    map.put(k, e);
                }
            }
            return map;
        }
        return SKIP;
    }

    /** A JS Error as the message value Node-RED's sidebar and JSON.stringify read it as. */
    private ErrorValue errorValue(Value error, boolean copy, Map<Value, Object> seen) {
        Value parts = errorParts.execute(error); // [name, message, stack, code, cause]
        Map<String, Object> props = new LinkedHashMap<>();
        for (String k : error.getMemberKeys()) {
            Object e = toJava(error.getMember(k), copy, seen);
            if (e != SKIP) {
                props.put(k, e);
            }
        }
        Object code = toJava(parts.getArrayElement(3), copy, seen);
        Object cause = toJava(parts.getArrayElement(4), copy, seen);
        Value stack = parts.getArrayElement(2);
        return new ErrorValue(parts.getArrayElement(0).asString(), parts.getArrayElement(1).asString(),
                code == SKIP ? null : code, cause == SKIP ? null : cause, stack.isNull() ? null : stack.asString(),
                props);
    }

    private Object unwrap(Object proxy, boolean copy) {
        if (proxy instanceof GuestRoot<?> r) {
            return copy ? r.copy() : r.materialize();
        }
        if (proxy instanceof HostRef ref) {
            return ref.target();
        }
        return SKIP;
    }

    /** The bytes of a typed array (a Buffer), read in one go from its ArrayBuffer. */
    static byte[] bytes(Value typedArray) {
        return bytes(typedArray, 0, typedArray.getMember("byteLength").asInt());
    }

    /** Bytes [start, end) of a typed array. */
    static byte[] bytes(Value typedArray, int start, int end) {
        Value buffer = typedArray.getMember("buffer");
        long offset = typedArray.getMember("byteOffset").asLong();
        byte[] out = new byte[Math.max(0, end - start)];
        if (out.length > 0) {
            buffer.readBuffer(offset + start, out, 0, out.length);
        }
        return out;
    }

    /**
     * JS numbers as message numbers: whole values within the safe range as Integer/Long, others as Double; a BigInt
     * too large for a double keeps its digits as a BigInteger.
     */
    static Object number(Value v) {
        if (v.fitsInInt()) {
            return v.asInt();
        }
        if (v.fitsInLong()) {
            long l = v.asLong();
            if (l <= MAX_SAFE_INTEGER && l >= -MAX_SAFE_INTEGER) {
                return l;
            }
        }
        if (!v.fitsInDouble() && v.fitsInBigInteger()) {
            return v.asBigInteger();
        }
        return v.asDouble();
    }

    private static boolean isUndefined(Value nullish) {
        return !"null".equals(nullish.toString());
    }

    // ---- live roots -------------------------------------------------------------------------------------------

    void track(GuestRoot<?> root) {
        dirty.add(root);
    }

    /** After each call into JS: converts the JS values held by roots other than running invocations' msgs. */
    void releaseRoots() {
        forgetConversions();
        if (dirty.isEmpty()) {
            return;
        }
        // materializing one root may materialize others reachable from it; work on a snapshot
        List<GuestRoot<?>> snapshot = new ArrayList<>(dirty);
        dirty.clear();
        for (GuestRoot<?> r : snapshot) {
            if (r.held && r.isDirty()) {
                dirty.add(r);
            } else {
                r.materialize();
            }
        }
    }

    /** Before the context closes: nothing may keep JS values. */
    void releaseAll() {
        forgetConversions();
        List<GuestRoot<?>> snapshot = new ArrayList<>(dirty);
        dirty.clear();
        for (GuestRoot<?> r : snapshot) {
            r.held = false;
            r.materialize();
        }
    }
}
