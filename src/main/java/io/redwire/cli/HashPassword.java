package io.redwire.cli;

import io.redwire.web.PasswordHash;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** `redwire hash-pw`: reads one password (without echo on a terminal) and prints its bcrypt hash. */
public final class HashPassword {
    private HashPassword() {
    }

    public static int run(InputStream in, PrintStream out, PrintStream err) {
        String password;
        Console console = System.console();
        if (console != null && in == System.in) {
            char[] typed = console.readPassword("Password: ");
            password = typed == null ? null : new String(typed);
        } else {
            try {
                password = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).readLine();
            } catch (IOException e) {
                err.println("redwire hash-pw: " + e.getMessage());
                return 1;
            }
        }
        if (password == null || password.isEmpty()) {
            err.println("redwire hash-pw: no password given on stdin");
            return 2;
        }
        try {
            out.println(PasswordHash.of(password));
        } catch (IllegalArgumentException e) {
            err.println("redwire hash-pw: " + e.getMessage()); // bcrypt takes at most 72 bytes
            return 2;
        }
        return 0;
    }
}
