package io.redwire.web;

import at.favre.lib.crypto.bcrypt.BCrypt;

import java.nio.charset.StandardCharsets;

/**
 * The bcrypt password hashes Node-RED's {@code adminAuth} users and {@code httpNodeAuth} keep, apart from either
 * so the web server's httpNodeAuth needs nothing of the admin API. Both operations are slow by design: never call
 * them on an event loop.
 */
public final class PasswordHash {
    private PasswordHash() {
    }

    /** A bcrypt hash as {@code redwire hash-pw} prints it (version 2b, cost 10). */
    public static String of(String password) {
        return BCrypt.with(BCrypt.Version.VERSION_2B).hashToString(10, password.toCharArray());
    }

    /** Whether {@code password} matches the bcrypt {@code hash}; false for a malformed hash. */
    public static boolean matches(String password, String hash) {
        try {
            return BCrypt.verifyer().verify(password.getBytes(StandardCharsets.UTF_8),
                    hash.getBytes(StandardCharsets.UTF_8)).verified;
        } catch (IllegalArgumentException malformedHash) {
            return false;
        }
    }
}
