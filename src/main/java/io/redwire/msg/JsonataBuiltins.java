package io.redwire.msg;

import com.dashjoin.jsonata.Jsonata;
import com.dashjoin.jsonata.Utils;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Built-in JSONata functions dashjoin implements in quadratic time, replaced on each evaluation's frame by linear
 * ones with dashjoin's results. JSONata's time limit is checked between evaluation steps, never inside one built-in
 * call, so dashjoin's {@code $pad('', 1e6, 'a')} (the padding grown one copy at a time) held the flow loop for tens
 * of seconds and {@code $spread} of 100 000 objects (the result copied per element) for over a minute; Node-RED's
 * take milliseconds.
 */
final class JsonataBuiltins {
    /**
     * The longest string {@code $pad} builds (Redwire-only: V8 allows about 2^29 characters, which would not fit
     * the launcher's heap); longer is V8's error for a string past its limit.
     */
    static final int MAX_PAD_LENGTH = 1 << 24;

    private static final Jsonata.JFunction PAD = Jsonata.function("pad",
            (Jsonata.FnVarArgs<Object>) args -> pad((String) args.get(0), (Number) arg(args, 1),
                    (String) arg(args, 2)), "<s-ns?:s>");
    private static final Jsonata.JFunction SPREAD = Jsonata.function("spread",
            (Jsonata.FnVarArgs<Object>) args -> spread(arg(args, 0)), "<x-:a<o>>");

    private JsonataBuiltins() {
    }

    static void bind(Jsonata.Frame frame) {
        frame.bind("pad", PAD);
        frame.bind("spread", SPREAD);
    }

    private static Object arg(List<?> args, int i) {
        return i < args.size() ? args.get(i) : null;
    }

    /** dashjoin's $pad: padded with whole copies of {@code chars} (default " "), cut to width in code points. */
    static String pad(String str, Number width, String chars) {
        if (str == null) {
            return null;
        }
        String with = chars == null || chars.isEmpty() ? " " : chars;
        int w = width == null ? 0 : width.intValue();
        long missing = Math.abs((long) w) - str.codePointCount(0, str.length());
        if (missing <= 0) {
            return str;
        }
        if (missing > MAX_PAD_LENGTH) {
            throw new NodeError("RangeError: Invalid string length");
        }
        int perCopy = with.codePointCount(0, with.length());
        String padding = with.repeat((int) ((missing + perCopy - 1) / perCopy));
        padding = padding.substring(0, padding.offsetByCodePoints(0, (int) missing));
        return w < 0 ? padding + str : str + padding;
    }

    /** dashjoin's $spread: an object's entries as one-key objects, an array's elements' spread in one array. */
    static Object spread(Object arg) {
        if (arg instanceof List<?> list) {
            List<Object> out = Utils.createSequence();
            boolean appended = false;
            for (Object item : list) {
                Object s = spread(item);
                if (s == null) {
                    continue;
                }
                if (!appended) { // dashjoin's first append copies the empty sequence into a plain list
                    out = new Utils.JList<>(out);
                    appended = true;
                }
                if (s instanceof List<?> l) {
                    out.addAll(l);
                } else {
                    out.add(s);
                }
            }
            return out;
        }
        if (arg instanceof Map<?, ?> map) {
            List<Object> out = Utils.createSequence();
            map.forEach((k, v) -> {
                Map<Object, Object> one = new LinkedHashMap<>();
                one.put(k, v);
                out.add(one);
            });
            return out;
        }
        return arg;
    }
}
