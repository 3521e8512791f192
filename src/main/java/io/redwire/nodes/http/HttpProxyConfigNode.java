package io.redwire.nodes.http;

import io.redwire.spi.Field;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** http proxy (config): the proxy an http request node uses, hosts that bypass it, and its credentials. */
public final class HttpProxyConfigNode extends Node {
    public static final NodeType TYPE = NodeType.builder("http proxy", "network").configNode()
            .field(Field.str("url", "").asRequired())
            .field(Field.json("noproxy", List.of()))
            .factory(HttpProxyConfigNode::new);

    private final ProxyRules rules;

    HttpProxyConfigNode(NodeConfig c) {
        super(c);
        List<String> noProxy = new ArrayList<>();
        c.list("noproxy").forEach(h -> noProxy.add(String.valueOf(h)));
        Map<?, ?> credentials = c.raw().get("credentials") instanceof Map<?, ?> m ? m : Map.of();
        this.rules = ProxyRules.fromConfig(c.str("url"), noProxy,
                credentials.get("username") instanceof String u ? u : "",
                credentials.get("password") instanceof String p ? p : "");
    }

    ProxyRules rules() {
        return rules;
    }
}
