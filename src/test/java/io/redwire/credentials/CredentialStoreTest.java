package io.redwire.credentials;

import io.redwire.msg.Json;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Deploy-time credential handling as Node-RED's editor relies on it. */
class CredentialStoreTest {
    private static final Map<String, String> HTTP_REQUEST = Map.of("user", "text", "password", "password");

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> flows(String json) throws Exception {
        return (List<Map<String, Object>>) Json.parse(json);
    }

    @Test
    void unchangedPasswordsAreKeptBlankFieldsDeletedUndeclaredFieldsIgnoredAndRemovedNodesForgotten()
            throws Exception {
        CredentialStore store = CredentialStore.inMemory(type -> type.equals("http request") ? HTTP_REQUEST : null);
        CredentialStore.Prepared first = store.prepare(flows("""
                [{"id":"a","type":"http request","credentials":{"user":"ada","password":"pw","extra":"x"}},
                 {"id":"b","type":"http request","credentials":{"user":"bob","password":"pw2"}}]"""));
        assertFalse(Json.stringify(first.flows()).contains("pw"), "taken out of the flow");
        store.commit(first);
        assertEquals(Map.of("user", "ada", "password", "pw"), store.current().get("a"));

        CredentialStore.Prepared second = store.prepare(flows("""
                [{"id":"a","type":"http request","credentials":{"user":"","password":"__PWRD__"}}]"""));
        store.commit(second);
        assertTrue(second.changed());
        assertEquals(Map.of("password", "pw"), store.current().get("a"));
        assertFalse(store.current().containsKey("b"), "b left the flows");
        assertEquals(Map.of("user", "", "has_password", true), store.describe("http request", "a"));
    }

    @Test
    void encryptedFormIsNodeRedsAndOnlyTheRightSecretOpensIt() {
        CredentialCipher cipher = new CredentialCipher("k");
        Map<String, Object> sealed = cipher.encrypt(Map.of("n1", Map.of("password", "pw")));
        String text = (String) sealed.get("$");
        assertTrue(text.matches("[0-9a-f]{32}[A-Za-z0-9+/=]+"), text);
        assertEquals(Map.of("n1", Map.of("password", "pw")), cipher.decrypt(sealed));
        org.junit.jupiter.api.Assertions.assertThrows(CredentialCipher.WrongSecretException.class,
                () -> new CredentialCipher("other").decrypt(sealed));
    }
}
