package io.redwire.yaml;

import io.redwire.js.JsValues;

import java.math.BigInteger;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Date;
import java.util.regex.Pattern;

/**
 * Plain YAML scalars typed as js-yaml 4's default schema types them (YAML 1.2 core plus timestamps): the loader
 * resolves with it and the dumper quotes any string it would read back as something else. js-yaml's ints allow '_'
 * and 0b/0o/0x with a sign, which snakeyaml-engine's core resolver does not, hence these rules.
 */
final class JsYamlScalars {
    private static final Pattern INT = Pattern.compile("[-+]?(0b[01_]+|0x[0-9a-fA-F_]+|0o[0-7_]+|[0-9][0-9_]*)");
    private static final Pattern FLOAT = Pattern.compile("[-+]?([0-9][0-9_]*)(\\.[0-9_]*)?([eE][-+]?[0-9]+)?"
            + "|\\.[0-9_]+([eE][-+]?[0-9]+)?|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN)");
    private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
    private static final Pattern DATE_TIME = Pattern.compile("([0-9]{4}-[0-9]{1,2}-[0-9]{1,2})(?:[Tt]|[ \\t]+)"
            + "([0-9]{1,2}):([0-9]{2}):([0-9]{2})(\\.[0-9]*)?[ \\t]*(Z|[-+][0-9]{1,2}(?::?[0-9]{2})?)?");

    private JsYamlScalars() {
    }

    /** The value of a plain scalar. */
    static Object resolvePlain(String s) {
        switch (s) {
            case "", "~", "null", "Null", "NULL":
                return null;
            case "true", "True", "TRUE":
                return true;
            case "false", "False", "FALSE":
                return false;
            default:
        }
        if (INT.matcher(s).matches() && !s.endsWith("_")) {
            return integer(s);
        }
        if (FLOAT.matcher(s).matches() && !s.endsWith("_")) {
            return floating(s);
        }
        Date d = timestamp(s);
        return d != null ? d : s;
    }

    static Object integer(String s) {
        String v = s.replace("_", "");
        int sign = 1;
        if (v.startsWith("-") || v.startsWith("+")) {
            sign = v.startsWith("-") ? -1 : 1;
            v = v.substring(1);
        }
        double d;
        if (v.startsWith("0b")) {
            d = new BigInteger(v.substring(2), 2).doubleValue();
        } else if (v.startsWith("0x")) {
            d = new BigInteger(v.substring(2), 16).doubleValue();
        } else if (v.startsWith("0o")) {
            d = new BigInteger(v.substring(2), 8).doubleValue();
        } else {
            d = Double.parseDouble(v);
        }
        return whole(d * sign);
    }

    /** An integral value as an Integer when it fits (how Redwire's own JSON numbers arrive), else a double. */
    static Object whole(double d) {
        return d == (int) d && !(d == 0 && 1 / d < 0) ? (Object) (int) d : (Object) d;
    }

    static Object floating(String s) {
        String v = s.replace("_", "").toLowerCase();
        if (v.endsWith(".inf")) {
            return v.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (v.equals(".nan")) {
            return Double.NaN;
        }
        return JsValues.number(Double.parseDouble(v));
    }

    /** A YAML timestamp as a Date (a date alone is UTC midnight), or null when the text is not one. */
    static Date timestamp(String s) {
        try {
            if (DATE.matcher(s).matches()) {
                return Date.from(LocalDate.parse(s).atStartOfDay(ZoneOffset.UTC).toInstant());
            }
            var m = DATE_TIME.matcher(s);
            if (!m.matches()) {
                return null;
            }
            String[] ymd = m.group(1).split("-");
            String frac = m.group(5) == null ? "" : m.group(5);
            String zone = m.group(6) == null || m.group(6).equals("Z") ? "Z" : normaliseOffset(m.group(6));
            String iso = String.format("%s-%02d-%02dT%02d:%s:%s%s%s", ymd[0], Integer.parseInt(ymd[1]),
                    Integer.parseInt(ymd[2]), Integer.parseInt(m.group(2)), m.group(3), m.group(4),
                    frac.length() > 1 ? frac : "", zone);
            return Date.from(OffsetDateTime.parse(iso).toInstant());
        } catch (DateTimeParseException | NumberFormatException e) {
            return null;
        }
    }

    private static String normaliseOffset(String z) {
        String sign = z.substring(0, 1);
        String digits = z.substring(1).replace(":", "");
        String hh = digits.length() <= 2 ? digits : digits.substring(0, digits.length() - 2);
        String mm = digits.length() <= 2 ? "00" : digits.substring(digits.length() - 2);
        return sign + (hh.length() == 1 ? "0" + hh : hh) + ":" + mm;
    }
}
