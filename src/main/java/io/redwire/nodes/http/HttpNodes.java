package io.redwire.nodes.http;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** The HTTP nodes: http in, http response, http request and their proxy and TLS config nodes. */
public final class HttpNodes implements NodeFamily {
    @Override
    public String name() {
        return "http";
    }

    @Override
    public List<NodeType> types() {
        return List.of(HttpInNode.TYPE, HttpResponseNode.TYPE, HttpRequestNode.TYPE, HttpProxyConfigNode.TYPE,
                TlsConfigNode.TYPE);
    }
}
