package io.redwire.nodes.mqtt;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.api.Settings;
import io.redwire.api.TlsConfig;
import io.redwire.js.JsValues;
import io.redwire.msg.Messages;

import io.vertx.core.Future;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.mqtt.MqttClientOptions;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * mqtt-broker (config): the one connection all mqtt in / mqtt out nodes using it share, with Node-RED 5.0.7's
 * fields, its status dots on every user ("node-red:common.status.connected" etc.), its log lines, the connect /
 * disconnect actions' option overrides, and {@code user} / {@code password} credentials. Connects when its first
 * user registers (unless autoConnect is off); reconnects with back-off up to the {@code mqttReconnectTime} setting.
 */
public final class MqttBrokerNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field USER = Field.str("user", "");
    static final Field PASSWORD = Field.password("password");
    static final Field BROKER = Field.str("broker", "").asRequired();
    static final Field PORT = Field.num("port", 1883);
    static final Field TLS = Field.config("tls", "tls-config");
    static final Field CLIENTID = Field.str("clientid", "");
    static final Field AUTO_CONNECT = Field.bool("autoConnect", true);
    static final Field USETLS = Field.bool("usetls", false);
    static final Field VERIFYSERVERCERT = Field.bool("verifyservercert", false);
    static final Field COMPATMODE = Field.bool("compatmode", false);
    static final Field PROTOCOL_VERSION = Field.select("protocolVersion", "4", "3", "4", "5");
    static final Field KEEPALIVE = Field.num("keepalive", 60);
    static final Field CLEANSESSION = Field.bool("cleansession", true);
    static final Field AUTO_UNSUBSCRIBE = Field.bool("autoUnsubscribe", true);
    static final MessageFields BIRTH = MessageFields.named("birth");
    static final MessageFields CLOSE = MessageFields.named("close");
    static final MessageFields WILL = MessageFields.named("will");
    static final Field USER_PROPS = Field.str("userProps", "");
    static final Field SESSION_EXPIRY = Field.num("sessionExpiry", 0);

    public static final NodeType TYPE = NodeType.builder("mqtt-broker", "network").configNode()
            .help("A connection to an MQTT broker, shared by the mqtt in and out nodes that use it: address, client id, keep-alive, clean session, TLS, login, and the birth, close and will messages.")
            .label(Label.computed())
            .fields(NAME, BROKER, PORT, TLS, CLIENTID, AUTO_CONNECT, USETLS, VERIFYSERVERCERT, COMPATMODE,
                    PROTOCOL_VERSION, KEEPALIVE, CLEANSESSION, AUTO_UNSUBSCRIBE)
            .fields(BIRTH.all()).fields(CLOSE.all()).fields(WILL.all())
            .fields(USER_PROPS, SESSION_EXPIRY)
            .credential(USER)
            .credential(PASSWORD)
            .factory(MqttBrokerNode::new);

    static final Map<String, Object> CONNECTED = status("green", "dot", "node-red:common.status.connected");
    static final Map<String, Object> CONNECTING = status("yellow", "ring", "node-red:common.status.connecting");
    static final Map<String, Object> DISCONNECTED = status("red", "ring", "node-red:common.status.disconnected");

    private final NodeConfig config;
    private final TlsConfig tls;
    private final Map<String, Node> users = new LinkedHashMap<>();
    private final boolean autoConnect;
    private final String host;
    private MqttConnection connection;
    private boolean warnedDropped;

    MqttBrokerNode(NodeConfig c) {
        super(c);
        this.config = c;
        this.tls = c.configNode(TLS, TlsConfig.class);
        this.autoConnect = !c.has(AUTO_CONNECT) || !"false".equals(String.valueOf(c.get(AUTO_CONNECT)));
        this.host = c.str(BROKER).strip();
    }

    @Override
    public Future<Void> start() {
        int version = (int) config.num(PROTOCOL_VERSION);
        if (config.bool(COMPATMODE) || version == 3) {
            warn("MQTT 3.1 is not available in this client: connecting with MQTT 3.1.1");
        }
        if (!config.bool(CLEANSESSION) && config.has(CLEANSESSION) && config.str(CLIENTID).isEmpty()) {
            warn("No client ID set, using clean session");
        }
        connection();
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        return connection == null ? Future.succeededFuture() : connection.disconnect();
    }

    /** True when this broker speaks MQTT 5 (protocolVersion 5). */
    boolean isV5() {
        return connection().options().v5();
    }

    /** True when the broker is localhost / 127.0.0.1: Node-RED then adds msg._topic to received messages. */
    boolean isLocal() {
        return host.equals("localhost") || host.equals("127.0.0.1");
    }

    // ---- users ---------------------------------------------------------------------------------------------

    void register(Node user) {
        users.put(user.id(), user);
        MqttConnection c = connection();
        user.status(statusOf(c.state()));
        if (users.size() == 1 && autoConnect) {
            connect(null);
        }
    }

    void deregister(Node user) {
        users.remove(user.id());
    }

    MqttConnection connection() {
        if (connection == null) {
            connection = new MqttConnection(vertx(), options(Map.of()), new MqttConnection.Listener() {
                @Override
                public void state(MqttConnection.State state) {
                    if (state == MqttConnection.State.CONNECTED) {
                        warnedDropped = false;
                    }
                    Map<String, Object> s = statusOf(state);
                    users.values().forEach(u -> u.status(s));
                }

                @Override
                public void log(String text) {
                    MqttBrokerNode.this.log(text);
                }

                @Override
                public void warn(String text) {
                    MqttBrokerNode.this.warn(text);
                }

                /**
                 * The flows run what the PUBLISH sent while the client is still in its read: their PUBLISHes
                 * (and its PUBACK) leave with the read's one flush, not one socket write each from a later task.
                 */
                @Override
                public void dispatched() {
                    engine().deliverNow();
                }
            });
        }
        return connection;
    }

    /** Connects once the TLS material (if any) is read. */
    void connect(Runnable whenConnected) {
        MqttConnection c = connection();
        Future<ClientSSLOptions> ssl = tls == null ? Future.succeededFuture() : tls.whenReady();
        ssl.onComplete(ar -> {
            if (ar.succeeded() && ar.result() != null && c.options().ssl()) {
                copyTls(ar.result(), c.options().transport());
                c.tls(ar.result());
            }
            c.connect(whenConnected);
        });
    }

    /** Node-RED drops what is published while disconnected; we say so once per outage. */
    void droppedWhileDisconnected(Node user) {
        if (!warnedDropped) {
            warnedDropped = true;
            user.warn("not connected to broker " + connection().options().label() + ": message dropped");
        }
    }

    /** The connect action's msg.broker: the same names as the config fields (plus username, password). */
    void applyOverrides(Map<String, Object> overrides) {
        connection().options(options(overrides));
    }

    // ---- options -------------------------------------------------------------------------------------------

    private MqttConnection.Options options(Map<String, Object> over) {
        String brokerText = str(over, "broker", host);
        boolean ssl = bool(over, "usetls", config.bool(USETLS));
        int port = (int) (over.containsKey("port") ? JsValues.toNumber(over.get("port")) : config.num(PORT));
        if (port <= 0) {
            port = 1883;
        }
        String brokerHost = brokerText.isEmpty() ? "localhost" : brokerText;
        if (brokerText.contains("://")) {
            URI u = URI.create(brokerText);
            String scheme = String.valueOf(u.getScheme()).toLowerCase();
            if (scheme.startsWith("ws")) {
                throw config.error(BROKER, "MQTT over WebSocket (" + scheme + "://) is not supported");
            }
            ssl = scheme.equals("mqtts") || scheme.equals("ssl") || scheme.equals("tls");
            brokerHost = u.getHost();
            port = u.getPort() > 0 ? u.getPort() : ssl ? 8883 : 1883;
        }
        String clientId = str(over, "clientid", config.str(CLIENTID));
        boolean clean = bool(over, "cleansession", !config.has(CLEANSESSION) || config.bool(CLEANSESSION));
        if (!clean && clientId.isEmpty()) {
            clean = true;
        }
        String url = (clientId.isEmpty() ? "" : clientId + "@") + (ssl ? "mqtts://" : "mqtt://") + brokerHost + ":"
                + port;
        String user = str(over, "username", config.credential(USER));
        String password = str(over, "password", config.credential(PASSWORD));
        int keepAlive = (int) (over.containsKey("keepalive") ? JsValues.toNumber(over.get("keepalive"))
                : config.num(KEEPALIVE));
        MqttClientOptions transport = new MqttClientOptions()
                .setMaxInflightQueue(65535)
                .setMaxMessageSize(MqttSettings.MAX_MESSAGE_SIZE.read(settings()))
                .setAutoKeepAlive(true);
        transport.setTcpNoDelay(true);
        transport.setConnectTimeout(30_000);
        if (ssl) {
            transport.setSsl(true);
            boolean verify = config.bool(VERIFYSERVERCERT);
            transport.setTrustAll(!verify);
            transport.setHostnameVerificationAlgorithm(verify ? "HTTPS" : "");
        }
        long reconnectMax = MqttSettings.RECONNECT_TIME.read(settings());
        Object pv = over.containsKey("protocolVersion") ? over.get("protocolVersion") : config.get(PROTOCOL_VERSION);
        boolean v5 = JsValues.toNumber(pv == null ? 4 : pv) == 5;
        return new MqttConnection.Options(brokerHost, port, url, clientId.isEmpty() ? "nodered" + Messages.newId()
                : clientId, user.isEmpty() ? null : user, password.isEmpty() ? null : password, keepAlive, clean,
                message(over, WILL, v5), message(over, BIRTH, v5), message(over, CLOSE, v5),
                transport, Math.max(reconnectMax, 50), v5 ? 5 : 4, ssl, config.bool(VERIFYSERVERCERT),
                v5 ? sessionExpiry(over) : null, v5 ? userProperties(over) : null);
    }

    /** Node-RED sends a session expiry interval when set and not "0". */
    private Long sessionExpiry(Map<String, Object> over) {
        Object v = over.containsKey("sessionExpiry") ? over.get("sessionExpiry") : config.get(SESSION_EXPIRY);
        double d = JsValues.toNumber(v == null || "".equals(v) ? 0 : v);
        return Double.isNaN(d) || d <= 0 ? null : (long) d;
    }

    /** CONNECT's user properties: the config's JSON text, or the connect action's object. */
    private Map<String, String> userProperties(Map<String, Object> over) {
        Object v = over.containsKey("userProperties") ? over.get("userProperties")
                : over.containsKey("userProps") ? over.get("userProps") : config.get(USER_PROPS);
        return v instanceof String text ? MqttProperties.userPropertiesText(text) : MqttProperties.userProperties(v);
    }

    private io.redwire.api.Settings settings() {
        return config.services().settings();
    }

    private MqttConnection.Message message(Map<String, Object> over, MessageFields fields, boolean v5) {
        Object topic;
        Object payload;
        Object qos;
        Object retain;
        Object v5Options;
        if (over.get(fields.key()) instanceof Map<?, ?> m) {
            topic = m.get("topic");
            payload = m.get("payload");
            qos = m.get("qos");
            retain = m.get("retain");
            v5Options = m.get("properties");
        } else {
            topic = config.get(fields.topic());
            payload = config.get(fields.payload());
            qos = config.get(fields.qos());
            retain = config.get(fields.retain());
            v5Options = config.get(fields.msg());
        }
        if (topic == null || String.valueOf(topic).isEmpty()) {
            return null;
        }
        int q = (int) JsValues.toNumber(qos == null || "".equals(qos) ? 0 : qos);
        return new MqttConnection.Message(String.valueOf(topic), MqttPayloads.encode(payload == null ? "" : payload),
                q < 0 || q > 2 ? 0 : q, "true".equals(String.valueOf(retain)),
                v5 ? MqttProperties.fromEditor(v5Options) : null);
    }

    private static void copyTls(ClientSSLOptions from, MqttClientOptions to) {
        if (from.getTrustOptions() != null) {
            to.setTrustOptions(from.getTrustOptions());
        }
        if (from.getKeyCertOptions() != null) {
            to.setKeyCertOptions(from.getKeyCertOptions());
        }
        to.setTrustAll(from.isTrustAll());
        to.setHostnameVerificationAlgorithm(from.getHostnameVerificationAlgorithm() == null ? ""
                : from.getHostnameVerificationAlgorithm());
    }

    private static String str(Map<String, Object> over, String key, String dflt) {
        return over.containsKey(key) && over.get(key) != null ? JsValues.toJsString(over.get(key)) : dflt;
    }

    private static boolean bool(Map<String, Object> over, String key, boolean dflt) {
        return over.containsKey(key) ? "true".equals(String.valueOf(over.get(key))) : dflt;
    }

    static Map<String, Object> statusOf(MqttConnection.State state) {
        return switch (state) {
            case CONNECTED -> CONNECTED;
            case CONNECTING -> CONNECTING;
            case DISCONNECTED -> DISCONNECTED;
        };
    }

    private static Map<String, Object> status(String fill, String shape, String text) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("fill", fill);
        s.put("shape", shape);
        s.put("text", text);
        return java.util.Collections.unmodifiableMap(s);
    }
}
