package io.redwire.nodes.function;

import io.redwire.msg.ContextScope;
import io.redwire.msg.ErrorValue;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;

import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.proxy.ProxyObject;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The `host` object the sandbox prelude receives: JavaScript-facing functions that decode their arguments and
 * call the {@link FunctionHost}. Functions that can fail on bad input return [error, value] so the prelude can
 * throw a proper JS Error.
 */
final class HostBridge implements ProxyObject {
    private final Map<String, ProxyExecutable> functions = new HashMap<>();
    private final FunctionHost host;
    private final Supplier<GuestValues> values;

    HostBridge(FunctionHost host, Supplier<GuestValues> values) {
        this.host = host;
        this.values = values;
        define("info", a -> info());
        define("encode", a -> ByteBuffer.wrap(BufferCodec.encode(a[0].asString(), a[1].asString())));
        define("byteLength", a -> BufferCodec.encode(a[0].asString(), a[1].asString()).length);
        define("decode", a -> BufferCodec.decode(GuestValues.bytes(a[0], a[2].asInt(), a[3].asInt()),
                a[1].asString()));
        define("log", a -> {
            host.log(a[0].asString(), values().toMessageValue(a[1], true));
            return null;
        });
        define("error", a -> {
            host.error(error(a[0]), messageArg(a[1]));
            return null;
        });
        define("status", a -> {
            host.status(values().toMessageValue(a[0], true));
            return null;
        });
        define("nonMessage", a -> {
            host.nonMessage(a[0].asString());
            return null;
        });
        define("send", a -> host.send(call(a[0]), ports(a[1], a[2].asBoolean())));
        define("returnedInput", a -> {
            Call call = call(a[0]);
            host.returned(call, call.root.materialize());
            return null;
        });
        define("returned", a -> {
            host.returned(call(a[0]), values().toMessageValue(a[1], false));
            return null;
        });
        define("done", a -> {
            host.done(call(a[0]), error(a[1]));
            return null;
        });
        define("settled", a -> {
            host.settled(call(a[0]), error(a[1]));
            return null;
        });
        define("initialized", a -> {
            host.initialized(error(a[0]));
            return null;
        });
        define("closed", a -> {
            host.closed();
            return null;
        });
        define("wakeTimers", a -> {
            host.wakeTimers(a[0].asLong());
            return null;
        });
        define("counter", a -> {
            host.counter(a[0].asInt(), text(a[1]), a[2].asLong());
            return null;
        });
        define("linkcall", a -> {
            Object msg = values().toMessageValue(a[2], a[4].asBoolean());
            return host.linkcall(a[0].asInt(), a[1].asString(), msg instanceof Map<?, ?> ? asMessage(msg) : null,
                    a[3].asLong());
        });
        define("contextGet", a -> attempt(() -> values().toGuestLive(context(a[0], a[2]).get(key(a[1])))));
        define("contextSet", a -> attempt(() -> {
            Object v = values().toStored(a[2]);
            context(a[0], a[3]).set(key(a[1]), v instanceof Value g ? values().toMessageValue(g, false) : v);
            return null;
        }));
        define("contextKeys", a -> attempt(() -> values().toGuest(context(a[0], a[1]).keys())));
        define("env", a -> {
            Object v = host.env(a[0].asString());
            return v == null ? values().undefined() : values().toGuest(v);
        });
        define("newId", a -> Messages.newId());
        define("evaluate", a -> attempt(() -> values().toGuest(
                host.evaluate(a[0].asString(), a[1].asString(), messageArg(a[2])))));
    }

    private void define(String name, ProxyExecutable fn) {
        functions.put(name, fn);
    }

    private GuestValues values() {
        return values.get();
    }

    private Object info() {
        Map<String, Object> info = host.info();
        Map<String, Object> members = new HashMap<>(info);
        if (info.get("libs") instanceof List<?> l) {
            members.put("libs", ProxyArray.fromList(new ArrayList<>(l)));
        }
        return ProxyObject.fromMap(members);
    }

    private ContextScope context(Value scope, Value store) {
        return host.context(scope.asString(), store == null || store.isNull() ? null : text(store));
    }

    private static String key(Value key) {
        return text(key);
    }

    /** String(v) for the strings and numbers given as keys and store names. */
    private static String text(Value v) {
        return v.isString() ? v.asString() : v.toString();
    }

    /** [error text or null, value]: the prelude throws an Error for the first. */
    private Object attempt(Supplier<Object> action) {
        try {
            Object v = action.get();
            return ProxyArray.fromArray(null, v == null ? values().undefined() : v);
        } catch (RuntimeException e) {
            return ProxyArray.fromArray(NodeError.textOf(e), null);
        }
    }

    /** The Call passed back by the prelude; null only where the prelude passes null (initialize's sends). */
    private static Call call(Value v) {
        return v.isProxyObject() && v.asProxyObject() instanceof Call c ? c : null;
    }

    /** A report object from the prelude ({text, code?, stack?, cause?}) as a NodeError; null stays null. */
    private NodeError error(Value report) {
        if (report == null || report.isNull()) {
            return null;
        }
        Value code = report.getMember("code");
        Value stack = report.getMember("stack");
        Value cause = report.getMember("cause");
        Value thrown = report.getMember("error");
        return new NodeError(report.getMember("text").asString(),
                code == null || code.isNull() ? null : code.asString(),
                cause == null || cause.isNull() ? null : values().toMessageValue(cause, true),
                stack == null || stack.isNull() ? null : stack.asString(),
                thrown != null && values().toMessageValue(thrown, true) instanceof ErrorValue e ? e : null);
    }

    private Map<String, Object> messageArg(Value v) {
        if (v == null || v.isNull()) {
            return null;
        }
        Object m = values().toMessageValue(v, true);
        return m instanceof Map<?, ?> ? asMessage(m) : null;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMessage(Object map) {
        return (Map<String, Object>) map;
    }

    /**
     * The msgs of one send: an array with, per output, null or an array of msgs (the prelude normalised it). The
     * first msg object is deep-copied when cloneFirst; the others are handed over as they are.
     */
    private List<Object> ports(Value msgs, boolean cloneFirst) {
        long outputs = msgs.getArraySize();
        List<Object> perPort = new ArrayList<>((int) outputs);
        boolean first = true;
        for (long p = 0; p < outputs; p++) {
            Value slot = msgs.getArrayElement(p);
            if (slot.isNull() || !slot.hasArrayElements()) {
                perPort.add(null);
                continue;
            }
            long count = slot.getArraySize();
            List<Object> port = new ArrayList<>((int) count);
            for (long i = 0; i < count; i++) {
                Value m = slot.getArrayElement(i);
                if (m.isNull()) {
                    continue;
                }
                Object msg = values().toMessageValue(m, first && cloneFirst);
                if (msg instanceof Map) {
                    first = false;
                }
                if (msg != null) {
                    port.add(msg); // non-msgs too: Node.send reports them like Node-RED's runtime does
                }
            }
            perPort.add(port);
        }
        return perPort;
    }

    @Override
    public Object getMember(String key) {
        return functions.get(key);
    }

    @Override
    public Object getMemberKeys() {
        return ProxyArray.fromArray(functions.keySet().toArray());
    }

    @Override
    public boolean hasMember(String key) {
        return functions.containsKey(key);
    }

    @Override
    public void putMember(String key, Value value) {
        throw new UnsupportedOperationException("read-only");
    }
}
