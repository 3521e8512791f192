package io.redwire.api;

import io.redwire.msg.Json;

import java.util.List;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One declared settings key: its key (dotted where it sits inside an object, {@code flowWatchdog.stallTimeout}), its
 * type, its default and a line of help. Code keeps each setting as a constant and reads it only through it
 * ({@code MqttSettings.RECONNECT_TIME.read(settings)}); the family (or the runtime) that acts on it lists it, so a
 * settings file's key nobody declares is warned about, a value of the wrong type is warned about naming the key (and
 * the default used instead), and docs/settings.md is generated from the declarations.
 *
 * @param <T> what {@link #read} gives
 */
public final class Setting<T> {
    private static final Pattern BYTE_SIZE = Pattern.compile("(?i)^\\s*(\\d+(?:\\.\\d+)?)\\s*(b|kb|mb|gb|tb|pb)?\\s*$");
    private static final List<String> BYTE_UNITS = List.of("b", "kb", "mb", "gb", "tb", "pb");

    private final String key;
    private final String[] path;
    private final String type;
    private final Function<Object, T> convert;
    private final Supplier<T> dflt;
    private final String shownDefault;
    private final String help;

    private Setting(String key, String type, Function<Object, T> convert, Supplier<T> dflt, String shownDefault,
                    String help) {
        this.key = key;
        this.path = key.split("\\.");
        this.type = type;
        this.convert = convert;
        this.dflt = dflt;
        this.shownDefault = shownDefault;
        this.help = help;
    }

    private static <T> Setting<T> of(String key, String type, Function<Object, T> convert, T dflt, String shown) {
        return new Setting<>(key, type, convert, () -> dflt, shown, "");
    }

    /** A number; text holding one is taken too ({@code uiPort: process.env.PORT || 1880}). */
    public static Setting<Double> number(String key, double dflt, String unit) {
        return of(key, "number" + unitText(unit), Setting::toNumber, dflt, shown(dflt, unit));
    }

    /** A whole number, as a number setting cut to an int (Java's saturating cast). */
    public static Setting<Integer> integer(String key, int dflt, String unit) {
        return of(key, "integer" + unitText(unit), v -> whole(v, d -> (int) d), dflt, shown(dflt, unit));
    }

    /** A duration in milliseconds. */
    public static Setting<Long> millis(String key, long dflt) {
        return of(key, "integer (ms)", v -> whole(v, d -> (long) d), dflt, shown(dflt, "ms"));
    }

    /** A size in bytes: a number, or text as Node-RED's apiMaxLength takes it ("5mb", "1.5 GB"; units of 1024). */
    public static Setting<Long> bytes(String key, long dflt) {
        return of(key, "size (bytes, or text such as \"5mb\")", Setting::toBytes, dflt, shown(dflt, "bytes"));
    }

    /** A size in bytes whose default is worked out at start ({@code shownDefault} says how, for the docs). */
    public static Setting<Long> bytes(String key, Supplier<Long> dflt, String shownDefault) {
        return new Setting<>(key, "size (bytes, or text such as \"5mb\")", Setting::toBytes, dflt, shownDefault, "");
    }

    public static Setting<Boolean> flag(String key, boolean dflt) {
        return of(key, "boolean", v -> v instanceof Boolean b ? b : null, dflt, String.valueOf(dflt));
    }

    /** Text; {@code dflt} may be null (not set). */
    public static Setting<String> text(String key, String dflt) {
        return of(key, "text", v -> v instanceof String s ? s : null, dflt, dflt == null ? "not set" : quoted(dflt));
    }

    /** Text that is one of {@code choices}; the first is the default. */
    public static Setting<String> choice(String key, String... choices) {
        List<String> allowed = List.of(choices);
        return of(key, String.join(" or ", allowed.stream().map(Setting::quoted).toList()),
                v -> v instanceof String s && allowed.contains(s) ? s : null, choices[0], quoted(choices[0]));
    }

    /** An object; read as an empty one when absent. */
    @SuppressWarnings("unchecked")
    public static Setting<Map<String, Object>> object(String key) {
        return of(key, "object", v -> v instanceof Map<?, ?> m ? (Map<String, Object>) m : null, Map.of(),
                "not set");
    }

    /**
     * A value of a shape of its own ({@code httpAdminRoot}: text or false), read as it is and checked by
     * {@code valid}; the code reading it interprets it.
     *
     * @param type what {@code valid} accepts, for messages and docs ("text or false")
     * @param dflt null: not set
     */
    public static Setting<Object> value(String key, String type, Object dflt, Predicate<Object> valid) {
        return of(key, type, v -> valid.test(v) ? v : null, dflt,
                dflt == null ? "not set" : dflt instanceof String s ? quoted(s) : String.valueOf(dflt));
    }

    /** The same setting with its line of help (docs/settings.md shows it). */
    public Setting<T> help(String text) {
        return new Setting<>(key, type, convert, dflt, shownDefault, text);
    }

    /** The same setting with its default described in words for the docs ("none", "¾ of the heap"). */
    public Setting<T> shownDefault(String text) {
        return new Setting<>(key, type, convert, dflt, text, help);
    }

    /** The value the settings give, or the default when they give none or one of another type. */
    public T read(Settings settings) {
        T v = given(settings);
        return v != null ? v : dflt.get();
    }

    /** The value the settings give; null when they give none or one of another type. */
    public T given(Settings settings) {
        Object raw = settings.lookup(path);
        return raw == null ? null : convert.apply(raw);
    }

    /** Why the settings' value cannot be used, naming the key and what is used instead; null when it can. */
    String problem(Settings settings) {
        Object raw = settings.lookup(path);
        if (raw == null || convert.apply(raw) != null) {
            return null;
        }
        return "settings key '" + key + "' must be " + withArticle(type) + ", not "
                + describe(raw) + ": " + ("not set".equals(shownDefault) ? "ignored" : shownDefault + " is used");
    }

    public String key() {
        return key;
    }

    /** The top-level key of a settings file this setting sits under. */
    public String topKey() {
        int dot = key.indexOf('.');
        return dot < 0 ? key : key.substring(0, dot);
    }

    /** What docs/settings.md shows of this setting. */
    public Description description() {
        return new Description(key, type, shownDefault, help);
    }

    /** A setting as the reference lists it: its key, type, default in words and help. */
    public record Description(String key, String type, String shownDefault, String help) {
    }

    private static Double toNumber(Object v) {
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof String s) {
            try {
                return Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    private static <N> N whole(Object v, DoubleFunction<N> cut) {
        Double d = toNumber(v);
        return d == null ? null : cut.apply(d);
    }

    private static Long toBytes(Object v) {
        if (v instanceof Number n) {
            return n.longValue();
        }
        Matcher m = v instanceof String s ? BYTE_SIZE.matcher(s) : null;
        if (m == null || !m.matches()) {
            return null;
        }
        int power = BYTE_UNITS.indexOf(m.group(2) == null ? "b" : m.group(2).toLowerCase());
        return (long) Math.floor(Double.parseDouble(m.group(1)) * Math.pow(1024, power));
    }

    private static String unitText(String unit) {
        return unit == null ? "" : " (" + unit + ")";
    }

    private static String shown(double value, String unit) {
        String number = value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
        if (unit == null) {
            return number;
        }
        long v = (long) value;
        long mib = 1024 * 1024;
        if (unit.equals("bytes") && v > 0 && (v % mib == 0 || v < mib && v % 1024 == 0)) {
            return number + " bytes (" + (v % mib == 0 ? v / mib + " MiB" : v / 1024 + " KiB") + ")";
        }
        return number + " " + unit;
    }

    private static String withArticle(String type) {
        if (type.startsWith("\"") || type.startsWith("text")) {
            return type;
        }
        return ("aeiou".indexOf(type.charAt(0)) >= 0 ? "an " : "a ") + type;
    }

    private static String quoted(String s) {
        return '"' + s + '"';
    }

    private static String describe(Object v) {
        String text = v instanceof String s ? quoted(s) : Json.stringify(v);
        return text.length() > 60 ? text.substring(0, 57) + "..." : text;
    }
}
