package io.redwire.nodes.file;

import io.redwire.msg.NodeError;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;

/** The file nodes' "encoding" option: iconv-lite's names for the encodings Java has, plus base64 and hex. */
final class FileEncodings {
    private FileEncodings() {
    }

    static byte[] encode(String text, String encoding) {
        String e = normal(encoding);
        return switch (e) {
            case "none", "utf8" -> text.getBytes(StandardCharsets.UTF_8);
            case "base64" -> Base64.getDecoder().decode(text.replaceAll("\\s", ""));
            case "hex" -> HexFormat.of().parseHex(text);
            default -> text.getBytes(charset(e));
        };
    }

    static String decode(byte[] bytes, String encoding) {
        String e = normal(encoding);
        return switch (e) {
            case "none", "utf8" -> new String(bytes, StandardCharsets.UTF_8);
            case "base64" -> Base64.getEncoder().encodeToString(bytes);
            case "hex" -> HexFormat.of().formatHex(bytes);
            default -> new String(bytes, charset(e));
        };
    }

    private static String normal(String encoding) {
        String e = encoding == null || encoding.isEmpty() ? "none" : encoding.toLowerCase(Locale.ROOT);
        return e.replace("-", "").equals("utf8") ? "utf8" : e;
    }

    private static Charset charset(String e) {
        String name = switch (e) {
            case "latin1", "binary" -> "ISO-8859-1";
            case "ucs2", "utf16le" -> "UTF-16LE";
            case "ascii" -> "US-ASCII";
            default -> e;
        };
        try {
            return Charset.forName(name);
        } catch (IllegalArgumentException ex) {
            throw new NodeError("Error: Encoding not recognized: '" + e + "'");
        }
    }
}
