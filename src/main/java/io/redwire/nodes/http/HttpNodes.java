package io.redwire.nodes.http;

import io.redwire.spi.NodeType;

import java.util.List;

/** The HTTP node family. */
public final class HttpNodes {
    private HttpNodes() {
    }

    public static List<NodeType> types() {
        return List.of(HttpInNode.TYPE, HttpResponseNode.TYPE, HttpRequestNode.TYPE, HttpProxyConfigNode.TYPE, TlsConfigNode.TYPE);
    }
}
