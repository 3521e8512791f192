package io.redwire.nodes.grpc.proto;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * Field defaults spelled the way protoc writes them into a FileDescriptorProto: integers in decimal, floating point
 * via C's "%.15g" (widened to "%.17g" when that does not round-trip), bytes C-escaped. Wire keeps the literal as
 * written ("0x7f", "-2e3"), which descriptors built by other tools would not match.
 */
final class DefaultSpelling {
    private DefaultSpelling() {
    }

    /** Integer literal (decimal, 0x hex, 0 octal, optional sign) to decimal. */
    static String integer(String literal) {
        String s = literal.trim();
        boolean negative = s.startsWith("-");
        if (negative || s.startsWith("+")) {
            s = s.substring(1);
        }
        BigInteger v;
        if (s.startsWith("0x") || s.startsWith("0X")) {
            v = new BigInteger(s.substring(2), 16);
        } else if (s.length() > 1 && s.startsWith("0")) {
            v = new BigInteger(s.substring(1), 8);
        } else {
            v = new BigInteger(s);
        }
        return (negative ? "-" : "") + v;
    }

    /** Floating point literal (also inf, nan and integer forms) as protoc's SimpleDtoa prints it. */
    static String floating(String literal) {
        String s = literal.trim();
        boolean negative = s.startsWith("-");
        if (negative || s.startsWith("+")) {
            s = s.substring(1);
        }
        String lower = s.toLowerCase();
        String body;
        if (lower.equals("inf") || lower.equals("infinity")) {
            body = "inf";
        } else if (lower.equals("nan")) {
            body = "nan";
        } else if (lower.startsWith("0x") || (s.length() > 1 && s.startsWith("0") && s.chars().allMatch(Character::isDigit))) {
            body = simpleDtoa(new BigDecimal(integer(s)).doubleValue());
        } else {
            body = simpleDtoa(Double.parseDouble(s));
        }
        return (negative ? "-" : "") + body;
    }

    static String simpleDtoa(double v) {
        String shortForm = formatG(v, 15);
        return Double.parseDouble(shortForm) == v ? shortForm : formatG(v, 17);
    }

    /** C printf "%.{precision}g" for finite values. */
    static String formatG(double v, int precision) {
        if (v == 0) {
            return 1 / v < 0 ? "-0" : "0";
        }
        BigDecimal r = new BigDecimal(v).round(new MathContext(precision, RoundingMode.HALF_EVEN));
        int exponent = r.precision() - r.scale() - 1;
        String sign = r.signum() < 0 ? "-" : "";
        if (exponent < -4 || exponent >= precision) {
            String digits = stripZeros(r.unscaledValue().abs().toString());
            String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            int e = Math.abs(exponent);
            return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (e < 10 ? "0" : "") + e;
        }
        String plain = r.abs().setScale(Math.max(precision - 1 - exponent, 0), RoundingMode.HALF_EVEN)
                .toPlainString();
        if (plain.indexOf('.') >= 0) {
            plain = stripZeros(plain);
            if (plain.endsWith(".")) {
                plain = plain.substring(0, plain.length() - 1);
            }
        }
        return sign + plain;
    }

    private static String stripZeros(String s) {
        int end = s.length();
        while (end > 1 && s.charAt(end - 1) == '0') {
            end--;
        }
        return s.substring(0, end);
    }

    /** protoc's CEscape of a bytes default; Wire hands the unescaped literal as one char per byte. */
    static String bytes(String unescaped) {
        StringBuilder out = new StringBuilder();
        byte[] raw = latin1OrUtf8(unescaped);
        for (byte b : raw) {
            int c = b & 0xff;
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '"' -> out.append("\\\"");
                case '\'' -> out.append("\\'");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20 || c >= 0x7f) {
                        out.append('\\').append((char) ('0' + (c >> 6))).append((char) ('0' + ((c >> 3) & 7)))
                                .append((char) ('0' + (c & 7)));
                    } else {
                        out.append((char) c);
                    }
                }
            }
        }
        return out.toString();
    }

    /** Chars up to 0xff are the bytes themselves (escapes like \xff); anything wider was UTF-8 text in the file. */
    private static byte[] latin1OrUtf8(String s) {
        boolean latin1 = s.chars().allMatch(c -> c <= 0xff);
        return s.getBytes(latin1 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
    }
}
