package io.redwire.credentials;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.redwire.logging.Log;
import io.redwire.msg.Json;
import io.redwire.storage.AtomicFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Node credentials kept apart from the flows, as Node-RED 5.0.7 keeps them: the editor posts them as a node's
 * {@code credentials} property, they are taken out of the flow (so the flows file and {@code GET /flows} never hold
 * them) and stored in {@code <flows>_cred.json} beside the flows file, encrypted by {@link CredentialCipher} with the
 * settings' {@code credentialSecret} — or, without one, a generated {@code _credentialSecret} kept in
 * {@code <userDir>/.config.runtime.json} — or in plain JSON when {@code credentialSecret: false}. A file that does
 * not open with the secret stops the start with an explanation instead of dropping the credentials.
 */
public final class CredentialStore {
    /** What the editor sends for a password field the user did not change. */
    public static final String UNCHANGED_PASSWORD = "__PWRD__";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final AtomicFile file; // null: kept in memory only
    private final CredentialCipher cipher; // null: stored unencrypted
    private final Function<String, Map<String, String>> definitions;
    private volatile Map<String, Map<String, Object>> byNode;

    /**
     * @param definitions a node type's credential fields (name → "text" or "password"), null when the type declares
     *                    none: then every field is kept and treated as a password
     */
    private CredentialStore(AtomicFile file, CredentialCipher cipher, Function<String, Map<String, String>> definitions,
                            Map<String, Map<String, Object>> byNode) {
        this.file = file;
        this.cipher = cipher;
        this.definitions = definitions;
        this.byNode = byNode;
    }

    /** Credentials kept for the process's lifetime only (tests, servers without a flows file). */
    public static CredentialStore inMemory(Function<String, Map<String, String>> definitions) {
        return new CredentialStore(null, null, definitions, Map.of());
    }

    /** {@code flows.json} → {@code flows_cred.json} in the same directory, as Node-RED names it. */
    public static Path fileFor(Path flowsFile) {
        Path abs = flowsFile.toAbsolutePath().normalize();
        String name = abs.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot > 0 ? name.substring(0, dot) : name;
        String ext = dot > 0 ? name.substring(dot) : "";
        return abs.resolveSibling(base + "_cred" + ext);
    }

    /**
     * Reads the credentials file beside the flows file with the secret the settings choose (Node-RED's rules,
     * including moving from a generated secret to a configured one, which re-encrypts the file at once).
     */
    public static CredentialStore open(Path flowsFile, Settings settings, Path userDir, Log log,
                                       Function<String, Map<String, String>> definitions)
            throws CredentialException {
        AtomicFile file = AtomicFile.withBackup(fileFor(flowsFile));
        RuntimeConfigFile runtimeConfig = new RuntimeConfigFile(userDir);
        Object configured = RuntimeSettings.CREDENTIAL_SECRET.read(settings);
        try {
            Map<?, ?> stored = read(file.path());
            boolean encrypted = CredentialCipher.isEncrypted(stored);
            String systemSecret = runtimeConfig.systemSecret();
            CredentialCipher cipher;
            Map<String, Map<String, Object>> creds;
            boolean resave = false;
            boolean dropSystemSecret = false;
            if (Boolean.FALSE.equals(configured)) {
                cipher = null;
                if (encrypted) {
                    if (systemSecret == null) {
                        throw new CredentialException(file.path() + " is encrypted but the settings say "
                                + "credentialSecret: false and there is no generated secret in "
                                + runtimeConfig.path() + ": set credentialSecret to the secret that encrypted it",
                                null);
                    }
                    creds = open(new CredentialCipher(systemSecret), stored, file.path(), "the generated secret in "
                            + runtimeConfig.path());
                    resave = true;
                    dropSystemSecret = true;
                } else {
                    creds = plain(stored);
                    if (!creds.isEmpty()) {
                        log.warn("Using unencrypted credentials (credentialSecret: false) from " + file.path());
                    }
                }
            } else if (configured instanceof String secret && !secret.isEmpty()) {
                cipher = new CredentialCipher(secret);
                String source = "the credentialSecret of the settings";
                if (encrypted && systemSecret != null) {
                    // Node-RED moves from its generated secret to a configured one by re-encrypting
                    try {
                        creds = open(new CredentialCipher(systemSecret), stored, file.path(), source);
                        resave = true;
                    } catch (CredentialException notTheOldKey) {
                        creds = open(cipher, stored, file.path(), source);
                    }
                } else if (encrypted) {
                    creds = open(cipher, stored, file.path(), source);
                } else {
                    creds = plain(stored);
                    resave = !creds.isEmpty();
                }
                dropSystemSecret = systemSecret != null;
            } else if (configured == null) {
                if (systemSecret == null) {
                    systemSecret = HexFormat.of().formatHex(randomBytes());
                    runtimeConfig.setSystemSecret(systemSecret);
                }
                cipher = new CredentialCipher(systemSecret);
                log.warn("Your flow credentials file is encrypted with a system-generated key kept in "
                        + runtimeConfig.path() + ". If that file is lost the credentials cannot be recovered and "
                        + "must be entered again. Set your own credentialSecret in the settings file: Redwire "
                        + "re-encrypts the credentials with it at the next start.");
                if (encrypted) {
                    creds = open(cipher, stored, file.path(), "the generated secret in " + runtimeConfig.path());
                } else {
                    creds = plain(stored);
                    resave = !creds.isEmpty();
                }
            } else {
                throw new CredentialException("settings credentialSecret must be a text or false, not "
                        + Json.stringify(configured), null);
            }
            if (!stored.isEmpty() && !encrypted && cipher != null) {
                log.warn("Encrypted credentials not found in " + file.path() + ": read as plain JSON, encrypting");
            }
            CredentialStore store = new CredentialStore(file, cipher, definitions, creds);
            if (resave) {
                store.save(creds);
                log.info("Credentials in " + file.path() + " re-encrypted with "
                        + (cipher == null ? "no key (credentialSecret: false)" : "the configured credentialSecret"));
            }
            if (dropSystemSecret) {
                runtimeConfig.setSystemSecret(null);
            }
            return store;
        } catch (IOException e) {
            throw new CredentialException("cannot use the credentials file " + file.path() + ": " + e.getMessage(),
                    e);
        }
    }

    private static byte[] randomBytes() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return b;
    }

    private static Map<?, ?> read(Path path) throws IOException {
        if (!Files.exists(path)) {
            return Map.of();
        }
        String text = Files.readString(path);
        if (text.isBlank()) {
            return Map.of();
        }
        if (Json.parse(text) instanceof Map<?, ?> m) {
            return m;
        }
        throw new IOException("it must hold a JSON object");
    }

    private static Map<String, Map<String, Object>> open(CredentialCipher cipher, Map<?, ?> stored, Path path,
                                                         String source) throws CredentialException {
        try {
            return plain(cipher.decrypt(stored));
        } catch (CredentialCipher.WrongSecretException e) {
            throw new CredentialException("Failed to decrypt credentials: " + path + " does not open with " + source
                    + ". The secret was changed or lost: set credentialSecret back to the one that encrypted the "
                    + "file, or move the file away to start without credentials (they must then be entered again)",
                    e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> plain(Map<?, ?> stored) {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        stored.forEach((id, v) -> {
            if (v instanceof Map<?, ?> m) {
                out.put(String.valueOf(id), new LinkedHashMap<>((Map<String, Object>) m));
            }
        });
        return out;
    }

    // ---- deploys ------------------------------------------------------------------------------------------------

    /** A deploy's flows with their credentials taken out, and the credentials once it is committed. */
    public record Prepared(List<Map<String, Object>> flows, Map<String, Map<String, Object>> credentials,
                           boolean changed) {
    }

    /**
     * Takes the {@code credentials} property out of every node (copies; the given flows are not changed), applying
     * it Node-RED's way: only declared fields, {@link #UNCHANGED_PASSWORD} keeps a password, an empty value deletes
     * the field; credentials of nodes no longer in the flows are dropped. Nothing changes until {@link #commit}.
     */
    @SuppressWarnings("unchecked")
    public Prepared prepare(List<Map<String, Object>> flows) {
        Map<String, Map<String, Object>> next = new LinkedHashMap<>();
        byNode.forEach((id, c) -> next.put(id, new LinkedHashMap<>(c)));
        List<Map<String, Object>> clean = new ArrayList<>(flows.size());
        Set<String> ids = new HashSet<>();
        for (Map<String, Object> node : flows) {
            String id = String.valueOf(node.get("id"));
            ids.add(id);
            if (node.get("credentials") instanceof Map<?, ?> given) {
                Map<String, Object> copy = new LinkedHashMap<>(node);
                copy.remove("credentials");
                clean.add(copy);
                apply(String.valueOf(node.get("type")), (Map<String, Object>) given,
                        next.computeIfAbsent(id, k -> new LinkedHashMap<>()));
            } else {
                clean.add(node);
            }
        }
        next.keySet().retainAll(ids);
        return new Prepared(clean, next, !next.equals(byNode));
    }

    private void apply(String type, Map<String, Object> given, Map<String, Object> saved) {
        Map<String, String> declared = definitions.apply(type);
        given.forEach((field, value) -> {
            if (declared != null && !declared.containsKey(field)) {
                return;
            }
            boolean password = declared == null || "password".equals(declared.get(field));
            if (password && UNCHANGED_PASSWORD.equals(value)) {
                return;
            }
            if (value == null || value instanceof String s && s.isBlank()) {
                saved.remove(field);
            } else {
                saved.put(field, value);
            }
        });
    }

    /** The flows as the engine builds them: each node with its stored credentials as {@code credentials}. */
    public static List<Map<String, Object>> withCredentials(List<Map<String, Object>> flows,
                                                            Map<String, Map<String, Object>> credentials) {
        if (credentials.isEmpty()) {
            return flows;
        }
        List<Map<String, Object>> out = new ArrayList<>(flows.size());
        for (Map<String, Object> node : flows) {
            Map<String, Object> c = credentials.get(String.valueOf(node.get("id")));
            if (c == null || c.isEmpty()) {
                out.add(node);
            } else {
                Map<String, Object> copy = new LinkedHashMap<>(node);
                copy.put("credentials", Map.copyOf(c));
                out.add(copy);
            }
        }
        return out;
    }

    /** The stored credentials for flows about to start (nothing posted with them). */
    public Map<String, Map<String, Object>> current() {
        return byNode;
    }

    /** Makes a prepared deploy's credentials current (call when the deploy started). */
    public void commit(Prepared p) {
        byNode = p.credentials();
    }

    /** Writes the file when the deploy changed the credentials. Blocking: a worker thread. */
    public void saveIfChanged(Prepared p) throws IOException {
        if (p.changed() && file != null) {
            save(p.credentials());
        }
    }

    private void save(Map<String, Map<String, Object>> creds) throws IOException {
        @SuppressWarnings({"unchecked", "rawtypes"})
        Map<String, Object> plain = (Map) creds;
        Object content = cipher == null ? plain : cipher.encrypt(plain);
        file.write(Json.stringify(content).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Node-RED's {@code GET /credentials/:type/:id}: text fields as they are, password fields only as
     * {@code has_<field>}; fields of a type without declarations are all treated as passwords.
     */
    public Map<String, Object> describe(String type, String id) {
        Map<String, Object> stored = byNode.getOrDefault(id, Map.of());
        Map<String, String> declared = definitions.apply(type);
        Map<String, Object> out = new LinkedHashMap<>();
        if (declared == null) {
            stored.forEach((field, v) -> out.put("has_" + field, v != null && !"".equals(v)));
            return out;
        }
        declared.forEach((field, kind) -> {
            Object v = stored.get(field);
            if ("password".equals(kind)) {
                out.put("has_" + field, v != null && !"".equals(v));
            } else {
                out.put(field, v == null ? "" : v);
            }
        });
        return out;
    }

    public Path path() {
        return file == null ? null : file.path();
    }
}
