package io.redwire.nodes.function;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;

/** Node.js Buffer string encodings (utf8, hex, base64, base64url, ascii, latin1/binary, ucs2/utf16le). */
final class BufferCodec {
    private static final HexFormat HEX = HexFormat.of();

    private BufferCodec() {
    }

    static byte[] encode(String s, String encoding) {
        return switch (encoding) {
            case "hex" -> fromHex(s);
            case "base64", "base64url" -> fromBase64(s);
            case "ascii", "latin1", "binary" -> latin1(s);
            case "ucs2", "ucs-2", "utf16le", "utf-16le" -> s.getBytes(StandardCharsets.UTF_16LE);
            default -> s.getBytes(StandardCharsets.UTF_8);
        };
    }

    static String decode(byte[] b, String encoding) {
        return switch (encoding) {
            case "hex" -> HEX.formatHex(b);
            case "base64" -> Base64.getEncoder().encodeToString(b);
            case "base64url" -> Base64.getUrlEncoder().withoutPadding().encodeToString(b);
            case "ascii" -> ascii(b);
            case "latin1", "binary" -> new String(b, StandardCharsets.ISO_8859_1);
            case "ucs2", "ucs-2", "utf16le", "utf-16le" -> new String(b, 0, b.length & ~1, StandardCharsets.UTF_16LE);
            default -> new String(b, StandardCharsets.UTF_8);
        };
    }

    /** Node stops at the first pair that is not hex; a trailing odd digit is ignored. */
    private static byte[] fromHex(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length() / 2);
        for (int i = 0; i + 1 < s.length(); i += 2) {
            int hi = Character.digit(s.charAt(i), 16);
            int lo = Character.digit(s.charAt(i + 1), 16);
            if (hi < 0 || lo < 0) {
                break;
            }
            out.write(hi << 4 | lo);
        }
        return out.toByteArray();
    }

    /** Node's decoder is lenient: both alphabets, whitespace and junk skipped, padding optional, stops at '='. */
    private static byte[] fromBase64(String s) {
        StringBuilder clean = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '=') {
                break;
            }
            if (c == '-') {
                clean.append('+');
            } else if (c == '_') {
                clean.append('/');
            } else if (c < 128 && (Character.isLetterOrDigit(c) || c == '+' || c == '/')) {
                clean.append(c);
            }
        }
        if (clean.length() % 4 == 1) {
            clean.setLength(clean.length() - 1);
        }
        return Base64.getDecoder().decode(clean.toString());
    }

    private static byte[] latin1(String s) {
        byte[] b = new byte[s.length()];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) s.charAt(i);
        }
        return b;
    }

    private static String ascii(byte[] b) {
        char[] c = new char[b.length];
        for (int i = 0; i < b.length; i++) {
            c[i] = (char) (b[i] & 0x7f);
        }
        return new String(c);
    }
}
