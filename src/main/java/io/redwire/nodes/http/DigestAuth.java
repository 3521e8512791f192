package io.redwire.nodes.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** HTTP digest authentication (RFC 2617/7616) for one 401 challenge, with Node-RED's choices of fields. */
record DigestAuth(String user, String password) {
    private static final Pattern PARAM = Pattern.compile("([a-z0-9_-]+)=(?:\"([^\"]+)\"|([a-z0-9_-]+))",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern QOP_AUTH = Pattern.compile("(^|,)\\s*auth\\s*($|,)");

    /** The Authorization header answering a WWW-Authenticate: Digest challenge for method and path. */
    String header(String method, String path, String challengeHeader) {
        Map<String, String> challenge = new LinkedHashMap<>();
        Matcher m = PARAM.matcher(challengeHeader);
        while (m.find()) {
            challenge.put(m.group(1), m.group(2) != null ? m.group(2) : m.group(3));
        }
        String algorithm = challenge.get("algorithm");
        String realm = challenge.get("realm");
        String nonce = challenge.get("nonce");
        boolean qop = challenge.get("qop") != null && QOP_AUTH.matcher(challenge.get("qop")).find();
        String nc = qop ? "00000001" : null;
        String cnonce = qop ? UUID.randomUUID().toString().replace("-", "") : null;
        String ha1 = hash(algorithm, user + ":" + realm + ":" + password);
        if (algorithm != null && algorithm.toLowerCase().endsWith("-sess")) {
            ha1 = hash(algorithm, ha1 + ":" + nonce + ":" + cnonce);
        }
        String ha2 = hash(algorithm, method + ":" + path);
        String response = qop
                ? hash(algorithm, ha1 + ":" + nonce + ":" + nc + ":" + cnonce + ":auth:" + ha2)
                : hash(algorithm, ha1 + ":" + nonce + ":" + ha2);
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("username", user);
        fields.put("realm", realm);
        fields.put("nonce", nonce);
        fields.put("uri", path);
        fields.put("qop", qop ? "auth" : null);
        fields.put("response", response);
        fields.put("nc", nc);
        fields.put("cnonce", cnonce);
        fields.put("algorithm", algorithm);
        fields.put("opaque", challenge.get("opaque"));
        StringBuilder sb = new StringBuilder("Digest ");
        fields.forEach((k, v) -> {
            if (v == null || v.isEmpty()) {
                return;
            }
            if (sb.length() > 7) {
                sb.append(", ");
            }
            boolean bare = k.equals("qop") || k.equals("nc") || k.equals("algorithm");
            sb.append(k).append('=').append(bare ? v : "\"" + v + "\"");
        });
        return sb.toString();
    }

    /** MD5 unless the challenge names SHA-256 or SHA-512-256 (Node-RED truncates SHA-512 to 256 bits). */
    private static String hash(String algorithm, String value) {
        String a = algorithm == null ? "" : algorithm.toLowerCase().replaceAll("-sess$", "");
        try {
            String hex;
            if (a.equals("sha-256")) {
                hex = hex("SHA-256", value);
            } else if (a.equals("sha-512-256")) {
                hex = hex("SHA-512", value).substring(0, 64);
            } else {
                hex = hex("MD5", value);
            }
            return hex;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String hex(String jcaName, String value) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance(jcaName).digest(value.getBytes(StandardCharsets.UTF_8)));
    }
}
