package io.redwire.nodes.tcp;

import io.vertx.core.net.NetSocket;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Node-RED's connectionPool: the sockets tcp in opened (as server or client) by session id, so a tcp out in reply
 * mode can answer the connection msg._session names, or all of them. Used on the flow loop only.
 */
final class TcpSessions {
    final Map<String, NetSocket> sockets = new LinkedHashMap<>();
}
