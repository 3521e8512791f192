package io.redwire.runtime;

import io.redwire.api.Field;
import io.redwire.api.NodeType;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every registered node type (all families on the class path) declares what the editor and the credential store
 * rely on: help text, and its secrets as credential fields, never as plain config fields that would reach the
 * flows file and GET /flows.
 */
class NodeTypeDeclarationsTest {
    /** Field names that hold secrets in Node-RED's own node types (mqtt-broker, http request, tls-config, ...). */
    private static final Pattern SECRET = Pattern.compile(
            "(?i)password|passphrase|secret|token|apikey|api_key|privatekey|^user$|^username$");

    /**
     * Kept as config because Node-RED keeps them there: node-red-contrib-grpc's grpc-server declares caPrivateKey
     * in its defaults, so flows exported from Node-RED hold it in the node.
     */
    private static final Set<String> CONFIG_AS_IN_NODE_RED = Set.of("grpc-server.caPrivateKey");

    private static List<NodeType> all() {
        List<String> problems = new ArrayList<>();
        NodeRegistry registry = NodeFamilies.discover(NodeTypeDeclarationsTest.class.getClassLoader(), problems::add);
        assertEquals(List.of(), problems, "every built-in family loads");
        return registry.all().stream().filter(t -> !t.type().startsWith("_")).toList(); // _subflow-* are internal
    }

    @Test
    void everyTypeHasHelpText() {
        List<String> without = all().stream().filter(t -> t.help() == null || t.help().isBlank())
                .map(NodeType::type).toList();
        assertEquals(List.of(), without, "types without help text");
    }

    @Test
    void secretsAreDeclaredAsCredentials() {
        List<String> plain = new ArrayList<>();
        for (NodeType t : all()) {
            for (Field f : t.fields()) {
                if (SECRET.matcher(f.name()).find() && !CONFIG_AS_IN_NODE_RED.contains(t.type() + "." + f.name())) {
                    plain.add(t.type() + "." + f.name());
                }
            }
        }
        assertEquals(List.of(), plain, "secret-looking config fields that are not credentials");
    }

    @Test
    void theTypesKnownToHoldSecretsDeclareThem() {
        for (String type : Set.of("mqtt-broker", "http request", "http proxy", "tls-config")) {
            NodeType t = all().stream().filter(x -> x.type().equals(type)).findFirst().orElseThrow();
            assertTrue(!t.credentials().isEmpty(), type + " declares no credential fields");
        }
    }
}
