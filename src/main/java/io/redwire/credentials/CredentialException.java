package io.redwire.credentials;

/** The credentials file cannot be used as it is (wrong or lost secret, unreadable file); the message says what to do. */
public final class CredentialException extends Exception {
    CredentialException(String message, Throwable cause) {
        super(message, cause);
    }
}
