package io.redwire.nodes.http;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;

import java.util.ArrayList;
import java.util.List;

/** http proxy (config): the proxy an http request node uses, hosts that bypass it, and its credentials. */
public final class HttpProxyConfigNode extends Node {
    static final Field URL = Field.str("url", "").asRequired()
            .help("The proxy's address, e.g. http://proxy.example.com:3128.");
    static final Field NO_PROXY = Field.json("noproxy", List.of())
            .help("Host names (or domain suffixes) reached directly, not through the proxy.");
    static final Field USERNAME = Field.str("username", "").help("The user name the proxy asks for, if any.");
    static final Field PASSWORD = Field.password("password").help("The password the proxy asks for, if any.");

    public static final NodeType TYPE = NodeType.builder("http proxy", "network")
            .help("The proxy server http request nodes go through, the hosts that bypass it and its login.")
            .label(Label.computed())
            .configNode()
            .fields(URL, NO_PROXY)
            .credential(USERNAME).credential(PASSWORD)
            .factory(HttpProxyConfigNode::new);

    private final ProxyRules rules;

    HttpProxyConfigNode(NodeConfig c) {
        super(c);
        List<String> noProxy = new ArrayList<>();
        c.list(NO_PROXY).forEach(h -> noProxy.add(String.valueOf(h)));
        this.rules = ProxyRules.fromConfig(c.str(URL), noProxy, c.credential(USERNAME),
                c.credential(PASSWORD));
    }

    ProxyRules rules() {
        return rules;
    }
}
