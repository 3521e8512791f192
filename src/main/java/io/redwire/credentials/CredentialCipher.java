package io.redwire.credentials;

import io.redwire.msg.Json;

import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;

/**
 * Node-RED 5.0.7's credentials encryption, so either program reads the other's {@code flows_cred.json}: AES-256-CTR
 * with the SHA-256 of the secret's UTF-8 bytes as key, a random 16-byte IV, stored as
 * {@code {"$": hex(iv) + base64(ciphertext of JSON.stringify(credentials))}}.
 */
public final class CredentialCipher {
    private static final SecureRandom RANDOM = new SecureRandom();
    private final SecretKeySpec key;

    public CredentialCipher(String secret) {
        try {
            this.key = new SecretKeySpec(MessageDigest.getInstance("SHA-256")
                    .digest(secret.getBytes(StandardCharsets.UTF_8)), "AES");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 missing from the JVM", e);
        }
    }

    /** Whether a credentials file's content is Node-RED's encrypted form (a single "$" member). */
    public static boolean isEncrypted(Map<?, ?> file) {
        return file.size() == 1 && file.get("$") instanceof String;
    }

    public Map<String, Object> encrypt(Map<String, Object> credentials) {
        byte[] iv = new byte[16];
        RANDOM.nextBytes(iv);
        byte[] sealed = run(Cipher.ENCRYPT_MODE, iv, Json.stringify(credentials).getBytes(StandardCharsets.UTF_8));
        return Map.of("$", HexFormat.of().formatHex(iv) + Base64.getEncoder().encodeToString(sealed));
    }

    /**
     * @throws WrongSecretException when the text does not decrypt to a JSON object: CTR mode has no integrity
     *                              check, so a wrong secret shows up as bytes that are not JSON, as in Node-RED
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> decrypt(Map<?, ?> file) {
        String text = (String) file.get("$");
        try {
            byte[] iv = HexFormat.of().parseHex(text.substring(0, 32));
            byte[] plain = run(Cipher.DECRYPT_MODE, iv, Base64.getDecoder().decode(text.substring(32)));
            if (Json.parse(new String(plain, StandardCharsets.UTF_8)) instanceof Map<?, ?> m) {
                return (Map<String, Object>) m;
            }
        } catch (Exception notJson) {
            throw new WrongSecretException(notJson);
        }
        throw new WrongSecretException(null);
    }

    private byte[] run(int mode, byte[] iv, byte[] input) {
        try {
            Cipher c = Cipher.getInstance("AES/CTR/NoPadding");
            c.init(mode, key, new IvParameterSpec(iv));
            return c.doFinal(input);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-256-CTR unavailable in this JVM", e);
        }
    }

    /** The encrypted credentials do not open with this secret. */
    public static final class WrongSecretException extends RuntimeException {
        WrongSecretException(Throwable cause) {
            super("Failed to decrypt credentials", cause);
        }
    }
}
