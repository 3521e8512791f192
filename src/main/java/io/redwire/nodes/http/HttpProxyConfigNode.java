package io.redwire.nodes.http;

import io.redwire.spi.Field;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;

import java.util.ArrayList;
import java.util.List;

/** http proxy (config): the proxy an http request node uses, hosts that bypass it, and its credentials. */
public final class HttpProxyConfigNode extends Node {
    public static final NodeType TYPE = NodeType.builder("http proxy", "network")
            .help("The proxy server http request nodes go through, the hosts that bypass it and its login.")
            .configNode()
            .field(Field.str("url", "").asRequired())
            .field(Field.json("noproxy", List.of()))
            .credential(Field.str("username", ""))
            .credential(Field.password("password"))
            .factory(HttpProxyConfigNode::new);

    private final ProxyRules rules;

    HttpProxyConfigNode(NodeConfig c) {
        super(c);
        List<String> noProxy = new ArrayList<>();
        c.list("noproxy").forEach(h -> noProxy.add(String.valueOf(h)));
        this.rules = ProxyRules.fromConfig(c.str("url"), noProxy, c.credential("username"),
                c.credential("password"));
    }

    ProxyRules rules() {
        return rules;
    }
}
