package io.redwire.nodes.http;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** The HTTP nodes: http in, http response, http request and their proxy and TLS config nodes. */
public final class HttpNodes extends DeclaredFamily {
    public HttpNodes() {
        super("http", List.of("http in", "http response", "http request", "http proxy", "tls-config"),
                () -> List.of(HttpInNode.TYPE, HttpResponseNode.TYPE, HttpRequestNode.TYPE,
                HttpProxyConfigNode.TYPE, TlsConfigNode.TYPE));
        declares(HttpSettings.ALL);
    }
}
